import { orderListResponse } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logSink, type TestApp } from '../../test/helper.ts';
import { createOrder, labelTypeIds, orderBody } from '../../test/order-fixtures.ts';
import { sampleOrderView } from '../../test/order-view-fixtures.ts';
import { responseSerializerChoices } from './response-serializer.ts';
import { signUpReseller } from '../../test/account-fixtures.ts';

// Responses still encoded by zod on every request, with why. A schema change that lands a route here (a
// transform, a default, a union in a response) is a decision to make on purpose, not by accident.
const EXPECTED_FALLBACKS: Record<string, string> = {};

describe('the compiled response serializer in the app', () => {
  let app: TestApp;
  const { stream, lines: logLines } = logSink();

  beforeAll(async () => {
    app = await createTestApp({ logger: { level: 'error', stream } });
    // A handler that forgets a field, as a later change might.
    app.get('/test/half-order', { schema: { response: { 200: orderListResponse } } }, async () => {
      const { price: _price, ...order } = sampleOrderView(1);
      return { orders: [order], totalPages: 1, total: 1 } as never;
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  it('compiles every API response schema except the known fallbacks, the order reads among them', () => {
    const api = [...responseSerializerChoices()].filter(([route]) => / \/api\/v[12]\//.test(route));
    expect(api.length).toBeGreaterThan(150);
    const fallbacks = Object.fromEntries(api.filter(([, reason]) => reason !== null));
    expect(fallbacks).toEqual(EXPECTED_FALLBACKS);
    const compiled = new Set(api.filter(([, reason]) => reason === null).map(([route]) => route));
    for (const route of [
      'GET /api/v1/order/read 200',
      'GET /api/v2/order/read-orders 200',
      'GET /api/v1/admin/orders 200',
      'GET /api/v1/auth/access 200',
    ]) {
      expect(compiled).toContain(route);
    }
  });

  it('answers the order history with the bytes zod would have written', async () => {
    const alice = await signUpReseller(app, 50_00);
    const ids = await labelTypeIds(app, alice.headers);
    for (const ToName of ['Zoë "Quote" O\'Neil', 'Rita \\ Receiver']) {
      expect((await createOrder(app, alice.headers, orderBody(ids.ground_oz!, { ToName }))).statusCode).toBe(
        201,
      );
    }
    const res = await app.inject({ method: 'GET', url: '/api/v1/order/read', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(orderListResponse.parse(res.json())));
    const { orders } = res.json() as { orders: { price: number; refundRequest: unknown; ToName: string }[] };
    expect(orders.map((o) => [o.ToName, o.price, o.refundRequest])).toEqual([
      ['Rita \\ Receiver', 2.75, null],
      ['Zoë "Quote" O\'Neil', 2.75, null],
    ]);
  });

  it('answers 500 without a half order when a handler leaves out a required field, and logs which one', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/half-order' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side, please try again' });
    const logged = logLines.join('\n');
    expect(logged).toContain("Response doesn't match the schema");
    expect(logged).toContain('GET /test/half-order: response.orders[0].price: required but missing');
  });
});
