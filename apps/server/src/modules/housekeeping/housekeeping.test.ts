import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaSolutions, idempotencyKeys, outbox, rateLimitHits, sessions } from '../../db/schema.ts';
import { HOUSEKEEPING_QUEUE } from '../../jobs/index.ts';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { waitFor } from '../../../test/order-fixtures.ts';
import { HOUSEKEEPING_CRON, startHousekeeping } from './housekeeping.jobs.ts';
import { runHousekeeping } from './housekeeping.service.ts';

describe('housekeeping', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await startHousekeeping(app.ctx);
  });
  afterAll(() => app.close());

  const idOf = async (headers: Record<string, string>) =>
    ((await app.inject({ url: '/api/v1/auth/access', headers })).json() as { _id: string })._id;
  const sessionsOf = (userId: string) =>
    app.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));

  it('refuses an expired session with 401, and the scheduled job deletes it, spent keys and ended rate-limit windows', async () => {
    const expired = await signUp(app);
    const live = await signUp(app);
    const expiredId = await idOf(expired.headers);
    const liveId = await idOf(live.headers);
    await app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expiredId));
    await app.ctx.db.insert(captchaSolutions).values([
      { signature: `spent-${Date.now()}`, expiresAt: new Date(Date.now() - 1000) },
      { signature: `fresh-${Date.now()}`, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    const key = (name: string, expiresInMs: number) => ({
      userId: liveId,
      key: name,
      requestHash: 'h',
      status: 'done' as const,
      expiresAt: new Date(Date.now() + expiresInMs),
    });
    await app.ctx.db.insert(idempotencyKeys).values([key('spent-key', -1000), key('live-key', 60_000)]);
    const hits = (name: string, endsInMs: number) => ({
      key: name,
      windowStart: new Date(Date.now() + endsInMs - 60_000),
      expiresAt: new Date(Date.now() + endsInMs),
      hits: 3,
    });
    await app.ctx.db.insert(rateLimitHits).values([hits('ended-window', -1000), hits('open-window', 30_000)]);

    const refused = await app.inject({ url: '/api/v1/auth/access', headers: expired.headers });
    expect(refused.statusCode).toBe(401);
    expect(await sessionsOf(expiredId)).toHaveLength(1);

    // One run now, through the queue the schedule feeds.
    await app.ctx.db.transaction((tx) => app.ctx.jobs.sendInTransaction(tx, HOUSEKEEPING_QUEUE, [{}]));
    app.ctx.jobs.wake(HOUSEKEEPING_QUEUE);
    await waitFor(
      () => sessionsOf(expiredId),
      (rows) => rows.length === 0,
    );
    expect(await sessionsOf(liveId)).toHaveLength(1);
    const kept = await app.ctx.db.select({ signature: captchaSolutions.signature }).from(captchaSolutions);
    const signatures = kept.map((c) => c.signature);
    expect(signatures.filter((s) => s.startsWith('spent-'))).toEqual([]);
    expect(signatures.filter((s) => s.startsWith('fresh-'))).toHaveLength(1);
    const keys = await app.ctx.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(keys.map((k) => k.key)).toEqual(['live-key']);
    const windows = await app.ctx.db.select({ key: rateLimitHits.key }).from(rateLimitHits);
    expect(windows.map((w) => w.key)).toEqual(['open-window']);
    const stillIn = await app.inject({ url: '/api/v1/auth/access', headers: live.headers });
    expect(stillIn.statusCode).toBe(200);
  });

  it('removes order events a week after every subscriber heard them, and never one not yet heard', async () => {
    const now = new Date('2026-12-20T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000);
    const event = (name: string, createdAt: Date, deliveredAt: Date | null) => ({
      subscriber: name,
      type: 'order.completed',
      payload: { orders: [] },
      createdAt,
      deliveredAt,
    });
    await app.ctx.db
      .insert(outbox)
      .values([
        event('heard-8-days-ago', daysAgo(9), daysAgo(8)),
        event('heard-6-days-ago', daysAgo(6), daysAgo(6)),
        event('never-heard', daysAgo(30), null),
      ]);
    const { outboxEvents } = await runHousekeeping(app.ctx.db, now);
    expect(outboxEvents).toBe(1);
    const left = await app.ctx.db.select({ subscriber: outbox.subscriber }).from(outbox);
    expect(left.map((r) => r.subscriber).sort()).toEqual(['heard-6-days-ago', 'never-heard']);
  });

  it('is scheduled once, on a cron the queue runs once across instances', async () => {
    await startHousekeeping(app.ctx);
    const { rows } = await app.database.executeSql(`select name, cron from pgboss.schedule where name = $1`, [
      HOUSEKEEPING_QUEUE,
    ]);
    expect(rows).toEqual([{ name: HOUSEKEEPING_QUEUE, cron: HOUSEKEEPING_CRON }]);
  });
});
