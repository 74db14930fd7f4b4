import type { TrackingStatus } from '@portal/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { labelTypes, orderStats, orders, providers, refundRequests, users } from '../../db/schema.ts';
import { withType, type OrderStatus, type OrderWithType } from '../orders/orders.repository.ts';

export type RefundRequestRow = typeof refundRequests.$inferSelect;
export type Reseller = { id: string; discordId: string; username: string };
export type AdminOrderRow = OrderWithType & {
  reseller: Reseller;
  provider: { id: string; name: string; kind: string } | null;
  request: RefundRequestRow | null;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const adminOrderColumns = {
  ...withType,
  reseller: { id: users.id, discordId: users.discordId, username: users.username },
  provider: { id: providers.id, name: providers.name, kind: providers.kind },
};

export type AdminOrderFilter = {
  /** A `to_tsquery('simple', ...)` text (OrderId, names, tracking), or null. */
  tsQuery: string | null;
  /** Matches the reseller's Discord name or name; null for no search. */
  resellerText: string | null;
  status: OrderStatus | null;
  labelTypeId: string | null;
  trackingStatus: TrackingStatus | null;
  from?: Date;
  to?: Date;
  offset: number;
  limit: number;
};

/** One page of every reseller's orders, newest first, with their refund requests. */
export async function listAdminOrders(db: DbOrTx, f: AdminOrderFilter) {
  const filters: SQL[] = [];
  const text: SQL[] = [];
  if (f.tsQuery) text.push(sql`${orders.searchVector} @@ to_tsquery('simple', ${f.tsQuery})`);
  if (f.resellerText) {
    const like = `%${escapeLike(f.resellerText)}%`;
    text.push(
      sql`${orders.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${users.discordId} ILIKE ${like} OR ${users.username} ILIKE ${like})`,
    );
  }
  if (text.length > 0) filters.push(sql`(${sql.join(text, sql` OR `)})`);
  if (f.status) filters.push(eq(orders.status, f.status));
  if (f.labelTypeId) filters.push(eq(orders.labelTypeId, f.labelTypeId));
  if (f.trackingStatus) filters.push(eq(orders.trackingStatus, f.trackingStatus));
  if (f.from) filters.push(gte(orders.createdAt, f.from));
  if (f.to) filters.push(lt(orders.createdAt, f.to));
  const where = filters.length > 0 ? and(...filters) : undefined;
  // Keys from an index-only scan of (created_at, order_number), rows by key: a deep page does not read
  // the orders it skips (decision 210).
  const keys = db
    .select({ n: orders.orderNumber })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(f.limit)
    .offset(f.offset);
  const countedByTriggers = !text.length && !f.labelTypeId && !f.trackingStatus && !f.from && !f.to;
  const [rows, total] = await Promise.all([
    db
      .select(adminOrderColumns)
      .from(orders)
      .innerJoin(labelTypes, eq(labelTypes.id, orders.labelTypeId))
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(providers, eq(providers.id, orders.providerId))
      .where(inArray(orders.orderNumber, keys))
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber)),
    countedByTriggers ? countFromStats(db, f.status) : countOrders(db, where),
  ]);
  return { rows: await withRequests(db, rows), total };
}

/** Every reseller's orders (in one status) from the counts triggers keep: one row per reseller. */
async function countFromStats(db: DbOrTx, status: OrderStatus | null): Promise<number> {
  const s = orderStats;
  const n = status
    ? sql.identifier(status)
    : sql`${s.pending} + ${s.processing} + ${s.completed} + ${s.cancelled}`;
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${n}), 0)`.mapWith(Number) }).from(s);
  return row?.n ?? 0;
}

async function countOrders(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(where);
  return row?.n ?? 0;
}

export async function findAdminOrder(db: DbOrTx, id: string): Promise<AdminOrderRow | null> {
  const rows = await db
    .select(adminOrderColumns)
    .from(orders)
    .innerJoin(labelTypes, eq(labelTypes.id, orders.labelTypeId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(providers, eq(providers.id, orders.providerId))
    .where(eq(orders.id, id));
  return (await withRequests(db, rows))[0] ?? null;
}

async function withRequests<T extends { id: string }>(db: DbOrTx, rows: T[]) {
  const requests = await findRequestsOfOrders(
    db,
    rows.map((r) => r.id),
  );
  // Each freshly read row takes its request in place: a copy of a wide row costs more than the lookup.
  return rows.map((row) => Object.assign(row, { request: requests.get(row.id) ?? null }));
}

/** The refund requests of the given orders, by order id. */
export async function findRequestsOfOrders(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, RefundRequestRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(refundRequests)
    .where(inArray(refundRequests.orderId, [...orderIds]));
  return new Map(rows.map((r) => [r.orderId, r]));
}

/**
 * Locks the reseller's order against a concurrent refund (FOR UPDATE: the request also marks the
 * order `requested`) while its request is made: a refund that commits first makes this read see the
 * cancelled order.
 */
export async function lockOrderForRequest(db: DbOrTx, userId: string, orderId: string) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for('update');
  return row ?? null;
}

/** Opens a rejected request again (a void asked again after a rejection); null when there is none. */
export async function reopenRejectedRequest(
  db: DbOrTx,
  q: { orderId: string; reason: string | null },
): Promise<RefundRequestRow | null> {
  const [row] = await db
    .update(refundRequests)
    .set({ status: 'pending', reason: q.reason, rejectionReason: null, decidedBy: null, decidedAt: null })
    .where(and(eq(refundRequests.orderId, q.orderId), eq(refundRequests.status, 'rejected')))
    .returning();
  return row ?? null;
}

/** Inserts the order's request; null when the order already has one. */
export async function insertRequestOnce(
  db: DbOrTx,
  row: { orderId: string; userId: string; reason: string | null },
): Promise<RefundRequestRow | null> {
  const [inserted] = await db
    .insert(refundRequests)
    .values(row)
    .onConflictDoNothing({ target: refundRequests.orderId })
    .returning();
  return inserted ?? null;
}

export async function findRequest(db: DbOrTx, id: string): Promise<RefundRequestRow | null> {
  const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, id));
  return row ?? null;
}

/** Approves the given pending request, or (no id) whatever request the refunded order has. */
export async function approveRequest(
  db: DbOrTx,
  q: { orderId: string; requestId?: string; decidedBy: string | null },
): Promise<RefundRequestRow | null> {
  const where = q.requestId
    ? and(
        eq(refundRequests.id, q.requestId),
        eq(refundRequests.orderId, q.orderId),
        eq(refundRequests.status, 'pending'),
      )
    : and(eq(refundRequests.orderId, q.orderId), ne(refundRequests.status, 'approved'));
  const [row] = await db
    .update(refundRequests)
    .set({ status: 'approved', rejectionReason: null, decidedBy: q.decidedBy, decidedAt: new Date() })
    .where(where)
    .returning();
  return row ?? null;
}

/** Rejects a pending request; null when it is not pending (any more). */
export async function rejectRequest(
  db: DbOrTx,
  q: { id: string; reason: string; decidedBy: string },
): Promise<RefundRequestRow | null> {
  const [row] = await db
    .update(refundRequests)
    .set({ status: 'rejected', rejectionReason: q.reason, decidedBy: q.decidedBy, decidedAt: new Date() })
    .where(and(eq(refundRequests.id, q.id), eq(refundRequests.status, 'pending')))
    .returning();
  return row ?? null;
}

const decider = alias(users, 'decider');

/** The staff queue: pending requests oldest first; decided ones newest first. */
export async function listRequests(
  db: DbOrTx,
  q: { status: RefundRequestRow['status'] | null; offset: number; limit: number; id?: string },
) {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(refundRequests.status, q.status));
  if (q.id) filters.push(eq(refundRequests.id, q.id));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const rows = await db
    .select({
      request: refundRequests,
      order: withType,
      reseller: { id: users.id, discordId: users.discordId, username: users.username },
      decidedBy: { id: decider.id, discordId: decider.discordId },
    })
    .from(refundRequests)
    .innerJoin(orders, eq(orders.id, refundRequests.orderId))
    .innerJoin(labelTypes, eq(labelTypes.id, orders.labelTypeId))
    .innerJoin(users, eq(users.id, refundRequests.userId))
    .leftJoin(decider, eq(decider.id, refundRequests.decidedBy))
    .where(where)
    .orderBy(
      q.status === 'pending' ? asc(refundRequests.createdAt) : desc(refundRequests.createdAt),
      asc(refundRequests.id),
    )
    .limit(q.limit)
    .offset(q.offset);
  const [totals] = await db.select({ n: count() }).from(refundRequests).where(where);
  return { rows, total: totals?.n ?? 0 };
}

export async function countPendingRequests(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(refundRequests)
    .where(eq(refundRequests.status, 'pending'));
  return row?.n ?? 0;
}

/** The reseller's name and verified e-mail (null when unverified or disabled), for the refund mail. */
export async function findMailRecipient(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, emailVerified: users.emailVerified, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row?.emailVerified && row.email ? { email: row.email, username: row.username } : null;
}
