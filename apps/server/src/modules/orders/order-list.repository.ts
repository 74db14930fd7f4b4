import { Column, eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '@portal/shared';
import { isEmbedded, type DbOrTx } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import {
  appSettings,
  labelTypes,
  orderDayCounts,
  orderStats,
  orders,
  refundRequests,
} from '../../db/schema.ts';
import { withType, type OrderStatus, type OrderWithType } from '../purchases/purchases.service.ts';
import type { RefundRequestRow } from './refund-requests.repository.ts';

export type OrderListFilter = {
  userId: string;
  status: OrderStatus | null;
  /** A `to_tsquery('simple', ...)` text built from letters and digits only, or null for no search. */
  tsQuery: string | null;
  sort: 'asc' | 'des';
  offset: number;
  limit: number;
};

/**
 * The columns a listed order carries: what the history's views read (`toOrderView`, the refund window),
 * no more. The orders table has grown to 60-odd columns (purchase, void, insurance and team fields); a page
 * built, sent as JSON and decoded all of them (decision 343).
 */
const LISTED_KEYS = [
  ...['id', 'orderNumber', 'batchId', 'userId', 'createdById', 'createdByName', 'status', 'priceCents'],
  ...['labelTypeId', 'labelTypeName', 'labelTypeUid', 'weight', 'height', 'width', 'length', 'design'],
  ...['signature', 'fromName', 'fromCompany', 'fromStreet', 'fromStreet2', 'fromCity', 'fromState'],
  ...['fromZip', 'fromCountry', 'fromPhone', 'toName', 'toCompany', 'toStreet', 'toStreet2', 'toCity'],
  ...['toState', 'toZip', 'toCountry', 'toPhone', 'tracking', 'trackingStatus', 'labelFileId'],
  ...['refundStatus', 'refundNote', 'insuredValueCents', 'insuranceCents', 'insuranceStatus', 'returnOf'],
  ...['source', 'createdAt'],
] as const satisfies readonly (keyof OrderWithType)[];
/** What a refund request's view reads (`toRefundRequestView`). */
const LISTED_REFUND_KEYS = [
  ...['id', 'status', 'reason', 'rejectionReason', 'createdAt', 'decidedAt'],
] as const satisfies readonly (keyof RefundRequestRow)[];

export type ListedOrderFields = Pick<OrderWithType, (typeof LISTED_KEYS)[number]>;
export type ListedRefundRequest = Pick<RefundRequestRow, (typeof LISTED_REFUND_KEYS)[number]>;
export type ListedOrder = ListedOrderFields & { refundRequest: ListedRefundRequest | null };

/**
 * What one statement of a page read returns besides its rows, all from the rows' snapshot: how many
 * orders the filter covers without a search, `order_stats.version`, and the saved refund window.
 */
export type PageFacts = { inScope: number; version: number; refundWindow: unknown };
export type PageRead = { rows: ListedOrder[]; facts: PageFacts };

/** Below this offset skipping index entries is cheaper than reading the day counts (decision 210). */
export const SEEK_FROM_OFFSET = 200;

/**
 * Page 1 at the default size, the page the dashboard and resellers' tools poll, finds its keys among
 * this many first index entries, a constant of its statement. So the statement's generic plan expects a
 * few entries of one index, as a plan made for the request does, and PostgreSQL keeps it (decision
 * 229). With more entries the generic plan's estimate grows past what planning each request is
 * estimated to cost, and PostgreSQL would plan every request: later pages find their keys by
 * `order_page_keys`.
 */
const FIRST_PAGE_ROWS = PAGE_SIZE.orders;

/**
 * The values of a page read are placeholders, so each shape of it (status, sort, how the keys are
 * found) is one prepared statement; `values` fills them in.
 */
const P = {
  userId: sql.placeholder('userId'),
  status: sql.placeholder('status'),
  tsQuery: sql.placeholder('tsQuery'),
  offset: sql.placeholder('offset'),
  limit: sql.placeholder('limit'),
  keys: sql.placeholder('keys'),
  version: sql.placeholder('version'),
};
/** The values a page's keys are found with: placeholders of a statement, or `order_page_keys`'s `$n`. */
type KeyParams = Record<'userId' | 'status' | 'tsQuery' | 'offset' | 'limit', SQLWrapper>;
/** How `order_page_keys` (migration 0020) passes them to the keys statement it runs (`EXECUTE ... USING`). */
const IN_FUNCTION: KeyParams = {
  userId: sql.raw('$1'),
  status: sql.raw('$2'),
  tsQuery: sql.raw('$3'),
  limit: sql.raw('$4'),
  offset: sql.raw('$5'),
};
const values = (filter: OrderListFilter, keys: number[] = []) => ({
  userId: filter.userId,
  status: filter.status,
  tsQuery: filter.tsQuery,
  offset: filter.offset,
  limit: filter.limit,
  keys,
});

const dir = (filter: OrderListFilter) => sql.raw(filter.sort === 'asc' ? 'ASC' : 'DESC');
const keyOrder = (filter: OrderListFilter): SQL =>
  sql`${orders.createdAt} ${dir(filter)}, ${orders.orderNumber} ${dir(filter)}`;

const ownedAndStatus = (filter: OrderListFilter, params: KeyParams = P): SQL =>
  filter.status
    ? sql`${orders.userId} = ${params.userId} AND ${orders.status} = ${params.status}`
    : sql`${orders.userId} = ${params.userId}`;

/** How many of the reseller's orders the status filter covers, from the counts triggers keep. */
const countInScope = (filter: OrderListFilter): SQL => {
  const s = orderStats;
  const n = filter.status
    ? sql.identifier(filter.status)
    : sql`${s.pending} + ${s.processing} + ${s.completed} + ${s.cancelled}`;
  return sql`(SELECT ${n} FROM ${s} WHERE ${s.userId} = ${P.userId})`;
};

const facts = (filter: OrderListFilter) => ({
  inScope: sql<number>`coalesce(${countInScope(filter)}, 0)`.mapWith(Number),
  version:
    sql<number>`coalesce((SELECT ${orderStats.version} FROM ${orderStats} WHERE ${orderStats.userId} = ${P.userId}), 0)`.mapWith(
      Number,
    ),
  refundWindow: sql<unknown>`(SELECT ${appSettings.value} FROM ${appSettings} WHERE ${appSettings.key} = 'refundWindowDays')`,
});

type Keys = 'first' | 'offset' | 'seek' | 'walk' | 'listed';
const keysOf: Record<Exclude<Keys, 'first'>, (filter: OrderListFilter, p?: KeyParams) => SQL> = {
  offset: (filter, p) => keysByOffset(filter, p),
  seek: (filter, p) => keysBySeek(filter, p),
  walk: (filter, p) => keysByWalk(filter, p),
  listed: () => sql`SELECT unnest(${P.keys}::bigint[])`,
};

const pgDialect = new PgDialect({ casing: 'snake_case' });

/**
 * The keys of a page found inside the page's statement on PostgreSQL: `order_page_keys` runs this text
 * with `EXECUTE`, so the keys get a plan made for the reseller and page at hand, while the statement
 * around them (the joined rows) keeps one generic plan per connection (decision 223).
 */
const keysInFunction = (filter: OrderListFilter, how: 'offset' | 'seek' | 'walk'): string =>
  pgDialect.sqlToQuery(keysOf[how](filter, IN_FUNCTION)).sql;

const listedColumns = LISTED_KEYS.map((key) => [key, withType[key]] as const);
const refundTable = getTableColumns(refundRequests);
const refundColumns = LISTED_REFUND_KEYS.map((key) => [key, refundTable[key]] as const);

/**
 * The page's orders with their label type and refund request, plus the page facts: the scalar
 * subqueries run once (init plans). One statement on either engine; on PostgreSQL its keys are found
 * by `order_page_keys`, and keys already known (`listed`) are looked up directly.
 *
 * The rows come back as one JSON value, an array of arrays of the values' text in the order of the
 * columns above then the facts: the drivers' JavaScript reads each field of a result on its own, and a
 * page of ten orders with their refund requests is about 550 fields (decision 227). Each value goes
 * through its column's decoder, as the drivers' values do: timestamps become dates, numerics and
 * bigints numbers (decision 360).
 */
async function rowsByKeys(
  db: DbOrTx,
  filter: OrderListFilter,
  how: Keys,
  keys?: number[],
): Promise<PageRead | null> {
  const query = preparedOnce(db, `order-page-${pageShape(db, filter, how)}`, (name) =>
    pageSelect(db, filter, how).prepare(name),
  );
  const [found] = await query.execute(values(filter, keys));
  return decodePage(found?.page ?? null);
}

/**
 * Whether a page's keys are found by `order_page_keys`: on PostgreSQL, for every page but page 1 at
 * the default size and the keys already known. The keys alone plan in about 0.06 ms, the joined page in 0.6 to
 * 1.5 ms; found by the function, the keys are planned for each request while the joined rows keep a
 * generic plan, made once per connection: one round trip instead of two (decision 223). Page 1's keys
 * keep a generic plan too, and the function's call costs more than finding them (decision 229). On
 * PGlite the keys are a plain subquery.
 */
const keysByFunction = (db: DbOrTx, how: Keys): how is 'offset' | 'seek' | 'walk' =>
  how !== 'first' && how !== 'listed' && !isEmbedded(db);

/** What sets one page statement apart from another: its values are placeholders. */
function pageShape(db: DbOrTx, filter: OrderListFilter, how: Keys): string {
  return `${how}-${filter.status ?? 'all'}-${filter.sort}${keysByFunction(db, how) ? '-fn' : ''}`;
}

/**
 * The page's keys as an array, found once before the rows (an init plan): the joined rows' generic plan
 * is the same whatever the keys' statement is estimated to return. Page 1's keys are a slice of the
 * first entries.
 */
function keysArray(db: DbOrTx, filter: OrderListFilter, how: Keys): SQL {
  if (keysByFunction(db, how))
    return sql`ARRAY(SELECT order_page_keys(${keysInFunction(filter, how)}, ${P.userId}::uuid, ${P.status}::text,
      ${P.tsQuery}::text, ${P.limit}::bigint, ${P.offset}::bigint))`;
  if (how === 'first')
    return sql`(ARRAY(${firstKeys(filter)}))[${P.offset}::int + 1 : ${P.offset}::int + ${P.limit}::int]`;
  return sql`ARRAY(${keysOf[how](filter)})`;
}

/**
 * The statement of `rowsByKeys`, one row with the page as one JSON value (null when it has no orders):
 * each row an array of its values as text. PostgreSQL writes a value's text once; made into JSON by
 * type (`json_build_array`), each value was looked up by type and dates were formatted again, about a
 * quarter of the statement (decision 360). The values' decoders read the text as the driver's do.
 */
function pageSelect(db: DbOrTx, filter: OrderListFilter, how: Keys) {
  const fact = facts(filter);
  return db
    .select({
      page: sql<unknown[][] | null>`json_agg(ARRAY[${sql.join(
        [
          ...listedColumns.map(([, column]) => column),
          ...refundColumns.map(([, column]) => column),
          fact.inScope,
          fact.version,
          fact.refundWindow,
        ].map((value) => sql`(${value})::text`),
        sql`, `,
      )}] ORDER BY ${keyOrder(filter)})`,
    })
    .from(orders)
    .innerJoin(labelTypes, eq(labelTypes.id, orders.labelTypeId))
    .leftJoin(refundRequests, eq(refundRequests.orderId, orders.id))
    .where(sql`${orders.orderNumber} = ANY(${keysArray(db, filter, how)})`);
}

type Decoded = Record<string, unknown>;

/**
 * How a column's value is read from its text in a page: as the driver reads it (a timestamp becomes a
 * date, a bigint or numeric a number), a boolean from its cast to text (`true`, `false`); null for text
 * kept as it is.
 */
function decoderOf(column: Column): ((value: unknown) => unknown) | null {
  if (column.getSQLType() === 'boolean') return (value) => value === 'true';
  if (column.mapFromDriverValue === Column.prototype.mapFromDriverValue) return null;
  return (value) => column.mapFromDriverValue(value);
}

/**
 * A function that makes one object of `columns`' values in a page's fields, starting at `from`, each
 * value through its column's decoder as a driver's values are (a timestamp becomes a date; a text
 * column's decoder keeps the value, so it is not called). Each row starts as a copy of a template that
 * already holds every key, in one fixed order, so every row of a page shares one object shape, made in
 * one allocation of its final size, and only existing keys are written. Keys added one by one to `{}`
 * grew the row's property store a few keys at a time, and past a dozen keys V8 may turn such an object
 * into a hash table (decision 360). `laterKeys` are in the template too, for the caller to fill.
 */
function objectMaker(
  columns: ReadonlyArray<readonly [string, Column]>,
  from: number,
  laterKeys: readonly string[] = [],
) {
  const keys = columns.map(([key]) => key);
  const template: Decoded = Object.fromEntries([...keys, ...laterKeys].map((key) => [key, null]));
  const decoders = columns.map(([, column]) => decoderOf(column));
  return (fields: unknown[]): Decoded => {
    const row: Decoded = { ...template };
    for (let index = 0; index < keys.length; index++) {
      const value = fields[from + index];
      const decode = decoders[index];
      row[keys[index]!] = decode && value !== null ? decode(value) : value;
    }
    return row;
  };
}

const makeOrder = objectMaker(listedColumns, 0, ['refundRequest']);
const makeRefundRequest = objectMaker(refundColumns, listedColumns.length);
/** Where a row's refund request id is: null when the left join found none. */
const REFUND_ID = listedColumns.length + refundColumns.findIndex(([key]) => key === 'id');
const FACTS_AT = listedColumns.length + refundColumns.length;

/** The rows of a page's JSON value, each value's text through its column's decoder; null for no orders. */
function decodePage(page: unknown[][] | null): PageRead | null {
  if (!page) return null;
  const rows = page.map((fields) => {
    const row = makeOrder(fields);
    row.refundRequest = fields[REFUND_ID] === null ? null : makeRefundRequest(fields);
    return row as ListedOrder;
  });
  // The facts come from the statement's init plans: every row carries the same ones.
  const [inScope, version, refundWindow] = page[0]!.slice(FACTS_AT);
  return {
    rows,
    facts: {
      inScope: Number(inScope),
      version: Number(version),
      refundWindow: typeof refundWindow === 'string' ? (JSON.parse(refundWindow) as unknown) : null,
    },
  };
}

/** The page facts alone, for a page past the end (or of an empty history). */
async function factsAlone(db: DbOrTx, filter: OrderListFilter): Promise<PageFacts> {
  const query = preparedOnce(db, `order-page-facts-${filter.status ?? 'all'}`, (name) =>
    db
      .select(facts(filter))
      .from(sql`(SELECT 1) AS one`)
      .prepare(name),
  );
  const [row] = await query.execute(values(filter));
  return row!;
}

/**
 * What a remembered page is checked against: the reseller's `order_stats.version`, which moves in the
 * same transaction as every change a page shows (migration 0021).
 */
export async function readHistoryVersion(db: DbOrTx, userId: string): Promise<number> {
  const query = preparedOnce(db, 'order-page-version', (name) =>
    db
      .select({ version: orderStats.version })
      .from(orderStats)
      .where(eq(orderStats.userId, P.userId))
      .prepare(name),
  );
  const [row] = await query.execute({ userId });
  return row?.version ?? 0;
}

/**
 * How a history page without a search finds its keys: a slice of the first entries for page 1,
 * index entries skipped up to `SEEK_FROM_OFFSET`, a seek beyond.
 */
const historyKeys = (filter: OrderListFilter): Keys =>
  filter.offset + filter.limit <= FIRST_PAGE_ROWS
    ? 'first'
    : filter.offset < SEEK_FROM_OFFSET
      ? 'offset'
      : 'seek';

/** One page of the history, no search. */
export async function readHistoryPage(db: DbOrTx, filter: OrderListFilter): Promise<PageRead> {
  return (
    (await rowsByKeys(db, filter, historyKeys(filter))) ?? { rows: [], facts: await factsAlone(db, filter) }
  );
}

/**
 * The page as `readHistoryPage` reads it, or `'unchanged'` when the history is still at `version`. On
 * PostgreSQL one statement: the version, and the page only when it moved, so a poll after a change
 * costs no extra round trip. The embedded engine has no round trip to save: a primary-key read of the
 * version, then the page only when it moved.
 */
export async function readHistoryPageUnlessAt(
  db: DbOrTx,
  filter: OrderListFilter,
  version: number,
): Promise<PageRead | 'unchanged'> {
  if (isEmbedded(db))
    return (await readHistoryVersion(db, filter.userId)) === version
      ? 'unchanged'
      : readHistoryPage(db, filter);
  const how = historyKeys(filter);
  const query = preparedOnce(db, `order-page-unless-${pageShape(db, filter, how)}`, (name) => {
    const now = facts(filter).version;
    return db
      .select({
        version: now,
        page: sql<unknown[][] | null>`CASE WHEN ${now} = ${P.version} THEN NULL
          ELSE (${pageSelect(db, filter, how)}) END`,
      })
      .from(sql`(SELECT 1) AS one`)
      .prepare(name);
  });
  const [found] = await query.execute({ ...values(filter), version });
  if (found!.version === version) return 'unchanged';
  return decodePage(found!.page) ?? { rows: [], facts: await factsAlone(db, filter) };
}

/** Pages before `SEEK_FROM_OFFSET`: skip `offset` entries of the (reseller[, status], created_at, number) index. */
const keysByOffset = (filter: OrderListFilter, params: KeyParams = P): SQL =>
  sql`SELECT ${orders.orderNumber} FROM ${orders} WHERE ${ownedAndStatus(filter, params)}
      ORDER BY ${keyOrder(filter)} LIMIT ${params.limit} OFFSET ${params.offset}`;

/**
 * Page 1: the first `FIRST_PAGE_ROWS` entries of the (reseller[, status], created_at, number) index;
 * the page is a slice of them. The row comparison always holds; it names that index's columns, so a
 * generic plan cannot pick the index on (created_at, number) and filter by reseller, as it would when
 * the statistics saw one reseller only (decision 229).
 */
function firstKeys(filter: OrderListFilter): SQL {
  const [columns, values] = filter.status
    ? [
        [orders.userId, orders.status, orders.createdAt],
        [P.userId, P.status],
      ]
    : [[orders.userId, orders.createdAt], [P.userId]];
  const [op, edge] = filter.sort === 'asc' ? ['>=', `'-infinity'`] : ['<=', `'infinity'`];
  const always = sql`(${sql.join(columns, sql`, `)}) ${sql.raw(op)} (${sql.join([...values, sql.raw(edge)], sql`, `)})`;
  return sql`SELECT ${orders.orderNumber} FROM ${orders} WHERE ${ownedAndStatus(filter)} AND ${always}
    ORDER BY ${keyOrder(filter)} LIMIT ${sql.raw(String(FIRST_PAGE_ROWS))}`;
}

/**
 * Deep pages: the running sum of the day counts (newest or oldest day first) names the day the page's
 * first row falls on and how many rows of the history come before that day; the index scan starts at
 * that day's edge and skips only the rows of that day. One statement, so the counts and the rows are
 * read from the same snapshot.
 */
function keysBySeek(filter: OrderListFilter, params: KeyParams = P): SQL {
  const c = orderDayCounts;
  const n = filter.status
    ? sql.identifier(filter.status)
    : sql`${c.pending} + ${c.processing} + ${c.completed} + ${c.cancelled}`;
  // The day's edge the scan starts from: its start going forwards, its end (the next day) going back.
  const edge = filter.sort === 'asc' ? sql`d.day` : sql`d.day + 1`;
  const from = sql.raw(filter.sort === 'asc' ? '>=' : '<');
  return sql`
    WITH d AS (
      SELECT day, cum - n AS before FROM (
        SELECT day, n, sum(n) OVER (ORDER BY day ${dir(filter)} ROWS UNBOUNDED PRECEDING) AS cum
        FROM (SELECT ${c.day} AS day, ${n} AS n FROM ${c} WHERE ${c.userId} = ${params.userId}) AS days
      ) AS running WHERE cum > ${params.offset} ORDER BY day ${dir(filter)} LIMIT 1
    )
    SELECT ${orders.orderNumber} FROM ${orders}
    WHERE ${ownedAndStatus(filter, params)}
      AND ${orders.createdAt} ${from} (SELECT (${edge})::timestamp AT TIME ZONE 'UTC' FROM d)
    ORDER BY ${keyOrder(filter)}
    LIMIT ${params.limit} OFFSET (SELECT (${params.offset}::bigint - before)::bigint FROM d)`;
}

const matching = (p: KeyParams = P): SQL => sql`${orders.searchVector} @@ to_tsquery('simple', ${p.tsQuery})`;
const matches = matching();

/**
 * A search page by walking the history in order and testing each order, for searches that match
 * often (a common name): the page is found after a few dozen rows. `IS TRUE` keeps the word index
 * out of this plan, which would otherwise gather and sort every match first.
 */
const keysByWalk = (filter: OrderListFilter, params: KeyParams = P): SQL =>
  sql`SELECT ${orders.orderNumber} FROM ${orders}
      WHERE ${ownedAndStatus(filter, params)} AND (${matching(params)}) IS TRUE
      ORDER BY ${keyOrder(filter)} LIMIT ${params.limit} OFFSET ${params.offset}`;

export async function readSearchPageByWalk(db: DbOrTx, filter: OrderListFilter): Promise<PageRead> {
  return (await rowsByKeys(db, filter, 'walk')) ?? { rows: [], facts: await factsAlone(db, filter) };
}

/**
 * A search page by gathering every match through the word index, for searches that match rarely; the
 * MATERIALIZED fence keeps the planner from walking the whole history. Also returns the number of
 * matches and the version they were counted at, from one snapshot.
 */
export async function readSearchPageByGather(
  db: DbOrTx,
  filter: OrderListFilter,
): Promise<PageRead & { matches: number }> {
  const query = preparedOnce(db, `order-search-gather-${filter.status ?? 'all'}-${filter.sort}`, (name) =>
    db
      .select({
        matches: sql<number>`g.total`.mapWith(Number),
        version: facts(filter).version,
        page: sql<Array<number | string>>`g.page`,
      })
      .from(
        sql`(WITH m AS MATERIALIZED (
          SELECT ${orders.orderNumber} AS n, ${orders.createdAt} AS c FROM ${orders}
          WHERE ${ownedAndStatus(filter)} AND ${matches}
        )
        SELECT (SELECT count(*) FROM m) AS total,
          (SELECT coalesce(json_agg(p.n), '[]'::json) FROM (
            SELECT n FROM m ORDER BY c ${dir(filter)}, n ${dir(filter)} LIMIT ${P.limit} OFFSET ${P.offset}) AS p) AS page
        ) AS g`,
      )
      .prepare(name),
  );
  const [counted] = await query.execute(values(filter));
  const keys = counted!.page.map(Number);
  const read = keys.length > 0 ? await rowsByKeys(db, filter, 'listed', keys) : null;
  const found = read ?? { rows: [], facts: await factsAlone(db, filter) };
  // The count's own version: the rows were read a moment later and may have seen a newer one.
  return { ...found, facts: { ...found.facts, version: counted!.version }, matches: counted!.matches };
}

/** How many orders a search matches, and the version of the history it was counted at. */
export async function countSearchMatches(db: DbOrTx, filter: OrderListFilter) {
  const query = preparedOnce(db, `order-search-count-${filter.status ?? 'all'}`, (name) =>
    db
      .select({ matches: sql<number>`count(*)`.mapWith(Number), version: facts(filter).version })
      .from(orders)
      .where(sql`${ownedAndStatus(filter)} AND ${matches}`)
      .prepare(name),
  );
  const [row] = await query.execute(values(filter));
  return row!;
}
