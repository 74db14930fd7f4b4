import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { labelTypeRoutings, orderRoutings, type StoredQuote } from '../../db/schema.ts';

export type RoutingRow = typeof labelTypeRoutings.$inferSelect;
export type RoutingSettings = Pick<
  RoutingRow,
  'mode' | 'withinCents' | 'minMarginCents' | 'minMarginPercent'
>;
export type OrderRoutingRow = typeof orderRoutings.$inferSelect;

/** A label type without a row: its route in order, no margin floor. */
export const ORDERED_ROUTING: RoutingSettings = {
  mode: 'ordered',
  withinCents: null,
  minMarginCents: null,
  minMarginPercent: null,
};

export const findRoutingsOf = (db: DbOrTx, labelTypeIds: readonly string[]): Promise<RoutingRow[]> =>
  labelTypeIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(labelTypeRoutings)
        .where(inArray(labelTypeRoutings.labelTypeId, [...labelTypeIds]));

export const listRoutings = (db: DbOrTx): Promise<RoutingRow[]> => db.select().from(labelTypeRoutings);

export async function saveRouting(tx: DbOrTx, labelTypeId: string, settings: RoutingSettings): Promise<void> {
  await tx
    .insert(labelTypeRoutings)
    .values({ labelTypeId, ...settings })
    .onConflictDoUpdate({
      target: labelTypeRoutings.labelTypeId,
      set: { ...settings, updatedAt: new Date() },
    });
}

/** The quotes an order was routed by, replacing an earlier routing of it (a job's retry quotes again). */
export async function saveOrderRouting(
  db: DbOrTx,
  row: Pick<OrderRoutingRow, 'orderId' | 'mode' | 'quotes' | 'orderedCostCents' | 'isBelowMargin'>,
): Promise<void> {
  const fields = { ...row, chosenProviderId: null, updatedAt: new Date() };
  await db
    .insert(orderRoutings)
    .values(fields)
    .onConflictDoUpdate({ target: orderRoutings.orderId, set: fields });
}

/** The provider bought from, marked among the order's quotes. */
export async function markQuoteChosen(
  db: DbOrTx,
  orderId: string,
  providerId: string,
  quotes: readonly StoredQuote[],
): Promise<void> {
  await db
    .update(orderRoutings)
    .set({
      chosenProviderId: providerId,
      quotes: quotes.map((q) => ({ ...q, chosen: q.providerId === providerId })),
      updatedAt: new Date(),
    })
    .where(eq(orderRoutings.orderId, orderId));
}

export const findOrderRoutings = (db: DbOrTx, orderIds: readonly string[]): Promise<OrderRoutingRow[]> =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(orderRoutings)
        .where(inArray(orderRoutings.orderId, [...orderIds]));
