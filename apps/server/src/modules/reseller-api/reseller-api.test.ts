import { eq } from 'drizzle-orm';
import { apiCreateOrderBody } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, users } from '../../db/schema.ts';
import { startWorkers } from '../../jobs/index.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { requestHashOf } from '../idempotency/idempotency.service.ts';
import { balanceCents, fund, orderBody, waitForLabelJobs, waitFor } from '../../../test/order-fixtures.ts';
import { apiReseller, type ApiReseller } from '../../../test/account-fixtures.ts';
import { apiCall } from '../../../test/api-fixtures.ts';

describe('reseller API /api/v2: authentication and single orders', () => {
  let app: TestApp;
  let alice: ApiReseller;
  let groundOz: string;
  beforeAll(async () => {
    app = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '0', API_PURCHASES_PER_SECOND: '0' } });
    await startWorkers(app.ctx);
    alice = await apiReseller(app, 100_00);
    const types = (await apiCall(app, alice.apiKey, 'GET', '/labeltype/read-types')).json().labelTypes;
    groundOz = types.find((t: { uid: string }) => t.uid === 'ground_oz')._id;
  });
  afterAll(async () => {
    await waitForLabelJobs(app);
    await app.close();
  });

  it('authenticates only by the x-api-key header', async () => {
    const missing = await apiCall(app, null, 'GET', '/labeltype/read-types');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: 'Missing API key: send it in the x-api-key header' });
    const wrong = await apiCall(app, 'lp_not-a-key', 'GET', '/labeltype/read-types');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid API key' });
    for (const query of ['x-api-key', 'api_key', 'apiKey']) {
      const res = await apiCall(app, null, 'GET', `/labeltype/read-types?${query}=${alice.apiKey}`);
      expect(res.statusCode).toBe(401);
    }
    const bearer = await apiCall(app, null, 'GET', '/order/read-orders', undefined, alice.headers);
    expect(bearer.statusCode).toBe(401);
    const v1WithKey = await app.inject({
      method: 'GET',
      url: '/api/v1/order/read',
      headers: { 'x-api-key': alice.apiKey },
    });
    expect(v1WithKey.statusCode).toBe(401);
  });

  it("refuses a disabled reseller's key and the old key after regeneration", async () => {
    const bob = await apiReseller(app);
    expect((await apiCall(app, bob.apiKey, 'GET', '/order/read-orders')).statusCode).toBe(200);
    await app.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, bob.id));
    const disabled = await apiCall(app, bob.apiKey, 'GET', '/order/read-orders');
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json()).toEqual({ message: 'This account is disabled' });

    const carol = await apiReseller(app);
    const regen = await app.inject({ method: 'POST', url: '/api/v1/user/api-key', headers: carol.headers });
    expect(regen.statusCode).toBe(200);
    expect((await apiCall(app, carol.apiKey, 'GET', '/order/read-orders')).statusCode).toBe(401);
    expect((await apiCall(app, regen.json().api_key, 'GET', '/order/read-orders')).statusCode).toBe(200);
  });

  it('lists the enabled label types with their prices', async () => {
    const res = await apiCall(app, alice.apiKey, 'GET', '/labeltype/read-types');
    expect(res.statusCode).toBe(200);
    const types = res.json().labelTypes as { uid: string; status: boolean; prices: unknown[] }[];
    expect(types.length).toBeGreaterThan(3);
    expect(types.every((t) => t.status && t.prices.length > 0)).toBe(true);
  });

  it('creates an order from JSON or a form, by _id or uid, marked as an API order', async () => {
    const before = await balanceCents(app.ctx.db, alice.id);
    const json = await apiCall(app, alice.apiKey, 'POST', '/order/create-order', orderBody(groundOz));
    expect(json.statusCode).toBe(201);
    expect(json.json()).toMatchObject({
      message: 'Order created successfully',
      balance: (before - 275) / 100,
    });
    expect(json.json().orders[0]).toMatchObject({ status: 'pending', source: 'api', price: 2.75 });

    const form = new URLSearchParams(
      Object.entries(orderBody('ground_oz', { Date: '2026-11-23', quantity: 2 })).map(
        ([k, v]): [string, string] => [k, String(v)],
      ),
    ).toString();
    const urlencoded = await apiCall(app, alice.apiKey, 'POST', '/order/create-order', form, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(urlencoded.statusCode).toBe(201);
    expect(urlencoded.json().orders).toHaveLength(2);
    expect(await balanceCents(app.ctx.db, alice.id)).toBe(before - 3 * 275);

    const history = await app.inject({ method: 'GET', url: '/api/v1/order/read', headers: alice.headers });
    expect(
      history
        .json()
        .orders.slice(0, 3)
        .map((o: { source: string }) => o.source),
    ).toEqual(['api', 'api', 'api']);
  });

  it('checks every field with the app rules and messages', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ToName: '' }, 400, 'To Name is required'],
      [{ Weight: 'heavy' }, 400, 'Weight must be a number'],
      [{ Weight: 0 }, 400, 'Weight must be greater than 0'],
      [{ Weight: 9999 }, 400, 'Weight must be at most'],
      [{ FromState: 'ZZ' }, 400, 'Please select a US state or territory'],
      [{ FromZip: '123' }, 400, 'ZIP'],
      [{ quantity: 0 }, 400, 'Quantity must be at least 1'],
      [{ quantity: 101 }, 400, 'Quantity must be at most 100'],
      [{ Date: 'tomorrow' }, 400, 'Date must be a date like 2025-03-04'],
      [{ labelType: 'no_such_type' }, 400, 'Please select a valid label type'],
      [{ labelType: '' }, 400, 'Please select a label type'],
    ];
    for (const [change, status, message] of cases) {
      const res = await apiCall(
        app,
        alice.apiKey,
        'POST',
        '/order/create-order',
        orderBody(groundOz, change),
      );
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json().message).toContain(message);
      expect(res.body).not.toMatch(/stack|\.ts:\d|SELECT |INSERT /);
    }
    const broke = await apiReseller(app);
    const poor = await apiCall(app, broke.apiKey, 'POST', '/order/create-order', orderBody(groundOz));
    expect(poor.statusCode).toBe(402);
    expect(poor.json().message).toMatch(/^Insufficient balance/);
  });

  it("reads and downloads only the reseller's own orders", async () => {
    const created = (
      await apiCall(app, alice.apiKey, 'POST', '/order/create-order', orderBody(groundOz))
    ).json();
    const id = created.orders[0]._id as string;
    const one = await apiCall(app, alice.apiKey, 'GET', `/order/read-order/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().order).toMatchObject({ _id: id, price: 2.75 });
    expect(one.json().order).toHaveProperty('createdAt');

    const page = await apiCall(app, alice.apiKey, 'GET', '/order/read-orders?page=1&limit=2&status=All');
    expect(page.json()).toMatchObject({ total: 4, totalPages: 2 });
    expect(page.json().orders).toHaveLength(2);
    const searched = await apiCall(
      app,
      alice.apiKey,
      'GET',
      `/order/read-orders?search=${created.orders[0].OrderId}`,
    );
    expect(searched.json().orders.map((o: { _id: string }) => o._id)).toEqual([id]);
    expect((await apiCall(app, alice.apiKey, 'GET', '/order/read-orders?limit=0')).statusCode).toBe(400);

    const eve = await apiReseller(app);
    for (const url of [`/order/read-order/${id}`, `/order/download/${id}`, '/order/read-order/not-an-id']) {
      const res = await apiCall(app, eve.apiKey, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Order not found' });
    }

    const early = await apiCall(app, alice.apiKey, 'GET', `/order/download/${id}`);
    if (early.statusCode === 409)
      expect(early.json().message).toBe('Only completed orders can be downloaded');
    const done = await waitFor(
      () => apiCall(app, alice.apiKey, 'GET', `/order/read-order/${id}`).then((r) => r.json().order),
      (o) => o.status === 'completed',
    );
    expect(done.tracking).toBeTruthy();
    expect(done.pdf).toBe(`/api/v2/order/download/${id}`);
    const pdf = await apiCall(app, alice.apiKey, 'GET', `/order/download/${id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps the reference an order was created with and finds it by that reference, for its owner only', async () => {
    const reference = `ref-${crypto.randomUUID()}`;
    const created = await apiCall(app, alice.apiKey, 'POST', '/order/create-order', {
      ...orderBody(groundOz, { quantity: 2 }),
      reference,
    });
    expect(created.statusCode, created.body).toBe(201);
    const found = await apiCall(app, alice.apiKey, 'GET', `/order/read-orders?reference=${reference}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ total: 2, totalPages: 1 });
    const ids = created.json().orders.map((o: { _id: string }) => o._id);
    expect(found.json().orders.map((o: { _id: string; reference: string }) => [o._id, o.reference])).toEqual(
      ids.map((id: string) => [id, reference]),
    );
    const one = await apiCall(app, alice.apiKey, 'GET', `/order/read-order/${ids[0]}`);
    expect(one.json().order.reference).toBe(reference);
    const bob = await apiReseller(app);
    const foreign = await apiCall(app, bob.apiKey, 'GET', `/order/read-orders?reference=${reference}`);
    expect(foreign.json()).toEqual({ orders: [], totalPages: 1, total: 0 });
    const spaced = await apiCall(app, alice.apiKey, 'GET', '/order/read-orders?reference=two%20words');
    expect(spaced.statusCode).toBe(400);
  });

  it('replays an order retried with the same Idempotency-Key and refuses the key for another body', async () => {
    const headers = { 'idempotency-key': 'shop-order-991' };
    const before = await balanceCents(app.ctx.db, alice.id);
    const create = (body: object) => apiCall(app, alice.apiKey, 'POST', '/order/create-order', body, headers);
    const first = await create(orderBody(groundOz));
    const again = await create(orderBody(groundOz));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await create(orderBody(groundOz, { Weight: 4 }));
    expect(other.statusCode).toBe(422);
    expect(await balanceCents(app.ctx.db, alice.id)).toBe(before - 275);
  });

  it('answers 409 while the first request with a key is still running, and frees a failed one', async () => {
    const key = 'still-running-1';
    const body = orderBody(groundOz);
    const requestHash = requestHashOf('POST /api/v2/order/create-order', {
      params: {},
      input: apiCreateOrderBody.parse(body),
    });
    await app.ctx.db.insert(idempotencyKeys).values({
      userId: alice.id,
      key,
      requestHash,
      status: 'in_progress',
      // Held, as its request renews it while its purchase runs (decision 316).
      heldUntil: new Date(Date.now() + 60_000),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const busy = await apiCall(app, alice.apiKey, 'POST', '/order/create-order', body, {
      'idempotency-key': key,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toEqual({
      message: 'A request with this Idempotency-Key is still being processed, please retry',
    });

    const broke = await apiReseller(app);
    const headers = { 'idempotency-key': 'retry-after-top-up' };
    const poor = await apiCall(app, broke.apiKey, 'POST', '/order/create-order', body, headers);
    expect(poor.statusCode).toBe(402);
    await fund(app.ctx.db, broke.id, 10_00);
    const paid = await apiCall(app, broke.apiKey, 'POST', '/order/create-order', body, headers);
    expect(paid.statusCode).toBe(201);
  });
});
