import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/index.ts';
import { startEasyPostFake, type EasyPostFake } from '../../../test/fakes/easypost-fake.ts';
import { startShippoFake, type ShippoFake } from '../../../test/fakes/shippo-fake.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  adminCall,
  endedOrder,
  labelTypeIds,
  orderBody,
  placeOrder,
  waitForLabelJobs,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { signUpStaff, signUpReseller } from '../../../test/account-fixtures.ts';

type StaffOrder = {
  _id: string;
  status: string;
  tracking: string;
  price: number;
  cost: number;
  margin: number;
  provider: { name: string; kind: string } | null;
};

/**
 * Real postage from EasyPost and Shippo as staff set it up (issue 35): providers added on the console's
 * API, a label type routed to each, and orders whose labels are the ones the provider made.
 */
describe('EasyPost and Shippo providers: orders buy their labels there', () => {
  let app: TestApp;
  let easypost: EasyPostFake;
  let shippo: ShippoFake;
  let staff: Reseller;
  let reseller: Reseller;
  let types: Record<string, string>;
  const providers: Record<string, string> = {};
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    adminCall(app, staff.headers, method, url, payload);

  beforeAll(async () => {
    [easypost, shippo] = await Promise.all([startEasyPostFake(), startShippoFake()]);
    app = await createTestApp({ env: { PROVIDER_TIMEOUT_SECONDS: '2', PROVIDER_LABEL_WAIT_SECONDS: '5' } });
    await startWorkers(app.ctx);
    staff = await signUpStaff(app);
    reseller = await signUpReseller(app, 100_00);
    types = await labelTypeIds(app, staff.headers);
    for (const [kind, fake] of [
      ['easypost', easypost],
      ['shippo', shippo],
    ] as const) {
      const created = await admin('POST', '/providers', {
        kind,
        name: kind === 'easypost' ? 'EasyPost' : 'Shippo',
        credentials: { apiKey: fake.apiKey, baseUrl: fake.url },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().provider).toMatchObject({ kind, mode: 'test' });
      providers[kind] = created.json().provider._id as string;
    }
  });
  afterAll(async () => {
    await waitForLabelJobs(app);
    await app.close();
    await easypost.close();
    await shippo.close();
  });

  const buy = async (uid: string) => {
    const body = orderBody(types[uid]!, uid === 'priority' ? { design: 'pitney' } : {});
    const id = await placeOrder(app, reseller.headers, body);
    return endedOrder<StaffOrder>(app, staff.headers, id);
  };
  const download = (orderId: string) =>
    app.inject({ method: 'GET', url: `/api/v1/order/download/${orderId}`, headers: reseller.headers });

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
    admin('PUT', `/label-types/${types.priority}/route`, {
      route: [{ providerId: providers.easypost, service: 'USPS:Priority' }],
    });

  it("an order routed to EasyPost gets EasyPost's label, tracking and cost", async () => {
    await routePriorityToEasyPost();
    const order = await buy('priority');
    expect(order).toMatchObject({ status: 'completed', provider: { name: 'EasyPost', kind: 'easypost' } });
    const bought = easypost.purchases.filter((p) => p.tracking === order.tracking);
    expect(bought).toHaveLength(1);
    expect((await download(order._id)).rawPayload.equals(Buffer.from(bought[0]!.pdf))).toBe(true);
    const shipment = easypost.shipments.get(bought[0]!.shipmentId)!;
    expect(order.cost).toBe(Number((shipment.selected_rate as { rate: string }).rate));
    expect(order.margin).toBeCloseTo(order.price - order.cost, 2);
  });

  it('a connection lost after EasyPost bought: that one label, and no failover to buy another', async () => {
    await admin('PUT', `/label-types/${types.priority}/route`, {
      route: [
        { providerId: providers.easypost, service: 'USPS:Priority' },
        { providerId: providers.shippo, service: 'usps_priority' },
      ],
    });
    easypost.failNextBuy({ kind: 'drop-after-buy' });
    const [epBefore, shippoBefore] = [easypost.purchases.length, shippo.purchases.length];
    const order = await buy('priority');
    expect(order).toMatchObject({ status: 'completed', provider: { name: 'EasyPost' } });
    expect(easypost.purchases.slice(epBefore).map((p) => p.tracking)).toEqual([order.tracking]);
    expect(shippo.purchases.length).toBe(shippoBefore);
  });

  it("an order routed to Shippo gets Shippo's label; an EasyPost refusal fails over to it", async () => {
    await admin('PUT', `/label-types/${types.ground_oz}/route`, {
      route: [
        { providerId: providers.easypost, service: 'USPS:GroundAdvantage' },
        { providerId: providers.shippo, service: 'usps_ground_advantage' },
      ],
    });
    easypost.failNextBuy({ kind: 'reject', reason: 'funds' });
    const order = await buy('ground_oz');
    expect(order).toMatchObject({ status: 'completed', provider: { name: 'Shippo', kind: 'shippo' } });
    const bought = shippo.purchases.filter((p) => p.tracking === order.tracking);
    expect(bought).toHaveLength(1);
    expect((await download(order._id)).rawPayload.equals(Buffer.from(bought[0]!.pdf))).toBe(true);
    expect(easypost.purchases.some((p) => p.tracking === order.tracking)).toBe(false);
  });
});
