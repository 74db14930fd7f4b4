import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelTypePrices, labelTypes, orders } from '../../db/schema.ts';
import { ENGINES, createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  balanceCents,
  createOrder,
  fund,
  labelTypeIds,
  ledgerOf,
  orderBody,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

type Listed = { _id: string; OrderId: string; toName: string; status: string; tracking: string | null };

describe.each(ENGINES)('order history on %s', (engine) => {
  let app: TestApp;
  let alice: Reseller;
  let bob: Reseller;
  let ids: Record<string, string>;
  let created: Listed[];
  const read = async (query: string, who = alice) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/order/read${query}`, headers: who.headers });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    app = await createTestApp({ engine });
    alice = await signUpReseller(app, 200_00);
    bob = await signUpReseller(app, 10_00);
    ids = await labelTypeIds(app, alice.headers);
    created = [];
    for (const name of ['Rita Receiver', "Ann O'Neil", 'Zoe Park']) {
      const res = await createOrder(
        app,
        alice.headers,
        orderBody(ids.ground_oz!, { ToName: name, quantity: 4 }),
      );
      created.push(...res.json().orders);
    }
    // Two finished labels and one failed one, as the label jobs would leave them.
    await app.database.db
      .update(orders)
      .set({ status: 'completed', tracking: '9400111899223197428490' })
      .where(eq(orders.id, created[0]!._id));
    await app.database.db
      .update(orders)
      .set({ status: 'completed', tracking: '9400111899223197400001' })
      .where(eq(orders.id, created[5]!._id));
    await app.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, created[11]!._id));
  });
  afterAll(async () => app.close());

  describe('GET /api/v1/order/read', () => {
    it('pages 10 at a time, newest first, every status, by default', async () => {
      const { status, body } = await read('');
      expect(status).toBe(200);
      expect(body.total).toBe(12);
      expect(body.totalPages).toBe(2);
      expect(body.orders.map((o: Listed) => o.OrderId)).toEqual(
        created
          .map((o) => o.OrderId)
          .reverse()
          .slice(0, 10),
      );
      const second = await read('?page=2');
      expect(second.body.orders.map((o: Listed) => o.OrderId)).toEqual([
        created[1]!.OrderId,
        created[0]!.OrderId,
      ]);
      expect((await read('?page=3')).body).toEqual({ orders: [], totalPages: 2, total: 12 });
    });

    it('sorts oldest first with sort=asc and filters by status', async () => {
      const asc = await read('?sort=asc&limit=3');
      expect(asc.body.orders.map((o: Listed) => o.OrderId)).toEqual(
        created.slice(0, 3).map((o) => o.OrderId),
      );
      expect(asc.body.totalPages).toBe(4);
      const completed = await read('?status=completed');
      expect(completed.body.total).toBe(2);
      expect(completed.body.orders.every((o: Listed) => o.status === 'completed')).toBe(true);
      expect((await read('?status=cancelled')).body.total).toBe(1);
      expect((await read('?status=All&sort=des')).body.total).toBe(12);
    });

    it.each([
      ['rita', 4],
      ['RIT', 4],
      ['rita receiver', 4],
      ["o'neil", 4],
      ['neil', 4],
      ['sam sender', 12],
      ['nobody', 0],
      ['9400111899223197428490', 1],
      ['94001118992231974', 2],
      ['   ', 12],
      ['%_*:&|!', 12],
    ])('searches names, tracking and OrderId by word start: "%s" finds %i', async (search, total) => {
      expect((await read(`?search=${encodeURIComponent(search)}`)).body.total).toBe(total);
    });

    it('finds an order by its OrderId, with or without the prefix', async () => {
      const target = created[7]!.OrderId;
      const exact = await read(`?search=${target}`);
      expect(exact.body.orders.map((o: Listed) => o.OrderId)).toEqual([target]);
      const digits = await read(`?search=${target.slice(4)}`);
      expect(digits.body.orders.map((o: Listed) => o.OrderId)).toEqual([target]);
    });

    it("never shows another reseller's orders", async () => {
      expect((await read('', bob)).body).toEqual({ orders: [], totalPages: 1, total: 0 });
      expect((await read(`?search=${created[0]!.OrderId}`, bob)).body.total).toBe(0);
    });

    it.each([
      ['?page=0', 'Page must be at least 1'],
      ['?page=abc', 'Page must be a number'],
      ['?limit=1000', 'Limit must be at most 100'],
      ['?status=shipped', 'Status must be All, pending, processing, completed or cancelled'],
      ['?sort=sideways', 'Sort must be asc or des'],
      [`?search=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
    ])('refuses %s with a clear 400', async (query, message) => {
      const { status, body } = await read(query);
      expect(status).toBe(400);
      expect(body.message).toBe(message);
    });

    it('needs a signed-in reseller', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/v1/order/read' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/order/stats', () => {
    it("counts the reseller's orders in total and per status, and nobody else's", async () => {
      const stats = await app.inject({ method: 'GET', url: '/api/v1/order/stats', headers: alice.headers });
      const noTracking = { inTransit: 0, delivered: 0, problems: 0 };
      expect(stats.json()).toEqual({
        total: 12,
        pending: 9,
        processing: 0,
        completed: 2,
        cancelled: 1,
        tracking: noTracking,
      });
      const none = await app.inject({ method: 'GET', url: '/api/v1/order/stats', headers: bob.headers });
      expect(none.json()).toEqual({
        total: 0,
        pending: 0,
        processing: 0,
        completed: 0,
        cancelled: 0,
        tracking: noTracking,
      });
      expect((await app.inject({ method: 'GET', url: '/api/v1/order/stats' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/order/download/{id}', () => {
    const get = (id: string, who = alice) =>
      app.inject({ method: 'GET', url: `/api/v1/order/download/${id}`, headers: who.headers });

    it('refuses an order that is not completed', async () => {
      const pending = await get(created[3]!._id);
      expect(pending.statusCode).toBe(409);
      expect(pending.json().message).toBe('Only completed orders can be downloaded');
    });

    it("answers 404 to another reseller's order, an unknown id and a malformed one", async () => {
      expect((await get(created[0]!._id, bob)).statusCode).toBe(404);
      expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await get('not-an-id')).statusCode).toBe(404);
    });
  });

  describe('POST /api/v1/order/duplicate/{id}', () => {
    const duplicate = (id: string, who = alice) =>
      app.inject({ method: 'POST', url: `/api/v1/order/duplicate/${id}`, headers: who.headers });

    it("orders the same shipment again at today's price, not the original's, through the ledger", async () => {
      // Staff raised the price since the original was bought at $2.75.
      await app.database.db
        .update(labelTypePrices)
        .set({ priceCents: 999 })
        .where(eq(labelTypePrices.labelTypeId, ids.ground_oz!));
      const before = await balanceCents(app.database.db, alice.id);
      const res = await duplicate(created[0]!._id);
      expect(res.statusCode).toBe(201);
      const { message, order, balance } = res.json();
      expect(message).toBe('Order duplicated successfully');
      expect(order).toMatchObject({
        status: 'pending',
        price: 9.99,
        toName: 'Rita Receiver',
        tracking: null,
        pdf: null,
      });
      expect(order.OrderId).not.toBe(created[0]!.OrderId);
      expect(balance).toBe((before - 999) / 100);
      const ledger = await ledgerOf(app.database.db, alice.id);
      expect(ledger.entries.filter((e) => e.kind === 'order_charge').at(-1)).toMatchObject({
        amountCents: -999,
      });
      expect(ledger.sum).toBe(before - 999);
    });

    it('refuses a duplicate the label type no longer takes (weight limit), or whose shown price changed', async () => {
      const before = await balanceCents(app.database.db, alice.id);
      const changed = await app.inject({
        method: 'POST',
        url: `/api/v1/order/duplicate/${created[0]!._id}`,
        headers: alice.headers,
        payload: { expectedPrice: 2.75 },
      });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toEqual({ message: 'Prices changed, please review' });
      await app.database.db.update(labelTypes).set({ maxWeight: 2 }).where(eq(labelTypes.id, ids.ground_oz!));
      const tooHeavy = await duplicate(created[0]!._id);
      expect(tooHeavy.statusCode).toBe(400);
      expect(tooHeavy.json().message).toBe('Weight must be at most 2 oz for USPS Ground Advantage (oz)');
      await app.database.db
        .update(labelTypes)
        .set({ maxWeight: 15.99 })
        .where(eq(labelTypes.id, ids.ground_oz!));
      expect(await balanceCents(app.database.db, alice.id)).toBe(before);
    });

    it("answers 404 for another reseller's order and charges nothing", async () => {
      const before = await balanceCents(app.database.db, bob.id);
      const res = await duplicate(created[0]!._id, bob);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Order not found' });
      expect((await duplicate('nope', bob)).statusCode).toBe(404);
      expect(await balanceCents(app.database.db, bob.id)).toBe(before);
      const bobsOrders = await app.database.db.select().from(orders).where(eq(orders.userId, bob.id));
      expect(bobsOrders).toEqual([]);
    });

    it('refuses with 402 when the balance cannot cover the price again', async () => {
      const poor = await signUpReseller(app, 1000);
      const first = (await createOrder(app, poor.headers, orderBody(ids.ground_oz!))).json().orders[0];
      expect(first.price).toBe(9.99);
      const again = await duplicate(first._id, poor);
      expect(again.statusCode).toBe(402);
      expect(again.json().message).toBe(
        'Insufficient balance: this order costs $9.99 and your balance is $0.01. Please add funds.',
      );
      expect(await balanceCents(app.database.db, poor.id)).toBe(1);
      await fund(app.database.db, poor.id, 1000);
      expect((await duplicate(first._id, poor)).statusCode).toBe(201);
      const mine = await app.database.db
        .select()
        .from(orders)
        .where(inArray(orders.userId, [poor.id]));
      expect(mine).toHaveLength(2);
    });
  });
});
