import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderDayCounts, orders } from '../../db/schema.ts';
import {
  findOrderCounts,
  selectWithType,
  type OrderStatus,
  type OrderWithType,
} from './orders.repository.ts';

export type OrderListFilter = {
  userId: string;
  status: OrderStatus | null;
  /** A `to_tsquery('simple', ...)` text built from letters and digits only, or null for no search. */
  tsQuery: string | null;
  sort: 'asc' | 'des';
  offset: number;
  limit: number;
};

/** Below this offset skipping index entries is cheaper than reading the day counts (decision 210). */
export const SEEK_FROM_OFFSET = 200;

type Page = { rows: OrderWithType[]; total: number };

/**
 * One page of history plus the total. Without a search the page's keys come from an index-only scan
 * that starts at the page (deep pages seek through `order_day_counts`), the rows by key, and the
 * total from order_stats; with one, the matches are gathered once through the word index (the
 * MATERIALIZED fence keeps the planner from walking the whole history for a rare word).
 */
export async function listOrders(db: DbOrTx, f: OrderListFilter): Promise<Page> {
  return f.tsQuery ? searchOrders(db, f, f.tsQuery) : pageOfHistory(db, f);
}

const order = (f: OrderListFilter) => {
  const direction = f.sort === 'asc' ? asc : desc;
  return [direction(orders.createdAt), direction(orders.orderNumber)];
};

async function pageOfHistory(db: DbOrTx, f: OrderListFilter): Promise<Page> {
  const keys = f.offset < SEEK_FROM_OFFSET ? keysByOffset(f) : keysBySeek(f);
  const [rows, counts] = await Promise.all([
    selectWithType(db)
      .where(sql`${orders.orderNumber} IN (${keys})`)
      .orderBy(...order(f)),
    findOrderCounts(db, f.userId),
  ]);
  return { rows, total: f.status ? counts[f.status] : Object.values(counts).reduce((a, b) => a + b, 0) };
}

const ownedAndStatus = (f: OrderListFilter): SQL =>
  f.status
    ? sql`${orders.userId} = ${f.userId} AND ${orders.status} = ${f.status}`
    : sql`${orders.userId} = ${f.userId}`;

const orderBy = (f: OrderListFilter): SQL => {
  const dir = sql.raw(f.sort === 'asc' ? 'ASC' : 'DESC');
  return sql`${orders.createdAt} ${dir}, ${orders.orderNumber} ${dir}`;
};

/** First pages: skip `offset` entries of the (reseller[, status], created_at, number) index. */
const keysByOffset = (f: OrderListFilter): SQL =>
  sql`SELECT ${orders.orderNumber} FROM ${orders} WHERE ${ownedAndStatus(f)}
      ORDER BY ${orderBy(f)} LIMIT ${f.limit} OFFSET ${f.offset}`;

/**
 * Deep pages: the running sum of the day counts (newest or oldest day first) names the day the page's
 * first row falls on and how many rows of the history come before that day; the index scan starts at
 * that day's edge and skips only the rows of that day. One statement, so the counts and the rows are
 * read from the same snapshot.
 */
function keysBySeek(f: OrderListFilter): SQL {
  const c = orderDayCounts;
  const n = f.status
    ? sql.identifier(f.status)
    : sql`${c.pending} + ${c.processing} + ${c.completed} + ${c.cancelled}`;
  const dir = sql.raw(f.sort === 'asc' ? 'ASC' : 'DESC');
  // The day's edge the scan starts from: its start going forwards, its end (the next day) going back.
  const edge = f.sort === 'asc' ? sql`d.day` : sql`d.day + 1`;
  const from = f.sort === 'asc' ? sql.raw('>=') : sql.raw('<');
  return sql`
    WITH d AS (
      SELECT day, cum - n AS before FROM (
        SELECT day, n, sum(n) OVER (ORDER BY day ${dir} ROWS UNBOUNDED PRECEDING) AS cum
        FROM (SELECT ${c.day} AS day, ${n} AS n FROM ${c} WHERE ${c.userId} = ${f.userId}) AS days
      ) AS running WHERE cum > ${f.offset} ORDER BY day ${dir} LIMIT 1
    )
    SELECT ${orders.orderNumber} FROM ${orders}
    WHERE ${ownedAndStatus(f)}
      AND ${orders.createdAt} ${from} (SELECT (${edge})::timestamp AT TIME ZONE 'UTC' FROM d)
    ORDER BY ${orderBy(f)}
    LIMIT ${f.limit} OFFSET (SELECT (${f.offset} - before)::bigint FROM d)`;
}

async function searchOrders(db: DbOrTx, f: OrderListFilter, tsQuery: string): Promise<Page> {
  const conditions: SQL[] = [eq(orders.userId, f.userId)];
  if (f.status) conditions.push(eq(orders.status, f.status));
  conditions.push(sql`${orders.searchVector} @@ to_tsquery('simple', ${tsQuery})`);
  const dir = sql.raw(f.sort === 'asc' ? 'asc' : 'desc');
  const result = (await db.execute(sql`
    WITH m AS MATERIALIZED (
      SELECT ${orders.orderNumber} AS n, ${orders.createdAt} AS c FROM ${orders} WHERE ${and(...conditions)}
    )
    SELECT (SELECT count(*)::int FROM m) AS total,
      (SELECT coalesce(json_agg(p.n), '[]'::json)
         FROM (SELECT n FROM m ORDER BY c ${dir}, n ${dir} LIMIT ${f.limit} OFFSET ${f.offset}) p) AS page
  `)) as unknown as { rows: { total: number; page: Array<number | string> }[] };
  const row = result.rows[0]!;
  const keys = row.page.map(Number);
  if (keys.length === 0) return { rows: [], total: Number(row.total) };
  const rows = await selectWithType(db)
    .where(inArray(orders.orderNumber, keys))
    .orderBy(...order(f));
  return { rows, total: Number(row.total) };
}
