import fs from 'node:fs';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { startWorkers } from '../../jobs/index.ts';
import { excelCsv, sheetRow } from '../../../test/fixtures/csv-files.ts';
import { createTestApp, rowsOf, type TestApp } from '../../../test/helper.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { labelTypeIds, waitFor, type Reseller } from '../../../test/order-fixtures.ts';
import { refundOrder, STAFF_REFUNDABLE } from '../refunds/refund-order.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

const STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const;
const MIGRATION = new URL('../../db/migrations/0023_bulk-order-counts.sql', import.meta.url);

// PGlite has one connection, so races there prove nothing: the races run on real PostgreSQL only.
describe('bulk order counts on postgres', () => {
  let app: TestApp;
  let alice: Reseller;
  let bob: Reseller;
  let ids: Record<string, string>;
  const rows = (query: SQL) => rowsOf(app.database, query);

  /** Every bulk order's orders per status, counted from the orders themselves. */
  const counted = () =>
    rows(sql`SELECT b.id AS bulk_order_id,
        count(o.id) FILTER (WHERE o.status = 'pending')::int AS pending,
        count(o.id) FILTER (WHERE o.status = 'processing')::int AS processing,
        count(o.id) FILTER (WHERE o.status = 'completed')::int AS completed,
        count(o.id) FILTER (WHERE o.status = 'cancelled')::int AS cancelled
      FROM bulk_orders b LEFT JOIN orders o ON o.batch_id = b.id GROUP BY b.id ORDER BY b.id`);
  const kept = () =>
    rows(sql`SELECT bulk_order_id, pending::int, processing::int, completed::int, cancelled::int
      FROM bulk_order_counts ORDER BY bulk_order_id`);

  /** `n` orders of `who` in `batch`, their statuses in turn, written directly; returns their ids and numbers. */
  const writeOrders = (who: Reseller, n: number, batch: SQL) => sql`
    INSERT INTO orders (batch_id, user_id, label_type_id, status, price_cents, weight, from_name, from_street,
      from_city, from_state, from_zip, to_name, to_street, to_city, to_state, to_zip)
    SELECT ${batch}, ${who.id}::uuid, ${ids.ground_oz!}::uuid,
      (ARRAY['pending','processing','completed','cancelled'])[1 + g % 4], 275, 3, 'A', '1 St', 'Austin', 'TX',
      '78701', 'B', '2 St', 'Boston', 'MA', '02116'
    FROM generate_series(1, ${n}) AS g RETURNING id, order_number`;

  /** A bulk order of `n` orders written directly, with their file rows, as a history to race over. */
  async function bulkOf(who: Reseller, n: number): Promise<string> {
    const [bulk] = await rows(sql`INSERT INTO bulk_orders (id, user_id, label_type_id, source, total_orders,
        total_cents, content_hash) VALUES (gen_random_uuid(), ${who.id}, ${ids.ground_oz!}, 'csv', ${n},
        ${n * 275}, md5(random()::text)) RETURNING id`);
    const id = bulk!.id as string;
    await app.database.db.execute(sql`
      WITH made AS (${writeOrders(who, n, sql`${id}::uuid`)})
      INSERT INTO bulk_order_rows (bulk_order_id, row_number, order_id)
      SELECT ${id}::uuid, 1 + row_number() OVER (ORDER BY order_number), id FROM made`);
    return id;
  }

  /** A bulk order bought through the API from a CSV of `n` rows; its label jobs then run. */
  async function boughtBulk(who: Reseller, n: number, tag: string): Promise<string> {
    const csv = excelCsv(Array.from({ length: n }, (_, i) => ({ ...sheetRow(i), ToName: `${tag} ${i}` })));
    const file = { data: csv, filename: `${tag}.csv` };
    const checked = await multipartPayload({ csv: file, labeltype: ids.ground_oz! });
    const { totalPrice } = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/order/validatecsv',
        headers: { ...who.headers, ...checked.headers },
        payload: checked.payload,
      })
    ).json();
    const body = await multipartPayload({ csv: file, type: ids.ground_oz!, total_price: String(totalPrice) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/order/createOrderFromCSV',
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bulkOrder._id as string;
  }

  beforeAll(async () => {
    app = await createTestApp({
      engine: 'postgres',
      poolSize: 40,
      env: { LABEL_TEST_REJECT_MARKER: 'REJECT', LABEL_RETRY_DELAY_SECONDS: '0' },
    });
    // The bought bulk orders' label jobs move their orders on while the rest races.
    await startWorkers(app.ctx);
    alice = await signUpReseller(app, 1_000_00);
    bob = await signUpReseller(app, 1_000_00);
    ids = await labelTypeIds(app, alice.headers);
  });
  afterAll(async () => app.close());

  it('keeps each bulk order counts right across simultaneous purchases, status changes, refunds, moves and deletes', async () => {
    const written = [await bulkOf(alice, 120), await bulkOf(alice, 80), await bulkOf(bob, 100)];
    const of = async (bulk: string) =>
      (await rows(sql`SELECT id FROM orders WHERE batch_id = ${bulk} ORDER BY order_number`)).map(
        (r) => r.id as string,
      );
    const [a, b, c] = [await of(written[0]!), await of(written[1]!), await of(written[2]!)];
    // Single orders are not part of any bulk order and must not be counted in one.
    await app.database.db.execute(writeOrders(alice, 20, sql`gen_random_uuid()`));

    const bought = Promise.all([
      boughtBulk(alice, 12, 'Alice'),
      boughtBulk(bob, 10, 'Bob'),
      boughtBulk(alice, 6, 'REJECT'),
    ]);
    await Promise.all([
      bought,
      // Refunds of completed orders, racing status changes of the same orders.
      ...[...a.slice(0, 40), ...c.slice(0, 20)].map((id) =>
        refundOrder(app.ctx, { orderId: id, reason: 'test refund', from: STAFF_REFUNDABLE }),
      ),
      ...a
        .slice(20, 60)
        .map((id, i) =>
          app.database.db.execute(sql`UPDATE orders SET status = ${STATUSES[i % 4]!} WHERE id = ${id}`),
        ),
      // Statements over many orders of several bulk orders at once, in order_number order.
      ...Array.from({ length: 6 }, (_, i) =>
        app.database.db.execute(sql`UPDATE orders SET status = ${STATUSES[i % 4]!}
          WHERE id IN (SELECT id FROM orders WHERE batch_id IN (${written[0]!}, ${written[1]!}, ${written[2]!})
            AND order_number % 6 = ${i} ORDER BY order_number LIMIT 30 FOR UPDATE)`),
      ),
      // Orders moved from one bulk order to another.
      ...b
        .slice(0, 10)
        .map((id) =>
          app.database.db.execute(sql`UPDATE orders SET batch_id = ${written[0]!} WHERE id = ${id}`),
        ),
      // Deletes, one at a time and many at once.
      ...b.slice(40, 60).map((id) => app.database.db.delete(orders).where(eq(orders.id, id))),
      app.database.db.execute(
        sql`DELETE FROM orders WHERE id IN (SELECT id FROM orders WHERE batch_id = ${written[2]!}
          AND order_number % 7 = 0 ORDER BY order_number LIMIT 10 FOR UPDATE)`,
      ),
    ]);
    const purchased = await bought;
    await waitFor(
      () =>
        rows(sql`SELECT count(*)::int AS n FROM orders WHERE status IN ('pending', 'processing')
          AND batch_id IN (${purchased[0]!}, ${purchased[1]!}, ${purchased[2]!})`),
      (r) => r[0]!.n === 0,
      60_000,
    );

    const truth = await counted();
    expect(truth.length).toBe(6);
    expect(await kept()).toEqual(truth);
    // What resellers read: each bulk order's progress in the list, and the REJECT rows refunded.
    for (const who of [alice, bob]) {
      const list = await app.inject({
        method: 'GET',
        url: '/api/v1/order/read-bulk-orders?limit=50',
        headers: who.headers,
      });
      const shown = (list.json().orders as { _id: string; progress: Record<string, number> }[])
        .map((o) => ({ bulk_order_id: o._id, ...o.progress }))
        .sort((x, y) => x.bulk_order_id.localeCompare(y.bulk_order_id));
      const mine = await rows(sql`SELECT id FROM bulk_orders WHERE user_id = ${who.id}`);
      expect(shown).toEqual(
        truth
          .filter((t) => mine.some((m) => m.id === t.bulk_order_id))
          .map((t) => ({ ...t, done: Number(t.completed) + Number(t.cancelled) })),
      );
    }
    expect(truth.find((t) => t.bulk_order_id === purchased[2])).toMatchObject({ cancelled: 6, completed: 0 });
  }, 120_000);

  it('counts the bulk orders made before the counts were kept (the migration fills them)', async () => {
    const fill = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint').at(-1)!;
    const before = await kept();
    expect(before.length).toBeGreaterThan(0);
    await app.database.db.execute(sql`DELETE FROM bulk_order_counts`);
    await app.database.db.execute(sql.raw(fill));
    expect(await kept()).toEqual(await counted());
    expect(await kept()).toEqual(before);
  });
});
