import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, createTestApp, type TestApp } from '../../../test/helper.ts';
import { SEEK_FROM_OFFSET } from './order-list.repository.ts';
import { toSearchQuery } from './search-query.ts';
import { labelTypeIds, type Reseller } from '../../../test/order-fixtures.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

const SORTS = ['des', 'asc'] as const;
const STATUSES = ['All', 'pending', 'processing', 'completed', 'cancelled'] as const;
const SEARCHES = ['', 'smith', 'Jo', 'mary lopez'];
type Rows = { rows: Record<string, unknown>[] };

/**
 * `count` orders in one statement over about 11 days, three at a time sharing a creation time (ties
 * broken by number), names from a small set (common names), statuses mixed.
 */
async function insertHistory(app: TestApp, userId: string, labelTypeId: string, count: number, step: string) {
  await app.database.db.execute(sql`
    INSERT INTO orders (batch_id, user_id, label_type_id, status, price_cents, weight,
      from_name, from_street, from_city, from_state, from_zip,
      to_name, to_street, to_city, to_state, to_zip, tracking, created_at)
    SELECT gen_random_uuid(), ${userId}, ${labelTypeId},
      (ARRAY['pending','processing','completed','completed','cancelled'])[1 + (g * 7) % 5],
      275, 3, (ARRAY['Mary','John','Joan','Lee'])[1 + g % 4] || ' ' || (ARRAY['Smith','Lopez','Jones'])[1 + g % 3],
      '1 Main St', 'Austin', 'TX', '78701',
      (ARRAY['Ann','Bob','Johanna'])[1 + g % 3] || ' ' || (ARRAY['Smithers','Park','Lopez','Kim'])[1 + g % 4],
      '2 Main St', 'Boston', 'MA', '02116', '9400' || lpad(g::text, 18, '0'),
      now() - (g / 3) * ${step}::interval
    FROM generate_series(1, ${count}) AS g`);
}

describe.each(ENGINES)('order history pages on %s', (engine) => {
  let app: TestApp;
  let alice: Reseller;
  let groundOz: string;

  /** The plain OFFSET query every page must agree with: ids of the page and the total. */
  async function expected(q: { sort: string; status: string; search: string; page: number; limit: number }) {
    const tsQuery = toSearchQuery(q.search);
    const dir = sql.raw(q.sort === 'asc' ? 'ASC' : 'DESC');
    const where = sql`user_id = ${alice.id}
      ${q.status === 'All' ? sql`` : sql`AND status = ${q.status}`}
      ${tsQuery ? sql`AND search_vector @@ to_tsquery('simple', ${tsQuery})` : sql``}`;
    const page = (await app.database.db.execute(sql`
      SELECT id FROM orders WHERE ${where} ORDER BY created_at ${dir}, order_number ${dir}
      LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`)) as unknown as Rows;
    const total = (await app.database.db.execute(
      sql`SELECT count(*)::int AS n FROM orders WHERE ${where}`,
    )) as unknown as Rows;
    return { ids: page.rows.map((r) => r.id), total: Number(total.rows[0]!.n) };
  }

  async function read(q: { sort: string; status: string; search: string; page: number; limit: number }) {
    const params = new URLSearchParams({ ...q, page: String(q.page), limit: String(q.limit) });
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/order/read?${params}`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { orders: { _id: string }[]; total: number; totalPages: number };
    return { ids: body.orders.map((o) => o._id), total: body.total, totalPages: body.totalPages };
  }

  beforeAll(async () => {
    app = await createTestApp({ engine });
    alice = await signUpReseller(app);
    const bob = await signUpReseller(app);
    const types = await labelTypeIds(app, alice.headers);
    groundOz = types.ground_oz!;
    await insertHistory(app, alice.id, groundOz, 1000, '47 minutes');
    // Another reseller's orders on the same days must never show up or count.
    await insertHistory(app, bob.id, types.ground_oz!, 300, '2 hours');
  }, 60_000);
  afterAll(async () => app.close());

  it('returns every page of every sort, filter and search exactly as a plain OFFSET query does', async () => {
    const limit = 25;
    for (const sort of SORTS)
      for (const status of STATUSES)
        for (const search of SEARCHES) {
          const first = await expected({ sort, status, search, page: 1, limit });
          const pages = Math.max(1, Math.ceil(first.total / limit));
          // Every page, and one past the end (empty, same totals).
          for (let page = 1; page <= pages + 1; page++) {
            const q = { sort, status, search, page, limit };
            const want = page === 1 ? first : await expected(q);
            const got = await read(q);
            expect(got, JSON.stringify(q)).toEqual({ ...want, totalPages: pages });
          }
        }
  }, 240_000);

  it('returns page 1 at the default size and the pages within it as a plain OFFSET query does', async () => {
    // Pages ending within the first PAGE_SIZE.orders entries take their keys as a slice of them.
    const within = [
      [1, 10],
      [1, 3],
      [2, 5],
      [4, 3],
      [2, 6],
    ] as const;
    for (const sort of SORTS)
      for (const status of STATUSES)
        for (const [page, limit] of within) {
          const q = { sort, status, search: '', page, limit };
          const want = await expected(q);
          expect(await read(q), JSON.stringify(q)).toEqual({
            ...want,
            totalPages: Math.max(1, Math.ceil(want.total / limit)),
          });
        }
  });

  it('finds deep pages of small page sizes across day boundaries', async () => {
    // Pages of 7 straddle the ends of days; pages from the seek threshold on use the day counts.
    const limit = 7;
    for (const sort of SORTS)
      for (const status of ['All', 'completed'])
        for (let page = Math.floor(SEEK_FROM_OFFSET / limit) - 1; page <= 145; page++) {
          const q = { sort, status, search: '', page, limit };
          const want = await expected(q);
          expect(await read(q), JSON.stringify(q)).toMatchObject(want);
        }
  }, 240_000);

  // Last: it changes the history the other tests read.
  it('counts a remembered search again once the history changes, on the walk and the gather paths', async () => {
    const common = { sort: 'des', status: 'All', search: 'smith', page: 1, limit: 25 };
    const completed = { ...common, status: 'completed', page: 3 };
    const rare = { ...common, search: 'mary smithers' };
    for (const q of [common, completed, rare]) {
      await read(q); // gathered and counted, then
      expect(await read(q)).toEqual({ ...(await expected(q)), totalPages: expect.any(Number) }); // remembered
    }
    const before = { common: await read(common), completed: await read(completed), rare: await read(rare) };

    // A new order matching every search, then one of the completed matches refunded.
    await app.database.db.execute(sql`
      INSERT INTO orders (batch_id, user_id, label_type_id, status, price_cents, weight, from_name, from_street,
        from_city, from_state, from_zip, to_name, to_street, to_city, to_state, to_zip)
      VALUES (gen_random_uuid(), ${alice.id}, ${groundOz}, 'pending', 275, 3, 'Mary Smith', '1 Main St', 'Austin',
        'TX', '78701', 'Ann Smithers', '2 Main St', 'Boston', 'MA', '02116')`);
    await app.database.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = (
      SELECT id FROM orders WHERE user_id = ${alice.id} AND status = 'completed'
        AND search_vector @@ to_tsquery('simple', 'smith:*') ORDER BY order_number LIMIT 1)`);

    const after = { common: await read(common), completed: await read(completed), rare: await read(rare) };
    expect(after.common.total).toBe(before.common.total + 1);
    expect(after.rare.total).toBe(before.rare.total + 1);
    expect(after.completed.total).toBe(before.completed.total - 1);
    for (const q of [common, completed, rare]) {
      const want = await expected(q);
      expect(await read(q), JSON.stringify(q)).toEqual({
        ...want,
        totalPages: Math.max(1, Math.ceil(want.total / q.limit)),
      });
    }
  });
});
