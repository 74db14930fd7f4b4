import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEvents } from '../../db/schema.ts';
import { HOUSEKEEPING_QUEUE } from '../../jobs/index.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { waitFor, type Reseller } from '../../../test/order-fixtures.ts';
import { emitWebhookEvent, newEventId } from '../webhooks/webhook-events.ts';
import { startHousekeeping } from './housekeeping.jobs.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
type Status = 'pending' | 'delivered' | 'failed';

describe('housekeeping of webhook deliveries', () => {
  let app: TestApp;
  let alice: Reseller;
  beforeAll(async () => {
    app = await createTestApp();
    await startHousekeeping(app.ctx);
    alice = await signUpReseller(app);
  });
  afterAll(() => app.close());

  const endpoint = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: alice.headers,
      payload: { url: 'https://example.com/hooks', events: ['order.completed', 'bulk_order.completed'] },
    });
    return res.json().endpoint.id as string;
  };
  /** One event and its delivery to `endpointId`, as they stand `ageMs` after they were made. */
  const delivery = async (endpointId: string, ageMs: number, status: Status, sourceKey?: string) => {
    const createdAt = new Date(Date.now() - ageMs);
    const event = { id: newEventId(), userId: alice.id, type: 'order.completed', createdAt };
    await app.database.db
      .insert(webhookEvents)
      .values({ ...event, payload: JSON.stringify({ id: event.id }), sourceKey: sourceKey ?? null });
    const id = randomUUID();
    await app.database.db
      .insert(webhookDeliveries)
      .values({ id, eventId: event.id, endpointId, status, attempts: 1, createdAt });
    return { id, eventId: event.id };
  };
  const deliveriesTo = async (endpointId: string) =>
    (
      await app.database.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId))
    ).map((d) => d.id);

  it('keeps the last 100 deliveries of each endpoint and a month of history, never a pending one', async () => {
    const busy = await endpoint();
    const quiet = await endpoint();
    const log = [];
    for (let i = 0; i < 110; i += 1)
      log.push(await delivery(busy, i * MINUTE, i % 7 ? 'delivered' : 'failed'));
    const stillOwed = await delivery(busy, 200 * MINUTE, 'pending');
    const old = [await delivery(quiet, 31 * DAY, 'delivered'), await delivery(quiet, 31 * DAY, 'failed')];
    const recent = await delivery(quiet, 29 * DAY, 'delivered');
    const bulkKey = `bulk_order.completed:${randomUUID()}`;
    const onceOnly = await delivery(quiet, 40 * DAY, 'delivered', bulkKey);

    // One run, through the queue the cron feeds.
    await app.ctx.db.transaction((tx) => app.ctx.jobs.sendInTransaction(tx, HOUSEKEEPING_QUEUE, [{}]));
    app.ctx.jobs.wake(HOUSEKEEPING_QUEUE);
    const pruned = [...log.slice(100), ...old].map((d) => d.eventId);
    const kept = [recent.eventId, stillOwed.eventId, onceOnly.eventId];
    // Events are pruned last in a run: once theirs are gone, the run is over.
    const events = await waitFor(
      async () =>
        app.database.db
          .select({ id: webhookEvents.id })
          .from(webhookEvents)
          .where(inArray(webhookEvents.id, [...pruned, ...kept])),
      (rows) => rows.length === kept.length,
    );
    expect(new Set(events.map((e) => e.id))).toEqual(new Set(kept));
    expect(new Set(await deliveriesTo(busy))).toEqual(
      new Set([...log.slice(0, 100).map((d) => d.id), stillOwed.id]),
    );
    expect(await deliveriesTo(quiet)).toEqual([recent.id]);
    // The kept once-only event still stops a repeat: a late refund in a finished bulk order sends nothing.
    const repeat = await app.database.db.transaction((tx) =>
      emitWebhookEvent(app.ctx, tx, {
        userId: alice.id,
        type: 'bulk_order.completed',
        data: {},
        sourceKey: bulkKey,
      }),
    );
    expect(repeat).toBeNull();

    // The reseller's delivery log still reads the newest 100, newest first.
    const shown = await app.inject({ url: `/api/v1/webhooks/${busy}/deliveries`, headers: alice.headers });
    expect(shown.json().deliveries.map((d: { id: string }) => d.id)).toEqual(
      log.slice(0, 100).map((d) => d.id),
    );
  });
});
