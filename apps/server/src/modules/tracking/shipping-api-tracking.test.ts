import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EasyPostFake } from '../../../test/fakes/easypost-fake.ts';
import type { ShippoFake } from '../../../test/fakes/shippo-fake.ts';
import { shippingApiPortal, type ShippingApiPortal } from '../../../test/shipping-api-portal.ts';
import type { TestApp } from '../../../test/helper.ts';
import { orderBody, waitFor, type Reseller } from '../../../test/order-fixtures.ts';

type Tracked = {
  status: string;
  tracking: string;
  trackingStatus: string | null;
  trackingEvents: { status: string; description: string }[];
};

/**
 * EasyPost and Shippo as tracking sources (issue 36): adding the provider registers our inbound URL
 * there (PUBLIC_URL set), their webhooks move the order, and polling finds what no webhook said.
 */
describe('tracking from EasyPost and Shippo', () => {
  let app: TestApp;
  let easypost: EasyPostFake;
  let shippo: ShippoFake;
  let reseller: Reseller;
  let types: Record<string, string>;
  const ids: Record<string, string> = {};

  let portal: ShippingApiPortal;

  beforeAll(async () => {
    portal = await shippingApiPortal({ TRACKING_POLL_SECONDS: '1', PROVIDER_LABEL_WAIT_SECONDS: '5' });
    ({ app, easypost, shippo, reseller, types } = portal);
    Object.assign(ids, portal.providers);
  }, 60_000);
  afterAll(async () => portal.close());

  async function buy(uid: string): Promise<{ id: string; order: Tracked }> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/order/create',
      headers: reseller.headers,
      payload: orderBody(types[uid]!, uid === 'priority' ? { design: 'pitney' } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().orders[0]._id as string;
    const order = await waitFor(
      () => read(id),
      (o) => o.status === 'completed',
      20_000,
    );
    return { id, order };
  }
  const read = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/v1/order/read/${id}`, headers: reseller.headers })).json()
      .order as Tracked;

  it('registers the inbound URL at both providers when they are added', () => {
    expect(easypost.webhooks).toMatchObject([
      { url: `${app.ctx.config.publicUrl}/api/v1/tracking/inbound/${ids.easypost}` },
    ]);
    expect(easypost.webhooks[0]!.secret).toMatch(/^whsec_/);
    expect(shippo.webhooks[0]!.url).toMatch(new RegExp(`/api/v1/tracking/inbound/${ids.shippo}\\?token=`));
  });

  it("EasyPost's signed tracker.updated moves the order to delivered", async () => {
    const { id, order } = await buy('priority');
    expect(order.trackingStatus).toBe('pre_transit');
    expect(await easypost.scan(order.tracking, 'in_transit', 'Arrived at USPS Regional Facility')).toEqual([
      200,
    ]);
    expect((await read(id)).trackingStatus).toBe('in_transit');
    expect(await easypost.scan(order.tracking, 'delivered', 'Delivered, In/At Mailbox')).toEqual([200]);
    const done = await read(id);
    expect(done.trackingStatus).toBe('delivered');
    expect(done.trackingEvents.map((e) => e.description)).toEqual([
      'Shipping Label Created',
      'Arrived at USPS Regional Facility',
      'Delivered, In/At Mailbox',
    ]);
  });

  it("polling finds what Shippo's webhook did not say, and its webhook brings the rest", async () => {
    const { id, order } = await buy('ground_oz');
    await shippo.scan(order.tracking, 'TRANSIT', 'Accepted at USPS Origin Facility', false);
    const polled = await waitFor(
      () => read(id),
      (o) => o.trackingStatus === 'in_transit',
      15_000,
    );
    expect(polled.trackingEvents.map((e) => e.description)).toEqual(['Accepted at USPS Origin Facility']);
    expect(await shippo.scan(order.tracking, 'DELIVERED', 'Delivered')).toEqual([200]);
    const done = await read(id);
    expect(done.trackingStatus).toBe('delivered');
    expect(done.trackingEvents.map((e) => e.status)).toEqual(['in_transit', 'delivered']);
  });
});
