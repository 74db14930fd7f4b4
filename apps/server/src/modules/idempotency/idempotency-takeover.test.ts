import { and, eq, sql } from 'drizzle-orm';
import { createOrderBody } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { createOrders, type CreatedOrders } from '../orders/orders.service.ts';
import { balanceCents, orderBody } from '../../../test/order-fixtures.ts';
import { apiReseller } from '../../../test/account-fixtures.ts';
import { apiCall } from '../../../test/api-fixtures.ts';
import { runIdempotent } from './idempotency.service.ts';

// Two purchases on separate connections: real PostgreSQL, as PGlite has one connection.
describe('Idempotency-Key claim taken over while the first purchase still runs, on postgres', () => {
  let app: TestApp;
  let groundOz: string;
  beforeAll(async () => {
    app = await createTestApp({
      engine: 'postgres',
      env: { API_RATE_LIMIT_PER_MINUTE: '0', API_PURCHASES_PER_SECOND: '0' },
    });
    const probe = await apiReseller(app, 0);
    const types = (await apiCall(app, probe.apiKey, 'GET', '/labeltype/read-types')).json().labelTypes;
    groundOz = types.find((t: { uid: string }) => t.uid === 'ground_oz')._id;
  });
  afterAll(() => app.close());

  it('rolls back the first charge once a retry took its lapsed claim over: one order, charged once', async () => {
    const alice = await apiReseller(app, 10_00);
    const input = createOrderBody.parse(orderBody(groundOz));
    const q = { userId: alice.id, key: 'slow-first', requestHash: 'same-request', status: 201 };
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let started!: () => void;
    const claimed = new Promise<void>((resolve) => (started = resolve));
    const first = runIdempotent(app.ctx, q, async (inTransaction) => {
      started();
      await paused; // a purchase that stopped renewing its claim (its instance cut off from the database)
      return createOrders(app.ctx, { userId: alice.id, input, inTransaction });
    });
    await claimed;
    // Its hold lapses: the claim now looks like one whose process died.
    await app.ctx.db
      .update(idempotencyKeys)
      .set({ heldUntil: sql`now() - interval '1 second'` })
      .where(and(eq(idempotencyKeys.userId, alice.id), eq(idempotencyKeys.key, 'slow-first')));
    let second: CreatedOrders | undefined;
    const retry = await runIdempotent(app.ctx, q, async (inTransaction) => {
      second = await createOrders(app.ctx, { userId: alice.id, input, inTransaction });
      return second;
    });
    expect(retry).toMatchObject({ status: 201, replayed: false });

    resume();
    await expect(first).rejects.toThrow('A retry with this Idempotency-Key took over this request');
    expect(await balanceCents(app.ctx.db, alice.id)).toBe(10_00 - 275);
    const bought = await app.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, alice.id));
    expect(bought.map((o) => o.id)).toEqual([second!.orders[0]!._id]);
    const replay = await runIdempotent(app.ctx, q, async () => {
      throw new Error('a later retry must not buy again');
    });
    expect(replay).toEqual({ status: 201, body: JSON.parse(JSON.stringify(second)), replayed: true });
  });
});
