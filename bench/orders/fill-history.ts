import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Susan',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Lopez',
  'Wilson',
];
export const SEARCH_NAMES = [...FIRST, ...LAST];

const pgArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

/**
 * One reseller's history of `count` orders, made by the database in one statement (generate_series):
 * a spread of names, 85% completed with a tracking number, 5% cancelled, the rest pending, one a minute.
 */
export async function fillHistory(database: Database, userId: string, labelTypeId: string, count: number) {
  const first = pgArray(FIRST);
  const last = pgArray(LAST);
  await database.db.execute(
    sql.raw(`
    INSERT INTO orders (batch_id, user_id, label_type_id, status, price_cents, weight,
      from_name, from_street, from_city, from_state, from_zip,
      to_name, to_street, to_city, to_state, to_zip, tracking, created_at, updated_at)
    SELECT gen_random_uuid(), '${userId}', '${labelTypeId}',
      CASE WHEN g % 20 = 0 THEN 'cancelled' WHEN g % 20 < 3 THEN 'pending' ELSE 'completed' END,
      275, 3,
      (${first})[1 + g % 10] || ' ' || (${last})[1 + (g / 10) % 10], '100 Congress Ave', 'Austin', 'TX', '78701',
      (${first})[1 + (g / 7) % 10] || ' ' || (${last})[1 + (g / 3) % 10], '200 Boylston St', 'Boston', 'MA', '02116',
      CASE WHEN g % 20 >= 3 THEN '9400' || lpad(g::text, 18, '0') END,
      now() - g * interval '1 minute', now()
    FROM generate_series(1, ${count}) AS g`),
  );
  await database.executeSql('VACUUM ANALYZE orders');
}

/**
 * The history grouped into bulk orders of `perBulk` orders each, oldest first, as CSV purchases leave it:
 * each bulk order's orders carry its id as their batch and have their file rows. Returns the bulk ids.
 */
export async function groupIntoBulkOrders(
  database: Database,
  userId: string,
  labelTypeId: string,
  perBulk: number,
): Promise<string[]> {
  await database.executeSql(`
    INSERT INTO bulk_orders (id, user_id, label_type_id, source, total_orders, total_cents, content_hash, created_at)
    SELECT gen_random_uuid(), '${userId}', '${labelTypeId}', 'csv', 0, 0, 'bench-' || g, now() - g * interval '1 day'
    FROM generate_series(1, (SELECT ceil(count(*)::numeric / ${perBulk})::int FROM orders WHERE user_id = '${userId}')) AS g`);
  await database.executeSql(`
    UPDATE orders SET batch_id = b.id
    FROM (SELECT id, row_number() OVER (ORDER BY order_number) - 1 AS r FROM orders WHERE user_id = '${userId}') AS o,
      (SELECT id, row_number() OVER (ORDER BY created_at) - 1 AS i FROM bulk_orders WHERE user_id = '${userId}') AS b
    WHERE orders.id = o.id AND b.i = o.r / ${perBulk}`);
  await database.executeSql(`
    INSERT INTO bulk_order_rows (bulk_order_id, row_number, order_id)
    SELECT batch_id, 1 + row_number() OVER (PARTITION BY batch_id ORDER BY order_number), id
    FROM orders WHERE user_id = '${userId}'`);
  await database.executeSql(`
    UPDATE bulk_orders SET total_orders = n, total_cents = cents
    FROM (SELECT batch_id, count(*) AS n, sum(price_cents) AS cents FROM orders GROUP BY batch_id) AS t
    WHERE t.batch_id = bulk_orders.id`);
  await database.executeSql('VACUUM ANALYZE orders');
  await database.executeSql('VACUUM ANALYZE bulk_order_rows');
  const result = (await database.executeSql(
    `SELECT id FROM bulk_orders WHERE user_id = '${userId}' ORDER BY created_at DESC`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}
