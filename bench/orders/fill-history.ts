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
 * One reseller's history of `count` orders, made by the database (generate_series): a spread of names,
 * 85% completed with a tracking number, 5% cancelled, the rest pending, one a minute. The orders also
 * make up bulk orders of `perBulk` each, newest first, as CSV purchases leave them: their batch is the
 * bulk order's id and each has its file row. Written so from the start, not moved there afterwards, so
 * the history's tables and indexes are as compact as before. Returns the bulk orders' ids.
 */
export async function fillHistory(
  database: Database,
  userId: string,
  labelTypeId: string,
  count: number,
  perBulk: number,
): Promise<string[]> {
  const first = pgArray(FIRST);
  const last = pgArray(LAST);
  const bulks = (await database.executeSql(`
    INSERT INTO bulk_orders (id, user_id, label_type_id, source, total_orders, total_cents, content_hash, created_at)
    SELECT gen_random_uuid(), '${userId}', '${labelTypeId}', 'csv', least(${perBulk}, ${count} - (b - 1) * ${perBulk}),
      275 * least(${perBulk}, ${count} - (b - 1) * ${perBulk}), 'bench-' || b, now() - (b - 1) * interval '1 day'
    FROM generate_series(1, ${Math.ceil(count / perBulk)}) AS b
    RETURNING id`)) as unknown as { rows: { id: string }[] };
  const bulkIds = bulks.rows.map((r) => r.id);
  await database.db.execute(
    sql.raw(`
    INSERT INTO orders (batch_id, user_id, label_type_id, status, price_cents, weight,
      from_name, from_street, from_city, from_state, from_zip,
      to_name, to_street, to_city, to_state, to_zip, tracking, created_at, updated_at)
    SELECT (${pgArray(bulkIds)}::uuid[])[1 + (g - 1) / ${perBulk}], '${userId}', '${labelTypeId}',
      CASE WHEN g % 20 = 0 THEN 'cancelled' WHEN g % 20 < 3 THEN 'pending' ELSE 'completed' END,
      275, 3,
      (${first})[1 + g % 10] || ' ' || (${last})[1 + (g / 10) % 10], '100 Congress Ave', 'Austin', 'TX', '78701',
      (${first})[1 + (g / 7) % 10] || ' ' || (${last})[1 + (g / 3) % 10], '200 Boylston St', 'Boston', 'MA', '02116',
      CASE WHEN g % 20 >= 3 THEN '9400' || lpad(g::text, 18, '0') END,
      now() - g * interval '1 minute', now()
    FROM generate_series(1, ${count}) AS g`),
  );
  await database.executeSql(`
    INSERT INTO bulk_order_rows (bulk_order_id, row_number, order_id)
    SELECT batch_id, 1 + row_number() OVER (PARTITION BY batch_id ORDER BY created_at), id
    FROM orders WHERE user_id = '${userId}'`);
  await database.executeSql('VACUUM ANALYZE orders');
  await database.executeSql('VACUUM ANALYZE bulk_order_rows');
  return bulkIds;
}
