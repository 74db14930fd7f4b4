import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpReseller } from '../../../test/account-fixtures.ts';
import { apiCall, appCall, routeToShippingApis } from '../../../test/api-fixtures.ts';
import { balanceCents, endedOrder, ledgerOf, orderBody, waitFor } from '../../../test/order-fixtures.ts';
import {
  shippingApiApp,
  type ProviderOrder,
  type ShippingApiApp,
} from '../../../test/shipping-api-portal.ts';
import { twoPortals } from '../../../test/two-portals.ts';

type StaffOrder = ProviderOrder & {
  insuredValue: number | null;
  insurancePrice: number | null;
  insuranceStatus: string | null;
  returnOf: string | null;
  FromName: string;
  ToName: string;
};

/** Issue 46 at the providers: a declared value insured with the label, a return label marked as one. */
describe('insured labels and return labels bought at EasyPost and Shippo', () => {
  let t: ShippingApiApp;

  beforeAll(async () => {
    t = await shippingApiApp(
      { PROVIDER_TIMEOUT_SECONDS: '2', PROVIDER_LABEL_WAIT_SECONDS: '5' },
      { balance: 200_00 },
    );
    await routeToShippingApis(t.app, t.staff.headers, t, t.types);
  });
  afterAll(() => t.close());

  const order = async (uid: string, change: Record<string, unknown>) => {
    const res = await appCall(
      t.app,
      t.reseller.headers,
      'POST',
      '/order/create',
      orderBody(t.types[uid]!, { ...(uid === 'priority' ? { design: 'pitney' } : {}), ...change }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return endedOrder<StaffOrder>(t.app, t.staff.headers, res.json().orders[0]._id);
  };

  it('EasyPost: the declared value is bought with the label, charged to the reseller once, its fee in the cost', async () => {
    const before = await balanceCents(t.app.ctx.db, t.reseller.id);
    const entries = (await ledgerOf(t.app.ctx.db, t.reseller.id)).entries.length;
    const bought = await order('priority', { insuredValue: 450 });
    expect(bought).toMatchObject({
      status: 'completed',
      insuredValue: 450,
      insurancePrice: 5,
      insuranceStatus: 'bought',
    });
    const [purchase] = t.easypost.purchases.filter((p) => p.tracking === bought.tracking);
    expect(purchase).toMatchObject({ insurance: '450.00', isReturn: false });
    const shipment = t.easypost.shipments.get(purchase!.shipmentId)!;
    const rate = Number((shipment.selected_rate as { rate: string }).rate);
    // EasyPost's InsuranceFee (1% of $450) is part of what the label cost.
    expect(bought.cost).toBeCloseTo(rate + 4.5, 2);
    const after = await ledgerOf(t.app.ctx.db, t.reseller.id);
    expect(after.entries.length).toBe(entries + 1);
    expect(await balanceCents(t.app.ctx.db, t.reseller.id)).toBe(before - Math.round(bought.price * 100));
  });

  it('Shippo: extra.insurance carries the declared value', async () => {
    const bought = await order('ground_oz', { insuredValue: 60 });
    expect(bought).toMatchObject({ status: 'completed', insuranceStatus: 'bought', insurancePrice: 1 });
    expect(t.shippo.purchases.find((p) => p.tracking === bought.tracking)).toMatchObject({
      insurance: '60.00',
      isReturn: false,
    });
  });

  it('a return label goes the other way round and is marked as a return at EasyPost and at Shippo', async () => {
    for (const [uid, fake] of [
      ['priority', t.easypost],
      ['ground_oz', t.shippo],
    ] as const) {
      const original = await order(uid, {});
      const made = await appCall(t.app, t.reseller.headers, 'POST', `/order/return/${original._id}`);
      expect(made.statusCode, made.body).toBe(201);
      const returned = await endedOrder<StaffOrder>(t.app, t.staff.headers, made.json().order._id);
      expect(returned).toMatchObject({
        status: 'completed',
        returnOf: original._id,
        FromName: original.ToName,
        ToName: original.FromName,
      });
      const purchase = fake.purchases.find((p) => p.tracking === returned.tracking)!;
      expect(purchase.isReturn).toBe(true);
      const shipment = fake.shipments.get(purchase.shipmentId)! as Record<string, Record<string, unknown>>;
      const from = (shipment.from_address ?? shipment.address_from)!;
      expect(String(from.name).toLowerCase()).toBe(original.ToName.toLowerCase());
    }
  });
});

describe('insured labels and return labels bought at another LabelPort', () => {
  let portals: Awaited<ReturnType<typeof twoPortals>>;

  beforeAll(async () => {
    portals = await twoPortals({ routed: ['ground_oz'] });
  }, 120_000);
  afterAll(() => portals.close());

  it('passes insured_value upstream, where it is priced and charged once, and buys the return there', async () => {
    const { a, b } = portals;
    const reseller = await signUpReseller(a.app, 100_00);
    const typeId = await a.labelTypeId('ground_oz');
    const upstreamBefore = await balanceCents(b.app.ctx.db, b.account.id);
    const res = await appCall(
      a.app,
      reseller.headers,
      'POST',
      '/order/create',
      orderBody(typeId, { insuredValue: 150, items: [{ sku: 'KB-1', title: 'Keyboard', quantity: 1 }] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const ordered = await endedOrder<StaffOrder>(a.app, a.staff.headers, res.json().orders[0]._id);
    expect(ordered).toMatchObject({
      status: 'completed',
      insuredValue: 150,
      insurancePrice: 2,
      insuranceStatus: 'bought',
    });
    // On B: one order, insured for the same value, its insurance in its one charge.
    const onB = (await apiCall(b.app, b.account.apiKey, 'GET', '/order/read-orders?limit=10')).json()
      .orders as {
      _id: string;
      tracking: string;
      price: number;
    }[];
    const upstream = onB.find((o) => o.tracking === ordered.tracking)!;
    const upstreamOrder = (
      await apiCall(b.app, b.account.apiKey, 'GET', `/order/read-order/${upstream._id}`)
    ).json().order;
    expect(upstreamOrder).toMatchObject({ insuredValue: 150, insurancePrice: 2, insuranceStatus: 'test' });
    expect(ordered.cost).toBe(upstreamOrder.price);
    expect(await balanceCents(b.app.ctx.db, b.account.id)).toBe(
      upstreamBefore - Math.round(upstreamOrder.price * 100),
    );

    const made = await appCall(a.app, reseller.headers, 'POST', `/order/return/${ordered._id}`);
    expect(made.statusCode, made.body).toBe(201);
    const returned = await endedOrder<StaffOrder>(a.app, a.staff.headers, made.json().order._id);
    expect(returned).toMatchObject({ status: 'completed', returnOf: ordered._id, FromName: ordered.ToName });
    const onBAfter = await waitFor(
      async () =>
        (await apiCall(b.app, b.account.apiKey, 'GET', '/order/read-orders?limit=10')).json().orders as {
          tracking: string;
          FromName: string;
          ToName: string;
        }[],
      (list) => list.some((o) => o.tracking === returned.tracking),
    );
    expect(onBAfter.find((o) => o.tracking === returned.tracking)).toMatchObject({
      FromName: ordered.ToName,
      ToName: ordered.FromName,
    });
  });
});
