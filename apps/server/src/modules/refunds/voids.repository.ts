import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { labelTypes, orders } from '../../db/schema.ts';
import type { OrderRow } from '../orders/order-records.service.ts';

/** The first check of a submitted void (`REFUND_VOID_CHECK_SECONDS`' default), and the longest wait. */
export const FIRST_VOID_CHECK_MS = 5 * 60_000;
export const LONGEST_VOID_CHECK_MS = 6 * 60 * 60_000;

/** When to ask about a void again after `checks` checks: 5 min, 10, 20... at most 6 h apart. */
export const nextVoidCheck = (checks: number, now = new Date(), firstMs = FIRST_VOID_CHECK_MS): Date =>
  new Date(now.getTime() + Math.min(firstMs * 2 ** Math.min(checks, 12), LONGEST_VOID_CHECK_MS));

/** The label type's void window, in days. */
export async function findVoidWindowDays(db: DbOrTx, labelTypeId: string): Promise<number> {
  const [row] = await db
    .select({ days: labelTypes.voidWindowDays })
    .from(labelTypes)
    .where(eq(labelTypes.id, labelTypeId));
  return row?.days ?? 30;
}

/**
 * Claims the order's void (decision 280): only a completed order with no void in flight and not yet
 * refunded is claimed, so of two refunds asked at once (staff and an approved request, or twice) one
 * wins and the other is told a refund is under way.
 */
export async function claimVoid(
  tx: DbOrTx,
  options: { orderId: string; reason: string; askedBy: string | null; now?: Date; firstCheckMs?: number },
): Promise<OrderRow | null> {
  const now = options.now ?? new Date();
  const [row] = await tx
    .update(orders)
    .set({
      refundStatus: 'requested',
      refundNote: null,
      voidNote: null,
      refundReason: options.reason,
      refundAskedBy: options.askedBy,
      voidRequestedAt: now,
      voidUpstreamId: null,
      voidChecks: 0,
      // Asked again by the poller if the provider's answer is lost.
      voidCheckAt: nextVoidCheck(0, now, options.firstCheckMs),
      updatedAt: now,
    })
    .where(
      and(
        eq(orders.id, options.orderId),
        eq(orders.status, 'completed'),
        isNull(orders.voidRequestedAt),
        or(isNull(orders.refundStatus), ne(orders.refundStatus, 'refunded')),
      ),
    )
    .returning();
  return row ?? null;
}

const inFlight = (orderId: string) =>
  and(
    eq(orders.id, orderId),
    eq(orders.status, 'completed'),
    isNotNull(orders.voidRequestedAt),
    inArray(orders.refundStatus, ['requested', 'submitted']),
  );

/** The provider holds the void: ask again later (backoff by the checks so far). */
export async function markVoidSubmitted(
  db: DbOrTx,
  options: { orderId: string; voidId?: string; checks: number; firstCheckMs?: number },
): Promise<Date | null> {
  const [row] = await db
    .update(orders)
    .set({
      refundStatus: 'submitted',
      voidUpstreamId: options.voidId ? options.voidId : sql`${orders.voidUpstreamId}`,
      voidChecks: options.checks,
      voidCheckAt: nextVoidCheck(options.checks, new Date(), options.firstCheckMs),
      updatedAt: new Date(),
    })
    .where(inFlight(options.orderId))
    .returning({ at: orders.voidCheckAt });
  return row?.at ?? null;
}

/** The provider could not be asked or did not say: the poller asks again later. */
export async function postponeVoidCheck(
  db: DbOrTx,
  options: { orderId: string; checks: number; firstCheckMs?: number },
): Promise<Date | null> {
  const [row] = await db
    .update(orders)
    .set({
      voidChecks: options.checks,
      voidCheckAt: nextVoidCheck(options.checks, new Date(), options.firstCheckMs),
    })
    .where(inFlight(options.orderId))
    .returning({ at: orders.voidCheckAt });
  return row?.at ?? null;
}

/** The provider said no: the order stays completed, its balance untouched; null when it was not in flight. */
export async function markVoidRejected(
  tx: DbOrTx,
  options: { orderId: string; note: string; providerNote: string },
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({
      refundStatus: 'rejected',
      refundNote: options.note,
      voidNote: options.providerNote,
      voidRequestedAt: null,
      voidUpstreamId: null,
      voidCheckAt: null,
      updatedAt: new Date(),
    })
    .where(inFlight(options.orderId))
    .returning();
  return row ?? null;
}

/** The order was credited: its refund is done (whether a void was in flight or not). */
export async function markRefunded(tx: DbOrTx, orderId: string): Promise<void> {
  await tx
    .update(orders)
    .set({
      refundStatus: 'refunded',
      refundNote: null,
      voidNote: null,
      voidRequestedAt: null,
      voidCheckAt: null,
    })
    .where(eq(orders.id, orderId));
}

/**
 * Voids whose next check is due, oldest due first; `orderIds` names them whatever their schedule
 * (`isDue` too: a job for one void's check, which finds nothing when a later one was scheduled).
 */
export async function findDueVoids(
  db: DbOrTx,
  options: { now: Date; limit: number; orderIds?: string[]; isDue?: boolean },
) {
  return db
    .select({
      id: orders.id,
      providerId: orders.providerId,
      refundStatus: orders.refundStatus,
      refundReason: orders.refundReason,
      voidUpstreamId: orders.voidUpstreamId,
      voidChecks: orders.voidChecks,
    })
    .from(orders)
    .where(
      and(
        isNotNull(orders.voidCheckAt),
        options.orderIds ? inArray(orders.id, options.orderIds) : undefined,
        !options.orderIds || options.isDue ? lte(orders.voidCheckAt, options.now) : undefined,
        eq(orders.status, 'completed'),
        isNotNull(orders.voidRequestedAt),
      ),
    )
    .orderBy(asc(orders.voidCheckAt))
    .limit(options.limit);
}

/** The reseller asked for a refund (a request staff decide): the order view says `requested`. */
export async function markRefundRequested(tx: DbOrTx, orderId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ refundStatus: 'requested', refundNote: null, voidNote: null })
    .where(and(eq(orders.id, orderId), isNull(orders.voidRequestedAt)));
}

/** Staff declined the reseller's request: the order view says `rejected`, with their reason. */
export async function markRequestDeclined(tx: DbOrTx, orderId: string, note: string): Promise<void> {
  await tx
    .update(orders)
    .set({ refundStatus: 'rejected', refundNote: note, voidNote: null })
    .where(and(eq(orders.id, orderId), isNull(orders.voidRequestedAt), ne(orders.status, 'cancelled')));
}
