import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { labelTypes, orders, refundRequests, users } from '../../db/schema.ts';
import { withType } from '../orders/order-records.service.ts';

export type RefundRequestRow = typeof refundRequests.$inferSelect;

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
  options: { orderId: string; reason: string | null },
): Promise<RefundRequestRow | null> {
  const [row] = await db
    .update(refundRequests)
    .set({
      status: 'pending',
      reason: options.reason,
      rejectionReason: null,
      decidedBy: null,
      decidedAt: null,
    })
    .where(and(eq(refundRequests.orderId, options.orderId), eq(refundRequests.status, 'rejected')))
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
  options: { orderId: string; requestId?: string; decidedBy: string | null },
): Promise<RefundRequestRow | null> {
  const where = options.requestId
    ? and(
        eq(refundRequests.id, options.requestId),
        eq(refundRequests.orderId, options.orderId),
        eq(refundRequests.status, 'pending'),
      )
    : and(eq(refundRequests.orderId, options.orderId), ne(refundRequests.status, 'approved'));
  const [row] = await db
    .update(refundRequests)
    .set({ status: 'approved', rejectionReason: null, decidedBy: options.decidedBy, decidedAt: new Date() })
    .where(where)
    .returning();
  return row ?? null;
}

/** Rejects a pending request; null when it is not pending (any more). */
export async function rejectRequest(
  db: DbOrTx,
  options: { id: string; reason: string; decidedBy: string },
): Promise<RefundRequestRow | null> {
  const [row] = await db
    .update(refundRequests)
    .set({
      status: 'rejected',
      rejectionReason: options.reason,
      decidedBy: options.decidedBy,
      decidedAt: new Date(),
    })
    .where(and(eq(refundRequests.id, options.id), eq(refundRequests.status, 'pending')))
    .returning();
  return row ?? null;
}

const decider = alias(users, 'decider');

/** The staff queue: pending requests oldest first; decided ones newest first. */
export async function listRequests(
  db: DbOrTx,
  options: { status: RefundRequestRow['status'] | null; offset: number; limit: number; id?: string },
) {
  const filters: SQL[] = [];
  if (options.status) filters.push(eq(refundRequests.status, options.status));
  if (options.id) filters.push(eq(refundRequests.id, options.id));
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
      options.status === 'pending' ? asc(refundRequests.createdAt) : desc(refundRequests.createdAt),
      asc(refundRequests.id),
    )
    .limit(options.limit)
    .offset(options.offset);
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

/**
 * Completed labels bought at least `days` ago whose refund was never asked for and that the carrier
 * never scanned, still inside their void window (a label bought at a provider), oldest first.
 */
export async function findUnusedLabels(
  db: DbOrTx,
  options: { boughtBefore: Date; now: Date; limit: number },
) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(labelTypes, eq(labelTypes.id, orders.labelTypeId))
    .where(
      and(
        eq(orders.status, 'completed'),
        isNull(orders.refundStatus),
        isNull(orders.voidRequestedAt),
        lt(orders.createdAt, options.boughtBefore),
        // Never scanned: no status yet, or one that says the carrier does not have it (hasBeenScanned).
        or(isNull(orders.trackingStatus), inArray(orders.trackingStatus, ['pre_transit', 'unknown'])),
        sql`(${orders.providerId} is null or ${orders.createdAt} + make_interval(days => ${labelTypes.voidWindowDays}) > ${options.now})`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(options.limit);
}
