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
