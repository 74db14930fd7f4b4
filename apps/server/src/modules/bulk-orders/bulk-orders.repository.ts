import { and, asc, count, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bulkOrderCounts, bulkOrderRows, bulkOrders, labelTypes, orders } from '../../db/schema.ts';
import type { NewOrderRow, OrderStatus } from '../purchases/purchases.service.ts';

export type BulkOrderRow = typeof bulkOrders.$inferSelect;
export type NewBulkOrderRow = typeof bulkOrders.$inferInsert;
export type BulkOrderWithType = BulkOrderRow & { labelTypeName: string; labelTypeUid: string };
export type StatusCounts = Record<OrderStatus, number>;

/** Rows per INSERT: about 30 parameters an order keeps a statement under PostgreSQL's 65,535. */
const ORDER_CHUNK = 1000;
const ROW_CHUNK = 5000;

const withType = {
  ...getTableColumns(bulkOrders),
  labelTypeName: labelTypes.name,
  labelTypeUid: labelTypes.uid,
};
const selectWithType = (db: DbOrTx) =>
  db.select(withType).from(bulkOrders).innerJoin(labelTypes, eq(labelTypes.id, bulkOrders.labelTypeId));

/** Serialises one reseller's bulk purchases until the transaction ends, so a double submit sees the first. */
export async function lockBulkSubmissions(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bulk:${userId}`}, 0))`);
}

/** A bulk order of this reseller with the same content within the window. */
export async function findDuplicate(
  tx: DbOrTx,
  options: { userId: string; contentHash: string; windowSeconds: number },
): Promise<string | null> {
  const recentSame = and(
    eq(bulkOrders.contentHash, options.contentHash),
    gt(bulkOrders.createdAt, sql`now() - make_interval(secs => ${options.windowSeconds})`),
  );
  const [row] = await tx
    .select({ id: bulkOrders.id })
    .from(bulkOrders)
    .where(and(eq(bulkOrders.userId, options.userId), recentSame))
    .limit(1);
  return row?.id ?? null;
}

export async function insertBulkOrder(tx: DbOrTx, row: NewBulkOrderRow): Promise<void> {
  await tx.insert(bulkOrders).values(row);
}

/** The orders of a bulk order and their row numbers, in multi-row INSERTs of bounded size. */
export async function insertBulkOrderLines(
  tx: DbOrTx,
  bulkOrderId: string,
  lines: ReadonlyArray<{ rowNumber: number; order: NewOrderRow & { id: string } }>,
): Promise<void> {
  for (let i = 0; i < lines.length; i += ORDER_CHUNK) {
    await tx.insert(orders).values(lines.slice(i, i + ORDER_CHUNK).map((l) => l.order));
  }
  for (let i = 0; i < lines.length; i += ROW_CHUNK) {
    await tx
      .insert(bulkOrderRows)
      .values(
        lines
          .slice(i, i + ROW_CHUNK)
          .map((l) => ({ bulkOrderId, rowNumber: l.rowNumber, orderId: l.order.id })),
      );
  }
}

export async function findBulkOrderForUser(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<BulkOrderWithType | null> {
  const [row] = await selectWithType(db).where(and(eq(bulkOrders.id, id), eq(bulkOrders.userId, userId)));
  return row ?? null;
}

export async function listBulkOrders(
  db: DbOrTx,
  options: { userId: string; offset: number; limit: number },
): Promise<{ rows: BulkOrderWithType[]; total: number }> {
  const where = eq(bulkOrders.userId, options.userId);
  const [rows, [counted]] = await Promise.all([
    selectWithType(db)
      .where(where)
      .orderBy(desc(bulkOrders.createdAt), desc(bulkOrders.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(bulkOrders).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

const zeroCounts = (): StatusCounts => ({ pending: 0, processing: 0, completed: 0, cancelled: 0 });

/**
 * Orders per status of each bulk order: the counts triggers keep in the transactions that change its
 * orders (migration 0023), so a poll reads one row per bulk order however many orders it holds.
 */
export async function countStatuses(db: DbOrTx, bulkOrderIds: string[]): Promise<Map<string, StatusCounts>> {
  const result = new Map(bulkOrderIds.map((id) => [id, zeroCounts()]));
  if (bulkOrderIds.length === 0) return result;
  const rows = await db
    .select()
    .from(bulkOrderCounts)
    .where(inArray(bulkOrderCounts.bulkOrderId, bulkOrderIds));
  for (const { bulkOrderId, ...counts } of rows) result.set(bulkOrderId, counts);
  return result;
}

/** One row of a bulk order joined with its order: what the results, the CSV and the files need. */
const lineColumns = {
  rowNumber: bulkOrderRows.rowNumber,
  orderId: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  priceCents: orders.priceCents,
  tracking: orders.tracking,
  labelFileId: orders.labelFileId,
  failureReason: orders.failureReason,
  weight: orders.weight,
  height: orders.height,
  width: orders.width,
  length: orders.length,
  fromName: orders.fromName,
  fromCompany: orders.fromCompany,
  fromPhone: orders.fromPhone,
  fromStreet: orders.fromStreet,
  fromStreet2: orders.fromStreet2,
  fromCity: orders.fromCity,
  fromState: orders.fromState,
  fromZip: orders.fromZip,
  fromCountry: orders.fromCountry,
  toName: orders.toName,
  toCompany: orders.toCompany,
  toPhone: orders.toPhone,
  toStreet: orders.toStreet,
  toStreet2: orders.toStreet2,
  toCity: orders.toCity,
  toState: orders.toState,
  toZip: orders.toZip,
  toCountry: orders.toCountry,
};
type LineField = Exclude<keyof typeof lineColumns, 'rowNumber' | 'orderId'>;
export type BulkLine = { rowNumber: number; orderId: string } & Pick<typeof orders.$inferSelect, LineField>;

/** A bulk order's rows joined with their orders. */
const selectLines = (db: DbOrTx) =>
  db.select(lineColumns).from(bulkOrderRows).innerJoin(orders, eq(orders.id, bulkOrderRows.orderId));

/** A page of rows in file order after `afterRow` (keyset paging: flat cost however deep). */
export async function linesAfter(
  db: DbOrTx,
  options: { bulkOrderId: string; afterRow: number; limit: number; status?: OrderStatus },
): Promise<BulkLine[]> {
  return selectLines(db)
    .where(
      and(
        eq(bulkOrderRows.bulkOrderId, options.bulkOrderId),
        gt(bulkOrderRows.rowNumber, options.afterRow),
        options.status ? eq(orders.status, options.status) : undefined,
      ),
    )
    .orderBy(asc(bulkOrderRows.rowNumber))
    .limit(options.limit);
}

/** The label files of completed rows in file order after `afterRow`: only what a label download needs. */
export async function labelFilesAfter(
  db: DbOrTx,
  options: { bulkOrderId: string; afterRow: number; limit: number },
): Promise<{ rowNumber: number; orderId: string; tracking: string | null; labelFileId: string | null }[]> {
  return db
    .select({
      rowNumber: bulkOrderRows.rowNumber,
      orderId: orders.id,
      tracking: orders.tracking,
      labelFileId: orders.labelFileId,
    })
    .from(bulkOrderRows)
    .innerJoin(orders, eq(orders.id, bulkOrderRows.orderId))
    .where(
      and(
        eq(bulkOrderRows.bulkOrderId, options.bulkOrderId),
        gt(bulkOrderRows.rowNumber, options.afterRow),
        eq(orders.status, 'completed'),
      ),
    )
    .orderBy(asc(bulkOrderRows.rowNumber))
    .limit(options.limit);
}

/** A page of rows by position, for the results table (at most 1,000 a page). */
export async function linesPage(
  db: DbOrTx,
  options: { bulkOrderId: string; status: OrderStatus | null; offset: number; limit: number },
): Promise<BulkLine[]> {
  return selectLines(db)
    .where(
      and(
        eq(bulkOrderRows.bulkOrderId, options.bulkOrderId),
        options.status ? eq(orders.status, options.status) : undefined,
      ),
    )
    .orderBy(asc(bulkOrderRows.rowNumber))
    .limit(options.limit)
    .offset(options.offset);
}

/** Locks the bulk orders (in id order, so two transactions take them in turn) and reads their sizes. */
export function lockBulkOrders(tx: DbOrTx, ids: readonly string[]) {
  return tx
    .select({ id: bulkOrders.id, userId: bulkOrders.userId, totalOrders: bulkOrders.totalOrders })
    .from(bulkOrders)
    .where(inArray(bulkOrders.id, [...ids]))
    .orderBy(asc(bulkOrders.id))
    .for('update');
}
