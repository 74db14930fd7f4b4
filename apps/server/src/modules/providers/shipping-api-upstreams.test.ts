import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShippingApis, adminCall } from '../../../test/api-fixtures.ts';
import { endedOrder, orderBody, placeOrder } from '../../../test/order-fixtures.ts';
import {
  shippingApiApp,
  type ProviderOrder,
  type ShippingApiApp,
} from '../../../test/shipping-api-portal.ts';

type StaffOrder = ProviderOrder & {
  margin: number;
};

/**
 * Real postage from EasyPost and Shippo as staff set it up (issue 35): providers added on the console's
 * API, a label type routed to each, and orders whose labels are the ones the provider made.
 */
describe('EasyPost and Shippo providers: orders buy their labels there', () => {
  let t: ShippingApiApp;
  let providers: { easypost: string; shippo: string };
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    adminCall(t.app, t.staff.headers, method, url, payload);

  beforeAll(async () => {
    t = await shippingApiApp({ PROVIDER_TIMEOUT_SECONDS: '2', PROVIDER_LABEL_WAIT_SECONDS: '5' });
    providers = await addShippingApis(t.app, t.staff.headers, t, { easypost: 'EasyPost', shippo: 'Shippo' });
    const listed = (await admin('GET', '/providers')).json().providers as { _id: string }[];
    for (const kind of ['easypost', 'shippo'] as const) {
      expect(listed.find((p) => p._id === providers[kind])).toMatchObject({ kind, mode: 'test' });
    }
  });
  afterAll(() => t.close());

  const buy = async (uid: string) => {
    const body = orderBody(t.types[uid]!, uid === 'priority' ? { design: 'pitney' } : {});
    const id = await placeOrder(t.app, t.reseller.headers, body);
    return endedOrder<StaffOrder>(t.app, t.staff.headers, id);
  };
  const download = (orderId: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/order/download/${orderId}`, headers: t.reseller.headers });

  it('tests each connection with one real call', async () => {
    expect((await admin('POST', `/providers/${providers.easypost}/test`)).json()).toEqual({
      ok: true,
      message: 'Connected to EasyPost as LabelPort Fake (test key)',
    });
    expect((await admin('POST', `/providers/${providers.shippo}/test`)).json()).toEqual({
      ok: true,
      message: 'Connected to Shippo (test key)',
    });
  });

  const routePriorityToEasyPost = () =>
    admin('PUT', `/label-types/${t.types.priority}/route`, {
      route: [{ providerId: providers.easypost, service: 'USPS:Priority' }],
    });

  it("an order routed to EasyPost gets EasyPost's label, tracking and cost", async () => {
    await routePriorityToEasyPost();
    const order = await buy('priority');
    expect(order).toMatchObject({ status: 'completed', provider: { name: 'EasyPost', kind: 'easypost' } });
    const bought = t.easypost.purchases.filter((p) => p.tracking === order.tracking);
    expect(bought).toHaveLength(1);
    expect((await download(order._id)).rawPayload.equals(Buffer.from(bought[0]!.pdf))).toBe(true);
    const shipment = t.easypost.shipments.get(bought[0]!.shipmentId)!;
    expect(order.cost).toBe(Number((shipment.selected_rate as { rate: string }).rate));
    expect(order.margin).toBeCloseTo(order.price - order.cost, 2);
  });

  it('a connection lost after EasyPost bought: that one label, and no failover to buy another', async () => {
    await admin('PUT', `/label-types/${t.types.priority}/route`, {
      route: [
        { providerId: providers.easypost, service: 'USPS:Priority' },
        { providerId: providers.shippo, service: 'usps_priority' },
      ],
    });
    t.easypost.failNextBuy({ kind: 'drop-after-buy' });
    const [epBefore, shippoBefore] = [t.easypost.purchases.length, t.shippo.purchases.length];
    const order = await buy('priority');
    expect(order).toMatchObject({ status: 'completed', provider: { name: 'EasyPost' } });
    expect(t.easypost.purchases.slice(epBefore).map((p) => p.tracking)).toEqual([order.tracking]);
    expect(t.shippo.purchases.length).toBe(shippoBefore);
  });

  it("an order routed to Shippo gets Shippo's label; an EasyPost refusal fails over to it", async () => {
    await admin('PUT', `/label-types/${t.types.ground_oz}/route`, {
      route: [
        { providerId: providers.easypost, service: 'USPS:GroundAdvantage' },
        { providerId: providers.shippo, service: 'usps_ground_advantage' },
      ],
    });
    t.easypost.failNextBuy({ kind: 'reject', reason: 'funds' });
    const order = await buy('ground_oz');
    expect(order).toMatchObject({ status: 'completed', provider: { name: 'Shippo', kind: 'shippo' } });
    const bought = t.shippo.purchases.filter((p) => p.tracking === order.tracking);
    expect(bought).toHaveLength(1);
    expect((await download(order._id)).rawPayload.equals(Buffer.from(bought[0]!.pdf))).toBe(true);
    expect(t.easypost.purchases.some((p) => p.tracking === order.tracking)).toBe(false);
  });
});
