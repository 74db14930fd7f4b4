import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { startWorkers } from '../../jobs/index.ts';
import { createTestApp, rowsOf, type TestApp } from '../../../test/helper.ts';
import { refundOrder, STAFF_REFUNDABLE } from '../refunds/refund-order.ts';
import {
  createOrder,
  labelTypeIds,
  orderBody,
  waitFor,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

const STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const;

// PGlite has one connection, so races there prove nothing: this runs on real PostgreSQL only.
describe('order counts under concurrency on postgres', () => {
  let app: TestApp;
  let alice: Reseller;
  let bob: Reseller;
  const rows = (query: ReturnType<typeof sql>) => rowsOf(app.database, query);

  /** The kept counts (per day and per reseller) against a count of the orders themselves. */
  async function expectCountsMatchOrders(): Promise<void> {
    const [kept, counted] = await Promise.all([
      rows(sql`SELECT user_id, day::text, pending::int, processing::int, completed::int, cancelled::int
        FROM order_day_counts WHERE pending + processing + completed + cancelled <> 0 ORDER BY 1, 2`),
      rows(sql`SELECT user_id, (created_at AT TIME ZONE 'UTC')::date::text AS day,
          count(*) FILTER (WHERE status = 'pending')::int AS pending,
          count(*) FILTER (WHERE status = 'processing')::int AS processing,
          count(*) FILTER (WHERE status = 'completed')::int AS completed,
          count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled
        FROM orders GROUP BY 1, 2 ORDER BY 1, 2`),
    ]);
    expect(kept).toEqual(counted);
    expect(
      await rows(
        sql`SELECT count(*)::int AS n FROM order_day_counts WHERE least(pending, processing, completed, cancelled) < 0`,
      ),
    ).toEqual([{ n: 0 }]);
    for (const who of [alice, bob]) {
      const mine = counted.filter((r) => r.user_id === who.id);
      for (const status of ['All', ...STATUSES]) {
        const want = mine.reduce(
          (sum, r) =>
            sum + (status === 'All' ? STATUSES.reduce((s, k) => s + Number(r[k]), 0) : Number(r[status])),
          0,
        );
        const res = await app.inject({
          method: 'GET',
          url: `/api/v1/order/read?status=${status}&page=30&limit=5`,
          headers: who.headers,
        });
        expect(res.json().total, `${status}`).toBe(want);
      }
    }
  }

  beforeAll(async () => {
    app = await createTestApp({ engine: 'postgres', poolSize: 40 });
    // The new orders' label jobs move them to processing and completed while the rest races.
    await startWorkers(app.ctx);
    // The render threads start and compile the label code first: seconds alone, tens of seconds on a
    // loaded machine, which the wait for the labels below would otherwise pay.
    await app.ctx.renderer.warmUp();
    alice = await signUpReseller(app, 1_000_00);
    bob = await signUpReseller(app, 1_000_00);
  }, 120_000);
  afterAll(async () => app.close());

  it('keeps per-day and per-reseller counts right across simultaneous creates, status changes, refunds and deletes', async () => {
    const ids = await labelTypeIds(app, alice.headers);
    const body = (i: number) => orderBody(ids.ground_oz!, { ToName: `Buyer ${i}`, quantity: 1 + (i % 3) });
    // A history over several days to change and delete from.
    await app.database.db.execute(sql`
      INSERT INTO orders (batch_id, user_id, label_type_id, status, price_cents, weight, from_name, from_street,
        from_city, from_state, from_zip, to_name, to_street, to_city, to_state, to_zip, created_at)
      SELECT gen_random_uuid(), (ARRAY[${alice.id}, ${bob.id}])[1 + g % 2]::uuid, ${ids.ground_oz!}::uuid,
        (ARRAY['pending','processing','completed','cancelled'])[1 + g % 4], 275, 3, 'A', '1 St', 'Austin', 'TX',
        '78701', 'B', '2 St', 'Boston', 'MA', '02116', now() - g * interval '3 hours'
      FROM generate_series(1, 400) AS g`);
    const old = (await rows(sql`SELECT id, status FROM orders ORDER BY order_number`)) as {
      id: string;
      status: string;
    }[];

    await Promise.all([
      // Creates through the API (their label jobs move them to processing and completed meanwhile).
      ...Array.from({ length: 40 }, (_, i) => createOrder(app, (i % 2 ? alice : bob).headers, body(i))),
      // Refunds of older orders.
      ...old
        .slice(0, 60)
        .map((o) => refundOrder(app.ctx, { orderId: o.id, reason: 'test refund', from: STAFF_REFUNDABLE })),
      // Status changes racing the refunds on the same orders, and moves to another day.
      ...old
        .slice(30, 120)
        .map((o, i) =>
          app.database.db.execute(sql`UPDATE orders SET status = ${STATUSES[i % 4]!} WHERE id = ${o.id}`),
        ),
      ...old
        .slice(30, 120)
        .flatMap((o, i) =>
          i % 5 === 0
            ? [
                app.database.db.execute(
                  sql`UPDATE orders SET created_at = created_at - interval '2 days' WHERE id = ${o.id}`,
                ),
              ]
            : [],
        ),
      // Many-row statements racing each other over the same day rows. The app's many-row statements each
      // change their own orders (a label job's batch); these overlap the bulk delete below, so both lock
      // their rows in order_number order (FOR UPDATE in the ordered subquery). Locked in whatever order
      // two scans meet them, overlapping rows can deadlock the two statements, which says nothing about
      // the counts this test is about.
      ...Array.from({ length: 6 }, (_, i) =>
        app.database.db.execute(sql`UPDATE orders SET status = ${STATUSES[i % 4]!}
          WHERE id IN (SELECT id FROM orders WHERE order_number % 6 = ${i} ORDER BY order_number LIMIT 40 FOR UPDATE)`),
      ),
      // Everything else that moves a page's version (migration 0021), every reseller's at once or one's.
      ...[1, 2, 3].flatMap((n) => [
        app.database.db.execute(
          sql`UPDATE label_types SET name = ${`Ground ${n}`} WHERE id = ${ids.ground_oz!}`,
        ),
        app.database.db
          .execute(sql`INSERT INTO app_settings (key, value) VALUES ('refundWindowDays', to_jsonb(${n}::int))
          ON CONFLICT (key) DO UPDATE SET value = excluded.value`),
      ]),
      ...old.slice(120, 160).map((o) =>
        app.database.db.execute(sql`INSERT INTO refund_requests (order_id, user_id, reason)
            SELECT id, user_id, 'racing' FROM orders WHERE id = ${o.id} ON CONFLICT DO NOTHING`),
      ),
      // Deletes, one at a time and in bulk.
      ...old.slice(200, 230).map((o) => app.database.db.delete(orders).where(eq(orders.id, o.id))),
      app.database.db.execute(
        sql`DELETE FROM orders WHERE id IN (SELECT id FROM orders WHERE order_number % 17 = 0 ORDER BY order_number LIMIT 20 FOR UPDATE)`,
      ),
    ]);
    // Let the label jobs of the new orders finish, then compare: how long they take says nothing about
    // the counts, and on a loaded machine it is well over the usual wait.
    await waitFor(
      () =>
        rows(
          sql`SELECT count(*)::int AS n FROM orders WHERE status IN ('pending', 'processing') AND to_name LIKE 'Buyer %'`,
        ),
      (r) => r[0]!.n === 0,
      90_000,
    );
    await expectCountsMatchOrders();
    // Each reseller's first page, remembered or not, is the history as it now is.
    for (const who of [alice, bob]) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/order/read?limit=50',
        headers: who.headers,
      });
      const fresh = await rows(sql`SELECT o.id, t.name, r.reason FROM orders o
        JOIN label_types t ON t.id = o.label_type_id LEFT JOIN refund_requests r ON r.order_id = o.id
        WHERE o.user_id = ${who.id} ORDER BY o.created_at DESC, o.order_number DESC LIMIT 50`);
      const shown = (
        res.json().orders as {
          _id: string;
          labelType: { name: string };
          refundRequest: { reason: string } | null;
        }[]
      ).map((o) => ({ id: o._id, name: o.labelType.name, reason: o.refundRequest?.reason ?? null }));
      expect(shown).toEqual(fresh);
    }
  }, 180_000);
});
