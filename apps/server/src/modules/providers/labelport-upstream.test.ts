import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, idempotencyKeys, orders } from '../../db/schema.ts';
import { sampleShipment } from '../../labels/fixtures.ts';
import { createLabelportAdapter } from '../../labels/providers/upstream/labelport-adapter.ts';
import { apiReseller, signUpReseller, type ApiReseller } from '../../../test/account-fixtures.ts';
import type { TestApp } from '../../../test/helper.ts';
import {
  balanceCents,
  labelTypeIds,
  ledgerOf,
  orderBody,
  endedOrder,
  placeOrder,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { twoPortals } from '../../../test/two-portals.ts';

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
  let portals: Awaited<ReturnType<typeof twoPortals>>;
  let a: TestApp;
  let b: TestApp;
  let bUrl: string;
  let onB: ApiReseller;
  let types: Record<string, string>;
  let portalB: { _id: string; credentialHint: string };
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    portals.a.admin(method, url, payload);

  beforeAll(async () => {
    portals = await twoPortals();
    ({ portalB } = portals);
    a = portals.a.app;
    ({ app: b, url: bUrl, account: onB } = portals.b);
    types = await labelTypeIds(a, portals.a.staff.headers);
  }, 120_000);
  afterAll(() => portals.close());

  const addProvider = (name: string, apiKey: string) =>
    portals.a.addUpstream({ apiKey, baseUrl: bUrl }, name);
  const buyer = () => signUpReseller(a, 100_00);
  const buy = async (reseller: Reseller, uid: string) => {
    const id = await placeOrder(a, reseller.headers, orderBody(types[uid]!));
    return endedOrder<StaffOrder>(a, portals.a.staff.headers, id);
  };

  it('shows only the last 4 characters of the API key, in the answer and in the list', async () => {
    expect(portalB.credentialHint).toBe(onB.apiKey.slice(-4));
    const list = (await admin('GET', '/providers')).json().providers;
    expect(JSON.stringify(list)).not.toContain(onB.apiKey);
    const [row] = await a.ctx.db.select().from(orders).limit(0);
    expect(row).toBeUndefined();
  });

  it('finds a purchase whose Idempotency-Key B may have forgotten by our reference, never buying it twice', async () => {
    // An account of its own on B, so the orders counted there are this test's.
    const account = await apiReseller(b, 100_00);
    const adapter = createLabelportAdapter({
      credentials: { apiKey: account.apiKey, baseUrl: bUrl },
      labelWaitMs: 10_000,
      // B listens on loopback (decision 312).
      allowPrivateTargets: true,
    });
    const reference = crypto.randomUUID();
    const ordersAtB = async () =>
      (await b.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, account.id))).length;
    const request = {
      shipment: sampleShipment('ground_oz'),
      service: 'ground_oz',
      reference,
      upstreamId: null,
      // The answer is lost: B's order id is never kept.
      recordUpstreamId: async () => {},
    };
    const bought = await adapter.purchase(request);
    const before = await ordersAtB();
    // A day later B has forgotten the key: asking under it again would buy a second label.
    await b.ctx.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(idempotencyKeys.userId, account.id), eq(idempotencyKeys.key, reference)));
    const later = { ...request, startedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) };
    expect(await adapter.lookup(later)).toMatchObject({
      state: 'bought',
      label: { upstreamId: bought.upstreamId, trackingNumber: bought.trackingNumber },
    });
    expect((await adapter.purchase(later)).upstreamId).toBe(bought.upstreamId);
    expect(await ordersAtB()).toBe(before);
    // A reference B never saw: nothing was bought, and nothing is.
    const unknown = { ...later, reference: crypto.randomUUID() };
    expect(await adapter.lookup(unknown)).toMatchObject({ state: 'not-bought' });
    expect(await ordersAtB()).toBe(before);
  });

  it('tests the connection to B', async () => {
    const test = await admin('POST', `/providers/${portalB._id}/test`);
    expect(test.json()).toEqual({ ok: true, message: `Connected to ${bUrl}` });
  });

  it('says B refused the API key when testing a provider with a wrong key, and deletes that provider', async () => {
    const wrong = await addProvider('Portal B, wrong key', 'lp_wrong-key-123456');
    const failed = (await admin('POST', `/providers/${wrong._id}/test`)).json();
    expect(failed.ok).toBe(false);
    expect(failed.message).toMatch(/refused the API key/);
    expect((await admin('DELETE', `/providers/${wrong._id}`)).statusCode).toBe(200);
  });

  it("audits the provider's creation without its key", async () => {
    const audits = await a.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, portalB._id));
    expect(audits.map((r) => r.action)).toEqual(['provider.create']);
    expect(JSON.stringify(audits)).not.toContain(onB.apiKey);
  });

  it('refuses a labelport provider without its base URL', async () => {
    const res = await admin('POST', '/providers', {
      kind: 'labelport',
      name: 'X',
      credentials: { apiKey: 'abcdefgh1234' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a route to an unknown provider', async () => {
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

  describe('when an account on B lacks the balance', () => {
    let poor: { _id: string };
    beforeAll(async () => {
      const broke = await apiReseller(b, 0);
      poor = await addProvider('Portal B, no balance', broke.apiKey);
    });

    it('fails over to the next provider', async () => {
      await admin('PUT', `/label-types/${types.ground_oz}/route`, {
        route: [
          { providerId: poor._id, service: 'ground_oz' },
          { providerId: portalB._id, service: 'ground_oz' },
        ],
      });
      const bought = await buy(await buyer(), 'ground_oz');
      expect(bought).toMatchObject({ status: 'completed', provider: { name: 'Portal B' } });
    });

    it('cancels the order and refunds it when no provider is left', async () => {
      await admin('PUT', `/label-types/${types.ground_oz}/route`, {
        route: [{ providerId: poor._id, service: 'ground_oz' }],
      });
      const reseller = await buyer();
      const before = await balanceCents(a.ctx.db, reseller.id);
      const refused = await buy(reseller, 'ground_oz');
      expect(refused.status).toBe('cancelled');
      expect(refused.failureReason).toMatch(/^Portal B, no balance: .*balance/i);
      expect(await balanceCents(a.ctx.db, reseller.id)).toBe(before);
      expect((await ledgerOf(a.ctx.db, reseller.id)).sum).toBe(await balanceCents(a.ctx.db, reseller.id));
    });
  });
});
