import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../db/schema.ts';
import { startWorkers } from '../../jobs/index.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  labelTypeIds,
  adminCall,
  balanceCents,
  fund,
  ledgerOf,
  orderBody,
  waitFor,
  type Reseller,
} from '../../../test/order-kit.ts';
import { apiReseller, settleLabels, type ApiReseller } from '../reseller-api/test-support.ts';
import { resellerOf } from '../../../test/order-kit.ts';
import { signUp } from '../../../test/helper.ts';
import { staffOf } from '../refunds/test-support.ts';

/** The fields of the staff order view these tests read. */
type StaffOrder = {
  _id: string;
  status: string;
  tracking: string | null;
  price: number;
  cost: number | null;
  margin: number | null;
  failureReason: string | null;
  provider: { name: string; kind: string } | null;
};

/**
 * Real postage through another LabelPort: portal A buys its labels on portal B through B's `/api/v2`,
 * both real servers on their own databases (issue 35).
 */
describe('labelport provider: portal A buys on portal B', () => {
  let a: TestApp;
  let b: TestApp;
  let bUrl: string;
  let staff: Reseller;
  let onB: ApiReseller;
  let types: Record<string, string>;
  let portalB: { _id: string; credentialHint: string };
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    adminCall(a, staff.headers, method, url, payload);

  beforeAll(async () => {
    b = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '0', API_PURCHASES_PER_SECOND: '0' } });
    await startWorkers(b.ctx);
    await b.listen({ port: 0, host: '127.0.0.1' });
    bUrl = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
    onB = await apiReseller(b, 50_00);
    a = await createTestApp({ env: { PROVIDER_LABEL_WAIT_SECONDS: '20' } });
    await startWorkers(a.ctx);
    staff = await staffOf(a);
    types = await labelTypeIds(a, staff.headers);
    portalB = await addProvider('Portal B', onB.apiKey);
  }, 120_000);
  afterAll(async () => {
    await settleLabels(a);
    await settleLabels(b);
    await a.close();
    await b.close();
  });

  async function addProvider(name: string, apiKey: string) {
    const res = await admin('POST', '/providers', {
      kind: 'labelport',
      name,
      credentials: { apiKey, baseUrl: bUrl },
    });
    expect(res.statusCode).toBe(201);
    return res.json().provider as { _id: string; credentialHint: string };
  }
  const buyer = async () => {
    const reseller = await resellerOf(a, (await signUp(a)).headers);
    await fund(a.ctx.db, reseller.id, 100_00);
    return reseller;
  };
  const buy = async (reseller: Reseller, uid: string) => {
    const res = await a.inject({
      method: 'POST',
      url: '/api/v1/order/create',
      headers: reseller.headers,
      payload: orderBody(types[uid]!),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().orders[0]._id as string;
    return waitFor(
      async () => (await admin('GET', `/orders/${id}`)).json().order,
      (o: StaffOrder) => o.status === 'completed' || o.status === 'cancelled',
      20_000,
    );
  };

  it('keeps the key sealed, shows its last 4 characters, tests the connection and audits', async () => {
    const provider = portalB;
    expect(provider.credentialHint).toBe(onB.apiKey.slice(-4));
    const list = (await admin('GET', '/providers')).json().providers;
    expect(JSON.stringify(list)).not.toContain(onB.apiKey);
    const [row] = await a.ctx.db.select().from(orders).limit(0);
    expect(row).toBeUndefined();
    const test = await admin('POST', `/providers/${provider._id}/test`);
    expect(test.json()).toEqual({ ok: true, message: `Connected to ${bUrl}` });

    const wrong = await addProvider('Portal B, wrong key', 'lp_wrong-key-123456');
    const failed = (await admin('POST', `/providers/${wrong._id}/test`)).json();
    expect(failed.ok).toBe(false);
    expect(failed.message).toMatch(/refused the API key/);
    expect((await admin('DELETE', `/providers/${wrong._id}`)).statusCode).toBe(200);

    const audits = await a.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, provider._id));
    expect(audits.map((r) => r.action)).toEqual(['provider.create']);
    expect(JSON.stringify(audits)).not.toContain(onB.apiKey);
  });

  it('refuses a labelport provider without its base URL, and a route to an unknown provider', async () => {
    const res = await admin('POST', '/providers', {
      kind: 'labelport',
      name: 'X',
      credentials: { apiKey: 'abcdefgh1234' },
    });
    expect(res.statusCode).toBe(400);
    const route = await admin('PUT', `/label-types/${types.priority}/route`, {
      route: [{ providerId: '00000000-0000-4000-8000-000000000000', service: 'priority' }],
    });
    expect(route.statusCode).toBe(400);
    expect(route.json().message).toBe('Choose providers from the Providers page');
  });

  it("buys A's label on B: same tracking number and PDF, B charged once, A's margin is A's price minus B's", async () => {
    const routed = await admin('PUT', `/label-types/${types.ground_oz}/route`, {
      route: [{ providerId: portalB._id, service: 'ground_oz' }],
    });
    expect(routed.json().route).toMatchObject([{ providerName: 'Portal B', service: 'ground_oz' }]);
    const reseller = await buyer();
    const bBefore = await balanceCents(b.ctx.db, onB.id);

    const order = await buy(reseller, 'ground_oz');
    expect(order).toMatchObject({ status: 'completed', provider: { name: 'Portal B', kind: 'labelport' } });
    const [onBOrder] = await b.ctx.db.select().from(orders).where(eq(orders.userId, onB.id));
    expect(order.tracking).toBe(onBOrder!.tracking);
    const aPdf = await a.inject({
      method: 'GET',
      url: `/api/v1/order/download/${order._id}`,
      headers: reseller.headers,
    });
    const bPdf = await b.inject({
      method: 'GET',
      url: `/api/v2/order/download/${onBOrder!.id}`,
      headers: { 'x-api-key': onB.apiKey },
    });
    expect(aPdf.rawPayload.equals(bPdf.rawPayload)).toBe(true);

    const bCharges = (await ledgerOf(b.ctx.db, onB.id)).entries.filter((e) => e.kind === 'order_charge');
    expect(bCharges).toHaveLength(1);
    expect(bBefore - (await balanceCents(b.ctx.db, onB.id))).toBe(onBOrder!.priceCents);
    expect(order.cost).toBe(onBOrder!.priceCents / 100);
    expect(order.margin).toBeCloseTo(order.price - order.cost!, 2);
  });

  it('fails over to the next provider when B refuses for lack of balance, and refunds when none is left', async () => {
    const broke = await apiReseller(b, 0);
    const poor = await addProvider('Portal B, no balance', broke.apiKey);
    const good = portalB;
    await admin('PUT', `/label-types/${types.ground_oz}/route`, {
      route: [
        { providerId: poor._id, service: 'ground_oz' },
        { providerId: good._id, service: 'ground_oz' },
      ],
    });
    const reseller = await buyer();
    const bought = await buy(reseller, 'ground_oz');
    expect(bought).toMatchObject({ status: 'completed', provider: { name: 'Portal B' } });

    await admin('PUT', `/label-types/${types.ground_oz}/route`, {
      route: [{ providerId: poor._id, service: 'ground_oz' }],
    });
    const before = await balanceCents(a.ctx.db, reseller.id);
    const refused = await buy(reseller, 'ground_oz');
    expect(refused.status).toBe('cancelled');
    expect(refused.failureReason).toMatch(/^Portal B, no balance: .*balance/i);
    expect(await balanceCents(a.ctx.db, reseller.id)).toBe(before);
    expect((await ledgerOf(a.ctx.db, reseller.id)).sum).toBe(await balanceCents(a.ctx.db, reseller.id));
  });
});
