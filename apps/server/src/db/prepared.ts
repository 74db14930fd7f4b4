import type { DbOrTx } from './client.ts';

const byDatabase = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A query prepared once per database handle and kept by name. Built from placeholders, it skips
 * building the SQL on every call, and on PostgreSQL each pooled connection parses and plans the
 * named statement once instead of on every request (decision 210). For the hot reads only.
 */
export function preparedOnce<T>(db: DbOrTx, name: string, prepare: (name: string) => T): T {
  let queries = byDatabase.get(db);
  if (!queries) byDatabase.set(db, (queries = new Map()));
  let query = queries.get(name) as T | undefined;
  if (!query) queries.set(name, (query = prepare(name)));
  return query;
}
