import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelTypes, orders } from '../../db/schema.ts';
import { ENGINES, createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  balanceCents,
  createOrder,
  labelTypeIds,
  ledgerOf,
  orderBody,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

describe.each(ENGINES)('POST /api/v1/order/create on %s', (engine) => {
  let app: TestApp;
  let ids: Record<string, string>;
  let alice: Reseller;
  const newReseller = (cents = 0) => signUpReseller(app, cents);

  beforeAll(async () => {
    app = await createTestApp({ engine });
    alice = await newReseller(100_00);
    ids = await labelTypeIds(app, alice.headers);
  });
  afterAll(async () => app.close());

  it('creates a pending order, charges its price and shows it in the history', async () => {
    const before = await balanceCents(app.database.db, alice.id);
    const res = await createOrder(app, alice.headers, orderBody(ids.ground_oz!));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Order created successfully');
    expect(body.orders).toHaveLength(1);
    const [order] = body.orders;
    expect(order).toMatchObject({
      OrderId: expect.stringMatching(/^LBL-\d{5,}$/),
      status: 'pending',
      price: 2.75,
      labelType: { uid: 'ground_oz', name: 'USPS Ground Advantage (oz)' },
      fromName: 'Sam Sender',
      toName: 'Rita Receiver',
      ToStreet2: 'Apt 5',
      ToCountry: 'US',
      tracking: null,
      pdf: null,
      design: null,
      signature: false,
      user: alice.id,
    });
    expect(body.balance).toBe((before - 275) / 100);
    expect(await balanceCents(app.database.db, alice.id)).toBe(before - 275);
    const history = await app.inject({ method: 'GET', url: '/api/v1/order/read', headers: alice.headers });
    expect(history.json().orders.map((o: { _id: string }) => o._id)).toContain(order._id);
  });

  it('makes quantity N orders with one charge of N x the unit price in one ledger entry', async () => {
    const bob = await newReseller(50_00);
    const res = await createOrder(
      app,
      bob.headers,
      orderBody(ids.priority!, { quantity: 3, Weight: 2, design: 'evs' }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json().orders as { uuid: string; OrderId: string; price: number }[];
    expect(created).toHaveLength(3);
    expect(new Set(created.map((o) => o.uuid)).size).toBe(1);
    expect(new Set(created.map((o) => o.OrderId)).size).toBe(3);
    expect(created.every((o) => o.price === 6.5)).toBe(true);
    const ledger = await ledgerOf(app.database.db, bob.id);
    const charges = ledger.entries.filter((e) => e.kind === 'order_charge');
    expect(charges.map((e) => e.amountCents)).toEqual([-1950]);
    expect(await balanceCents(app.database.db, bob.id)).toBe(50_00 - 1950);
    expect(ledger.sum).toBe(50_00 - 1950);
  });

  it('refuses an order the balance cannot cover with a clear 402 and charges nothing', async () => {
    const carol = await newReseller(5_00);
    const res = await createOrder(app, carol.headers, orderBody(ids.ground_oz!, { quantity: 2, Weight: 13 }));
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(
      'Insufficient balance: this order costs $8.50 and your balance is $5.00. Please add funds.',
    );
    expect(await balanceCents(app.database.db, carol.id)).toBe(5_00);
    const ledger = await ledgerOf(app.database.db, carol.id);
    expect(ledger.entries.filter((e) => e.kind === 'order_charge')).toEqual([]);
    expect(await app.database.db.select().from(orders).where(eq(orders.userId, carol.id))).toEqual([]);
    const broke = await newReseller();
    expect((await createOrder(app, broke.headers, orderBody(ids.ground_oz!))).statusCode).toBe(402);
  });

  it('answers a retried request with the same Idempotency-Key with the first reply, charged once', async () => {
    const dave = await newReseller(20_00);
    const headers = { ...dave.headers, 'idempotency-key': 'checkout-7f3a9c21' };
    const body = orderBody(ids.ground_oz!, { quantity: 2 });
    const first = await createOrder(app, headers, body);
    expect(first.statusCode).toBe(201);
    const retries = await Promise.all([1, 2].map(() => createOrder(app, headers, body)));
    for (const r of retries) {
      expect(r.statusCode).toBe(201);
      expect(r.json()).toEqual(first.json());
      expect(r.headers['idempotent-replayed']).toBe('true');
    }
    expect(await balanceCents(app.database.db, dave.id)).toBe(20_00 - 550);
    const other = await createOrder(app, { ...dave.headers, 'idempotency-key': 'checkout-other-1' }, body);
    expect(other.json().orders[0]._id).not.toBe(first.json().orders[0]._id);
    const changed = await createOrder(app, headers, { ...body, quantity: 1 });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toMatch(/already used for a different request/);
    const bad = await createOrder(app, { ...dave.headers, 'idempotency-key': 'no spaces allowed' }, body);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Idempotency-Key must be 1 to 255 visible characters without spaces');
    expect(await balanceCents(app.database.db, dave.id)).toBe(20_00 - 550 - 550);
  });

  it('accepts an Idempotency-Key on duplicate: the retry gets the first copy', async () => {
    const erin = await newReseller(20_00);
    const original = (await createOrder(app, erin.headers, orderBody(ids.ground_oz!))).json().orders[0];
    const duplicate = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/order/duplicate/${original._id}`,
        headers: { ...erin.headers, 'idempotency-key': `dup-${original._id}` },
      });
    const first = await duplicate();
    const again = await duplicate();
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await balanceCents(app.database.db, erin.id)).toBe(20_00 - 2 * 275);
  });

  it('keeps only the fields the label type uses', async () => {
    const res = await createOrder(
      app,
      alice.headers,
      orderBody(ids.ground_oz!, { design: 'evs', Height: 1, Width: 2, Length: 3, ToPhone: '5551234567' }),
    );
    expect(res.json().orders[0]).toMatchObject({ design: null, Height: null, Width: null, ToPhone: '' });
    const fedex = await createOrder(
      app,
      alice.headers,
      orderBody(ids.fedex_ground!, { Height: 4, Width: 5, Length: 6, ToPhone: '(555) 123-4567' }),
    );
    expect(fedex.statusCode).toBe(201);
    expect(fedex.json().orders[0]).toMatchObject({
      Height: 4,
      Width: 5,
      Length: 6,
      ToPhone: '(555) 123-4567',
    });
  });

  it('ships the UPS types named in the spec to Canadian provinces', async () => {
    const res = await createOrder(
      app,
      alice.headers,
      orderBody(ids.ups_standard!, { ToState: 'ON', ToZip: 'M5V 2T6' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().orders[0]).toMatchObject({ ToState: 'ON', ToCountry: 'CA', ToZip: 'M5V 2T6' });
  });

  it.each([
    ['priority', { design: undefined }, 'Please select a Template'],
    ['priority', { design: 'stamps' }, 'Template must be pitney, evs or Endicia'],
    ['priority', { design: 'evs', Weight: 70.5 }, 'Weight must be at most 70 lb for USPS Priority Mail'],
    ['fedex_ground', {}, 'Height is required for FedEx labels'],
    ['fedex_ground', { Height: 1, Width: 1, Length: 0 }, 'Length must be greater than 0'],
    ['fedex_ground', { Height: 1, Width: 1, Length: 1, ToPhone: 'abc' }, 'To Phone must be a phone number'],
    ['ground_oz', { ToState: 'ON', ToZip: 'M5V 2T6' }, 'To State must be a US state or territory'],
    [
      'ups_standard',
      { ToState: 'ON', ToZip: '12345' },
      'To ZIP Code must be a Canadian postal code (A1A 1A1)',
    ],
    ['ups_standard', { ToState: 'ZZ' }, 'To State must be a US state or a Canadian province'],
    ['ground_oz', { Weight: 0 }, 'Weight must be greater than 0'],
    ['ground_oz', { Weight: undefined }, 'Weight is required'],
    ['ground_oz', { Weight: 16 }, 'Weight must be at most 15.99 oz for USPS Ground Advantage (oz)'],
    ['ground_oz', { quantity: 0 }, 'Quantity must be at least 1'],
    ['ground_oz', { quantity: 2.5 }, 'Quantity must be a whole number'],
    ['ground_oz', { quantity: 'many' }, 'Quantity must be a number'],
    ['ground_oz', { FromState: 'ON' }, 'Please select a US state or territory'],
    ['ground_oz', { FromCountry: 'CA' }, 'Country must be United States'],
    ['ground_oz', { FromName: '' }, 'From Name is required'],
    ['ground_oz', { ToStreet: '' }, 'To Street is required'],
    ['ground_oz', { ToCity: undefined }, 'To City is required'],
    ['ground_oz', { ToState: '' }, 'To State is required'],
    ['ground_oz', { FromZip: '7870' }, 'ZIP Code must be 5 digits or ZIP+4 (12345-6789)'],
    ['ground_oz', { ToZip: '021' }, 'To ZIP Code must be 5 digits or ZIP+4 (12345-6789)'],
    ['ground_oz', { signature: 'yes' }, 'signature must be true or false'],
    ['ground_oz', { labelType: 'ground_oz' }, 'Please select a valid label type'],
    ['ground_oz', { labelType: '' }, 'Please select a label type'],
  ])('refuses a %s order with %o: "%s"', async (uid, change, message) => {
    const before = await balanceCents(app.database.db, alice.id);
    const res = await createOrder(app, alice.headers, orderBody(ids[uid]!, change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors?.[0]?.message ?? message).toBe(message);
    expect(await balanceCents(app.database.db, alice.id)).toBe(before);
  });

  it('refuses a disabled label type', async () => {
    await app.database.db
      .update(labelTypes)
      .set({ isEnabled: false })
      .where(eq(labelTypes.uid, 'ups_expedited'));
    const res = await createOrder(app, alice.headers, orderBody(ids.ups_expedited!));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('UPS Expedited is currently unavailable');
  });

  it('needs a signed-in reseller', async () => {
    const res = await createOrder(app, {}, orderBody(ids.ground_oz!));
    expect(res.statusCode).toBe(401);
  });
});
