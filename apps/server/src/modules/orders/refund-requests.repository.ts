import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refundRequests } from '../../db/schema.ts';

/** A reseller's refund request, as the order lists show it beside its order. */
export type RefundRequestRow = typeof refundRequests.$inferSelect;

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
