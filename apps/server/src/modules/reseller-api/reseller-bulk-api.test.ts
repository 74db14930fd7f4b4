import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/index.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  balanceCents,
  ledgerOf,
  orderBody,
  waitForLabelJobs,
  waitFor,
} from '../../../test/order-fixtures.ts';
import { apiReseller, type ApiReseller } from '../../../test/account-fixtures.ts';
import { apiCall } from '../../../test/api-fixtures.ts';

const row = (i: number, change: Record<string, unknown> = {}) => {
  const { labelType: _t, quantity: _q, signature: _s, ...order } = orderBody('', { ToName: `Buyer ${i}` });
  return { ...order, ...change };
};

describe('reseller API /api/v2: bulk orders and rate limits', () => {
  let app: TestApp;
  let alice: ApiReseller;
  beforeAll(async () => {
    app = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '0', API_PURCHASES_PER_SECOND: '0' } });
    await startWorkers(app.ctx);
    alice = await apiReseller(app, 100_00);
  });
  afterAll(async () => {
    await waitForLabelJobs(app);
    await app.close();
  });

  it('refuses the whole bulk order with row errors when any row is bad, charging nothing', async () => {
    const data = [row(1), row(2, { ToName: '', Weight: 999 }), row(3), row(4, { FromZip: 'abc' })];
    const res = await apiCall(app, alice.apiKey, 'POST', '/order/create-bulk-order', {
      labelType: 'ground_oz',
      data,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('2 orders have errors; nothing was charged.');
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { row: 2, field: 'ToName', message: 'To Name is required' },
        expect.objectContaining({ row: 2, field: 'Weight' }),
        expect.objectContaining({ row: 4, field: 'FromZip' }),
      ]),
    );
    expect(res.json().errors.every((e: { row: number }) => e.row === 2 || e.row === 4)).toBe(true);
    expect(await balanceCents(app.ctx.db, alice.id)).toBe(100_00);
    expect((await ledgerOf(app.ctx.db, alice.id)).entries.filter((e) => e.kind === 'order_charge')).toEqual(
      [],
    );

    const empty = await apiCall(app, alice.apiKey, 'POST', '/order/create-bulk-order', {
      labelType: 'ground_oz',
      data: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('data must hold at least one order');
    const priority = await apiCall(app, alice.apiKey, 'POST', '/order/create-bulk-order', {
      labelType: 'priority',
      data: [row(1, { Weight: 2 })],
    });
    expect(priority.json().errors).toContainEqual({ field: 'design', message: 'Please select a Template' });
  });

  it('buys a bulk order in one charge, reports each row and serves the zip and the merged PDF', async () => {
    const data = [row(1), row(2, { ToZip: 2116 }), row(3)];
    const res = await apiCall(app, alice.apiKey, 'POST', '/order/create-bulk-order', {
      labelType: 'ground_oz',
      data,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bulkOrder, balance } = res.json();
    expect(bulkOrder).toMatchObject({ source: 'api', total: 8.25, totalOrders: 3 });
    expect(['Pending', 'Processing', 'Completed']).toContain(bulkOrder.status);
    expect(balance).toBe(91.75);
    const early = await apiCall(app, alice.apiKey, 'GET', `/order/download-bulk-order/${bulkOrder._id}`);
    if (early.statusCode !== 200) expect(early.statusCode).toBe(409);

    const done = await waitFor(
      () =>
        apiCall(app, alice.apiKey, 'GET', `/order/read-bulk-order/${bulkOrder._id}`).then((r) => r.json()),
      (b) => b.bulkOrder.status === 'Completed',
    );
    expect(done.bulkOrder.progress).toMatchObject({ completed: 3, done: 3 });
    expect(done.orders.map((o: { row: number }) => o.row)).toEqual([1, 2, 3]);
    expect(done.orders.every((o: { tracking: string | null }) => o.tracking)).toBe(true);
    expect(done.bulkOrder.zip).toBe(`/api/v2/order/download-bulk-order/${bulkOrder._id}`);

    const zip = await apiCall(app, alice.apiKey, 'GET', `/order/download-bulk-order/${bulkOrder._id}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const pdf = await apiCall(
      app,
      alice.apiKey,
      'GET',
      `/order/download-bulk-order/${bulkOrder._id}?format=pdf`,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const eve = await apiReseller(app);
    for (const url of [
      `/order/read-bulk-order/${bulkOrder._id}`,
      `/order/download-bulk-order/${bulkOrder._id}`,
    ]) {
      const other = await apiCall(app, eve.apiKey, 'GET', url);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: 'Bulk order not found' });
    }
  });

  it('answers GET on create-bulk-order with 405 naming POST', async () => {
    const res = await apiCall(app, alice.apiKey, 'GET', '/order/create-bulk-order');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({ message: 'Use POST for /order/create-bulk-order' });
  });

  it('limits requests per key with RateLimit headers and 429 with Retry-After', async () => {
    const limited = await createTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '3', API_PURCHASES_PER_SECOND: '1' },
    });
    try {
      const bob = await apiReseller(limited, 10_00);
      const carol = await apiReseller(limited);
      const replies = [];
      for (let i = 0; i < 4; i++)
        replies.push(await apiCall(limited, bob.apiKey, 'GET', '/order/read-orders'));
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
      expect(replies[0]!.headers['ratelimit-limit']).toBe('3');
      expect(replies[0]!.headers['ratelimit-remaining']).toBe('2');
      expect(replies[0]!.headers['x-ratelimit-limit']).toBeUndefined();
      expect(Number(replies[3]!.headers['retry-after'])).toBeGreaterThan(0);
      expect(replies[3]!.json().message).toMatch(/^Too many requests for this API key/);
      // Another key has its own budget.
      expect((await apiCall(limited, carol.apiKey, 'GET', '/order/read-orders')).statusCode).toBe(200);
      // Purchases have their own, tighter budget per second.
      const dave = await apiReseller(limited);
      const buy = () => apiCall(limited, dave.apiKey, 'POST', '/order/create-order', orderBody('ground_oz'));
      const [first, second] = [await buy(), await buy()];
      expect(first.statusCode).toBe(402);
      expect(second.statusCode).toBe(429);
      expect(second.headers['ratelimit-limit']).toBe('1');
    } finally {
      await limited.close();
    }
  });
});
