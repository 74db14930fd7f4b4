import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { labelPurchases, orders, type PurchaseState } from '../../db/schema.ts';

export type LabelPurchaseRow = typeof labelPurchases.$inferSelect;

/** States of an unfinished purchase (its outcome not known yet): the provider may hold a label for the order. */
export const UNFINISHED_STATES: readonly PurchaseState[] = ['started', 'unknown', 'bought'];

export const findPurchasesOf = (db: DbOrTx, orderIds: readonly string[]): Promise<LabelPurchaseRow[]> =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(labelPurchases)
        .where(inArray(labelPurchases.orderId, [...orderIds]));

/**
 * Records a try at one provider before it is made: a new row, or the order's row at that provider
 * (its id, the reference every try sends, stays the same) moved back to `started`.
 */
export async function startPurchase(
  db: DbOrTx,
  row: { orderId: string; providerId: string; service: string },
): Promise<LabelPurchaseRow | null> {
  return db.transaction(async (tx) => {
    // The order's row lock orders this against a refund: an order cancelled first is never bought,
    // and a refund after this sees the purchase in flight and waits for it (decision 315).
    const [open] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, row.orderId), inArray(orders.status, ['pending', 'processing'])))
      .for('update');
    if (!open) return null;
    const [started] = await tx
      .insert(labelPurchases)
      .values({ ...row, state: 'started', tries: 1 })
      .onConflictDoUpdate({
        target: [labelPurchases.orderId, labelPurchases.providerId],
        set: { state: 'started', tries: sql`${labelPurchases.tries} + 1`, updatedAt: new Date() },
      })
      .returning();
    return started!;
  });
}

export async function setPurchase(
  db: DbOrTx,
  id: string,
  fields: Partial<
    Pick<LabelPurchaseRow, 'state' | 'upstreamId' | 'quotedRateId' | 'tracking' | 'costCents' | 'error'>
  >,
): Promise<void> {
  await db
    .update(labelPurchases)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(labelPurchases.id, id));
}

/** Orders among `orderIds` with an unfinished purchase (its outcome not known yet). */
export async function ordersWithUnfinishedPurchases(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: labelPurchases.orderId })
    .from(labelPurchases)
    .where(
      and(
        inArray(labelPurchases.orderId, [...orderIds]),
        inArray(labelPurchases.state, [...UNFINISHED_STATES]),
      ),
    );
  return new Set(rows.map((r) => r.orderId));
}
