import { keepNamed, type DbOrTx } from './client.ts';

const byDatabase = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A query prepared once per database handle and kept by name. Built from placeholders, it skips
 * building the SQL on every call, and the database parses the named statement once and keeps its plan
 * when that plan serves any values: each pooled connection on PostgreSQL (decision 210), the embedded
 * engine's session too (decision 229). For the hot reads only.
 */
export function preparedOnce<T extends { getQuery(): { sql: string } }>(
  db: DbOrTx,
  name: string,
  prepare: (name: string) => T,
): T {
  let queries = byDatabase.get(db);
  if (!queries) byDatabase.set(db, (queries = new Map()));
  let query = queries.get(name) as T | undefined;
  if (!query) {
    queries.set(name, (query = prepare(name)));
    keepNamed(db, query.getQuery().sql, name);
  }
  return query;
}
