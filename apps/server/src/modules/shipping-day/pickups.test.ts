import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/index.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  balanceCents,
  completedOrders,
  fund,
  labelTypeIds,
  ledgerOf,
  orderBody,
  waitForLabelJobs,
  type Reseller,
} from '../../../test/order-fixtures.ts';

const tomorrow = (hour: number) => {
  const at = new Date(Date.now() + 24 * 3600_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};
const ADDRESS = {
  name: 'Sam Sender',
  street: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '512-555-0100',
};

/** Pickups in test mode (issue 46, decision 329): confirmed with a number, charged once, refunded once. */
describe('pickups in test mode', () => {
  let app: TestApp;
  let reseller: Reseller;
  let types: Record<string, string>;

  const buy = async (body: object) =>
    (await completedOrders<{ _id: string; status: string }>(app, reseller.headers, body)).map((o) => o._id);
  const book = (orderIds: string[], change: object = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/pickups',
      headers: reseller.headers,
      payload: {
        orderIds,
        address: ADDRESS,
        minDatetime: tomorrow(15),
        maxDatetime: tomorrow(18),
        instructions: 'By the front door',
        ...change,
      },
    });

  beforeAll(async () => {
    app = await createTestApp();
    await startWorkers(app.ctx);
    reseller = await signUpReseller(app, 100_00);
    types = await labelTypeIds(app, reseller.headers);
  });
  afterAll(async () => {
    await waitForLabelJobs(app);
    await app.close();
  });

  it('books a charged pickup as one ledger entry and refunds it once on cancel', async () => {
    const ids = await buy(orderBody(types.ups_standard!, { quantity: 3 }));
    const before = await balanceCents(app.ctx.db, reseller.id);

    const quoted = await book(ids, { quoteOnly: true });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().quote).toEqual({ carrier: 'ups', price: 6.5, packageCount: 3 });
    expect(await balanceCents(app.ctx.db, reseller.id)).toBe(before);

    const booked = await book(ids);
    expect(booked.statusCode, booked.body).toBe(201);
    const pickup = booked.json().pickup;
    expect(pickup).toMatchObject({
      status: 'scheduled',
      carrier: 'ups',
      price: 6.5,
      packageCount: 3,
      totalWeightOz: 144,
      instructions: 'By the front door',
      isTest: true,
    });
    expect(pickup.confirmation).toMatch(/^TEST\d{10}$/);
    expect(await balanceCents(app.ctx.db, reseller.id)).toBe(before - 6_50);

    // Each label says it is in a scheduled pickup, and one label is in one scheduled pickup at once.
    const today = (
      await app.inject({ method: 'GET', url: '/api/v1/scan-forms/today', headers: reseller.headers })
    ).json();
    const labels = today.groups.flatMap((g: { labels: unknown[] }) => g.labels);
    expect(labels.map((l: { pickupStatus: string }) => l.pickupStatus)).toEqual([
      'scheduled',
      'scheduled',
      'scheduled',
    ]);
    const twice = await book([ids[0]!]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toMatch(/already in a scheduled pickup$/);

    // Two cancels at once: one cancels and refunds, the other is told it is done; the money moves once.
    const cancels = await Promise.all(
      [1, 2].map(() =>
        app.inject({ method: 'DELETE', url: `/api/v1/pickups/${pickup._id}`, headers: reseller.headers }),
      ),
    );
    expect(cancels.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceCents(app.ctx.db, reseller.id)).toBe(before);
    const { entries, sum } = await ledgerOf(app.ctx.db, reseller.id);
    const pickupEntries = entries.filter((e) => e.sourceKey.includes(`pickup:${pickup._id}`));
    expect(pickupEntries.map((e) => [e.kind, e.amountCents]).sort()).toEqual([
      ['order_charge', -6_50],
      ['refund', 6_50],
    ]);
    expect(sum).toBe(await balanceCents(app.ctx.db, reseller.id));

    const listed = (
      await app.inject({ method: 'GET', url: '/api/v1/pickups', headers: reseller.headers })
    ).json().pickups;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ status: 'cancelled', _id: pickup._id });
    expect(listed[0].cancelledAt).not.toBeNull();
  });

  it('books a USPS pickup free, refuses one whose window has started to be cancelled, and mixed carriers', async () => {
    const usps = await buy(orderBody(types.ground_oz!, { quantity: 2 }));
    const ups = await buy(orderBody(types.ups_standard!));
    const mixed = await book([...usps, ...ups]);
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().message).toMatch(/: another carrier \(UPS\)$/);

    const before = await balanceCents(app.ctx.db, reseller.id);
    const started = new Date(Date.now() - 60_000).toISOString();
    const booked = await book(usps, { minDatetime: started, maxDatetime: tomorrow(18) });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().pickup.price).toBe(0);
    expect(await balanceCents(app.ctx.db, reseller.id)).toBe(before);
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/v1/pickups/${booked.json().pickup._id}`,
      headers: reseller.headers,
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('The pickup window has started; the carrier no longer cancels it');
  });

  it('shows an order’s SCAN form and pickup on the order itself, for the order drawer', async () => {
    const [id] = await buy(orderBody(types.ground_oz!, { FromStreet: '7 Drawer Ln' }));
    const read = async () =>
      (await app.inject({ method: 'GET', url: `/api/v1/order/read/${id}`, headers: reseller.headers })).json()
        .order;
    expect(await read()).toMatchObject({ scanForm: null, pickup: null });
    const form = await app.inject({
      method: 'POST',
      url: '/api/v1/scan-forms',
      headers: reseller.headers,
      payload: { orderIds: [id] },
    });
    expect(form.statusCode, form.body).toBe(201);
    const booked = await book([id!]);
    expect(booked.statusCode, booked.body).toBe(201);
    const { scanForm, pickup } = { scanForm: form.json().scanForm, pickup: booked.json().pickup };
    expect(await read()).toMatchObject({
      scanForm: { _id: scanForm._id, shipDate: scanForm.shipDate },
      pickup: { _id: pickup._id, status: 'scheduled', confirmation: pickup.confirmation },
    });
  });

  it('refuses a pickup the balance cannot pay, before booking it', async () => {
    const [id] = await buy(orderBody(types.ups_standard!));
    const left = await balanceCents(app.ctx.db, reseller.id);
    await fund(app.ctx.db, reseller.id, -(left - 1_00));
    const res = await book([id!]);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(
      'Insufficient balance: this pickup costs $6.50 and your balance is $1.00. Please add funds.',
    );
    const listed = (
      await app.inject({ method: 'GET', url: '/api/v1/pickups', headers: reseller.headers })
    ).json();
    expect(listed.pickups.filter((p: { orders: { _id: string }[] }) => p.orders[0]!._id === id)).toEqual([]);
  });
});
