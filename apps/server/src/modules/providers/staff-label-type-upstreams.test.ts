import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShippingApis, adminCall } from '../../../test/api-fixtures.ts';
import { balanceCents, endedOrder, orderBody, placeOrder } from '../../../test/order-fixtures.ts';
import {
  shippingApiApp,
  type ProviderOrder,
  type ShippingApiApp,
} from '../../../test/shipping-api-portal.ts';

type StaffOrder = ProviderOrder & {
  failureReason: string | null;
};

/**
 * A label type staff made for a service their providers sell (issue 47, item 6; decision 334) is bought
 * through its route with that service's name; a provider that does not sell it says a definite "no".
 */
describe('a staff-made label type bought at EasyPost and Shippo', () => {
  let t: ShippingApiApp;
  let providers: { easypost: string; shippo: string };
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    adminCall(t.app, t.staff.headers, method, url, payload);
  const staffType = async (body: object): Promise<string> => {
    const res = await admin('POST', '/label-types', { status: true, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().labelType._id as string;
  };
  const route = async (id: string, steps: Array<{ providerId: string; service: string }>) => {
    const res = await admin('PUT', `/label-types/${id}/route`, { route: steps });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await shippingApiApp({ PROVIDER_TIMEOUT_SECONDS: '2', PROVIDER_LABEL_WAIT_SECONDS: '5' });
    providers = await addShippingApis(t.app, t.staff.headers, t, { easypost: 'EasyPost', shippo: 'Shippo' });
  });
  afterAll(() => t.close());

  it("USPS Ground Advantage by the pound: EasyPost is asked for its GroundAdvantage rate, in ounces, after Shippo's no", async () => {
    const id = await staffType({
      name: 'USPS Ground Advantage (lb)',
      carrier: 'usps',
      service: 'GroundAdvantage',
      weightUnit: 'lb',
      maxWeight: 20,
      prices: [{ fromWeight: 0, toWeight: 20, price: 11 }],
    });
    // Shippo has no service of EasyPost's name: its definite "no" moves the route on.
    await route(id, [
      { providerId: providers.shippo, service: 'GroundAdvantage' },
      { providerId: providers.easypost, service: 'USPS:GroundAdvantage' },
    ]);
    const shippoBefore = t.shippo.purchases.length;
    const orderId = await placeOrder(t.app, t.reseller.headers, orderBody(id, { Weight: 3 }));
    const order = await endedOrder<StaffOrder>(t.app, t.staff.headers, orderId);
    expect(order).toMatchObject({ status: 'completed', provider: { name: 'EasyPost', kind: 'easypost' } });
    expect(t.shippo.purchases.length).toBe(shippoBefore);
    const bought = t.easypost.purchases.filter((p) => p.tracking === order.tracking);
    expect(bought).toHaveLength(1);
    const shipment = t.easypost.shipments.get(bought[0]!.shipmentId)! as {
      parcel: { weight: number };
      selected_rate: { carrier: string; service: string; rate: string };
    };
    expect(shipment.selected_rate).toMatchObject({ carrier: 'USPS', service: 'GroundAdvantage' });
    expect(shipment.parcel.weight).toBe(48);
    expect(order.cost).toBe(Number(shipment.selected_rate.rate));
  });

  it('a service no provider of the route sells: each says no, and the order is cancelled and refunded', async () => {
    const id = await staffType({
      name: 'UPS Ground Saver',
      carrier: 'ups',
      service: 'ups_ground_saver',
      weightUnit: 'lb',
      maxWeight: 70,
      prices: [{ fromWeight: 0, toWeight: 70, price: 9 }],
    });
    await route(id, [
      { providerId: providers.easypost, service: 'UPS:UPSGroundsaver' },
      { providerId: providers.shippo, service: 'ups_ground_saver' },
    ]);
    const balance = await balanceCents(t.app.database.db, t.reseller.id);
    const orderId = await placeOrder(t.app, t.reseller.headers, orderBody(id, { Weight: 3 }));
    const order = await endedOrder<StaffOrder>(t.app, t.staff.headers, orderId);
    expect(order.status).toBe('cancelled');
    expect(await balanceCents(t.app.database.db, t.reseller.id)).toBe(balance);
    const notes = (await admin('GET', `/orders/${orderId}`)).json().order;
    expect(JSON.stringify(notes)).toMatch(/offers no ups_ground_saver rate/);
  });
});
