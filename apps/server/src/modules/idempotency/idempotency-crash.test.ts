import { and, eq, sql } from 'drizzle-orm';
import { apiCreateOrderBody, createOrderBody } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders } from '../../db/schema.ts';
import { createTestApp, ENGINES, type TestApp } from '../../../test/helper.ts';
import { createOrders, type CreatedOrders } from '../orders/orders.service.ts';
import { balanceCents, orderBody } from '../../../test/order-fixtures.ts';
import { apiReseller, type ApiReseller } from '../../../test/account-fixtures.ts';
import { apiCall } from '../../../test/api-fixtures.ts';
import { requestHashOf, runIdempotent } from './idempotency.service.ts';

describe.each(ENGINES)('Idempotency-Key when the process dies mid-purchase on %s', (engine) => {
  let app: TestApp;
  let alice: ApiReseller;
  let groundOz: string;
  beforeAll(async () => {
    // No label workers: the orders stay pending, which is all these tests look at.
    app = await createTestApp({
      engine,
      env: { API_RATE_LIMIT_PER_MINUTE: '0', API_PURCHASES_PER_SECOND: '0' },
    });
    alice = await apiReseller(app, 100_00);
    const types = (await apiCall(app, alice.apiKey, 'GET', '/labeltype/read-types')).json().labelTypes;
    groundOz = types.find((t: { uid: string }) => t.uid === 'ground_oz')._id;
  });
  afterAll(() => app.close());

  const ordersOf = (userId: string) =>
    app.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));

  it('replays the committed reply to a retry when the process died right after the charge', async () => {
    const before = await balanceCents(app.ctx.db, alice.id);
    const input = createOrderBody.parse(orderBody(groundOz));
    const q = { userId: alice.id, key: 'died-after-commit', requestHash: 'same-request', status: 201 };
    let first: CreatedOrders | undefined;
    const dying = runIdempotent(app.ctx, q, async (inTransaction) => {
      first = await createOrders(app.ctx, { userId: alice.id, input, inTransaction });
      // The process dies here: nothing after the purchase's commit runs.
      throw new Error('the process died before the reply was sent');
    });
    await expect(dying).rejects.toThrow('the process died');

    const retry = await runIdempotent(app.ctx, q, async () => {
      throw new Error('a retry must not buy again');
    });
    expect(retry).toEqual({ status: 201, body: JSON.parse(JSON.stringify(first)), replayed: true });
    expect(await balanceCents(app.ctx.db, alice.id)).toBe(before - 275);
    expect(await ordersOf(alice.id)).toHaveLength(1);
  });

  it('answers a retry with the reply even while the first request hangs after its commit', async () => {
    const bob = await apiReseller(app, 10_00);
    const input = createOrderBody.parse(orderBody(groundOz));
    const q = { userId: bob.id, key: 'hung-after-commit', requestHash: 'same-request', status: 201 };
    let committed!: () => void;
    const charged = new Promise<void>((resolve) => (committed = resolve));
    let first: CreatedOrders | undefined;
    void runIdempotent(app.ctx, q, async (inTransaction) => {
      first = await createOrders(app.ctx, { userId: bob.id, input, inTransaction });
      committed();
      return new Promise<never>(() => {}); // the process never gets further
    });
    await charged;
    const retry = await runIdempotent(app.ctx, q, async () => {
      throw new Error('a retry must not buy again');
    });
    expect(retry).toEqual({ status: 201, body: JSON.parse(JSON.stringify(first)), replayed: true });
    expect(await balanceCents(app.ctx.db, bob.id)).toBe(10_00 - 275);
  });

  /** A claim of `key` for this body, left `in_progress`, held `heldSeconds` more (lapsed when negative). */
  async function leftInProgress(userId: string, key: string, body: object, heldSeconds: number) {
    const requestHash = requestHashOf('POST /api/v2/order/create-order', {
      params: {},
      input: apiCreateOrderBody.parse(body),
    });
    await app.ctx.db.insert(idempotencyKeys).values({
      userId,
      key,
      requestHash,
      status: 'in_progress',
      heldUntil: sql`now() + make_interval(secs => ${heldSeconds})`,
      expiresAt: sql`now() + interval '23 hours'`,
    });
  }

  it('takes over a claim whose purchase never committed once its hold lapsed, and buys once', async () => {
    const carol = await apiReseller(app, 10_00);
    const body = orderBody(groundOz);
    await leftInProgress(carol.id, 'died-before-commit', body, -1);
    const headers = { 'idempotency-key': 'died-before-commit' };
    const res = await apiCall(app, carol.apiKey, 'POST', '/order/create-order', body, headers);
    expect(res.statusCode).toBe(201);
    const again = await apiCall(app, carol.apiKey, 'POST', '/order/create-order', body, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(res.json());
    expect(await balanceCents(app.ctx.db, carol.id)).toBe(10_00 - 275);
    expect(await ordersOf(carol.id)).toHaveLength(1);
    const [row] = await app.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, carol.id), eq(idempotencyKeys.key, 'died-before-commit')));
    expect(row).toMatchObject({ status: 'done', responseStatus: 201 });
  });

  it('still answers 409 after the wait for a claim still held', async () => {
    const dan = await apiReseller(app, 10_00);
    const body = orderBody(groundOz);
    await leftInProgress(dan.id, 'still-running', body, 60);
    const res = await apiCall(app, dan.apiKey, 'POST', '/order/create-order', body, {
      'idempotency-key': 'still-running',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'A request with this Idempotency-Key is still being processed, please retry',
    });
    expect(await balanceCents(app.ctx.db, dan.id)).toBe(10_00);
  });
});
