import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderStats, orders } from '../../db/schema.ts';
import {
  selectWithType,
  type OrderRow,
  type OrderStatus,
  type OrderWithType,
} from '../purchases/purchases.service.ts';

const OPEN: OrderStatus[] = ['pending', 'processing'];

export async function findOrderForUser(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<OrderWithType | null> {
  const [row] = await selectWithType(db).where(and(eq(orders.id, id), eq(orders.userId, userId)));
  return row ?? null;
}

/** The reseller's orders created with this API v2 `reference`, oldest first. */
export async function findOrdersByReference(
  db: DbOrTx,
  userId: string,
  reference: string,
): Promise<OrderWithType[]> {
  return selectWithType(db)
    .where(and(eq(orders.userId, userId), eq(orders.reference, reference)))
    .orderBy(asc(orders.orderNumber))
    .limit(REFERENCE_MATCHES);
}

/** A reference names one purchase (quantity N at most); more than this many are not listed. */
const REFERENCE_MATCHES = 100;

export async function findOrder(db: DbOrTx, id: string): Promise<OrderWithType | null> {
  const [row] = await selectWithType(db).where(eq(orders.id, id));
  return row ?? null;
}

export type OrderCounts = Record<OrderStatus, number>;

/** The reseller's order counts per status, kept by triggers (migration 0004). */
export async function findOrderCounts(db: DbOrTx, userId: string): Promise<OrderCounts> {
  const [row] = await db
    .select({
      pending: orderStats.pending,
      processing: orderStats.processing,
      completed: orderStats.completed,
      cancelled: orderStats.cancelled,
    })
    .from(orderStats)
    .where(eq(orderStats.userId, userId));
  return row ?? { pending: 0, processing: 0, completed: 0, cancelled: 0 };
}

/**
 * Cancels an order whose status is among `from` (by default one without a label yet); null when it
 * is not (any more). Staff refunds pass the completed status too.
 */
export async function markCancelled(
  tx: DbOrTx,
  id: string,
  reason: string,
  from: readonly OrderStatus[] = OPEN,
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({
      status: 'cancelled',
      failureReason: sql`coalesce(${orders.failureReason}, ${reason})`,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
    .returning();
  return row ?? null;
}

/** The status and label file of the reseller's orders among `ids` (another reseller's are not found). */
export function findLabelStatesOfOrders(db: DbOrTx, userId: string, ids: readonly string[]) {
  return db
    .select({ id: orders.id, status: orders.status, fileId: orders.labelFileId, tracking: orders.tracking })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.id, [...ids])));
}

/** The `_id` of the return label made from this order (decision 331), or null. */
export async function findReturnOf(db: DbOrTx, orderId: string): Promise<string | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.returnOf, orderId));
  return row?.id ?? null;
}

/** These orders with their label type, in no particular order. */
export function findOrdersByIds(db: DbOrTx, ids: readonly string[]): Promise<OrderWithType[]> {
  return selectWithType(db).where(inArray(orders.id, [...ids]));
}

/** These orders' numbers (a return's slip names its original). */
export function findOrderNumbers(db: DbOrTx, ids: readonly string[]) {
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, [...ids]));
}
