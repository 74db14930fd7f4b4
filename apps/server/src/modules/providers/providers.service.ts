import { centsToDollars, type QuoteView } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import { ordersWithUnfinishedPurchases } from './label-purchases.repository.ts';
import { findOrderRoutings } from './routings.repository.ts';

/** A provider's row and its update, and which order a provider's purchase belongs to (for tracking). */
export { findProvider, updateProvider, type ProviderRow } from './providers.repository.ts';
export { findOrderOfPurchase, findPurchaseUpstreamId } from './purchase-lookups.repository.ts';

// Staff's provider actions each live in their own file (create-provider.ts, update-provider.ts ...); this
// service is what other modules call.

/**
 * True while a label for the open order may be being bought (or was bought and not stored yet) at a
 * provider: a refund then waits for the purchase to finish (decision 315). In the caller's transaction,
 * after it locked the order's row.
 */
export async function isPurchaseInFlight(db: DbOrTx, orderId: string): Promise<boolean> {
  return (await ordersWithUnfinishedPurchases(db, [orderId])).size > 0;
}

/** The live quotes each order was routed by, as staff read them (decision 332); absent: none taken. */
export async function readOrderQuotes(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, { quotes: QuoteView[]; orderedRouteCost: number | null }>> {
  const rows = await findOrderRoutings(db, orderIds);
  return new Map(
    rows.map((row) => [
      row.orderId,
      {
        quotes: row.quotes.map((q) => ({
          provider: q.provider,
          amount: q.amountCents === null ? null : centsToDollars(q.amountCents),
          ms: q.ms,
          chosen: q.chosen,
          ...(q.error ? { error: q.error } : {}),
        })),
        orderedRouteCost: row.orderedCostCents === null ? null : centsToDollars(row.orderedCostCents),
      },
    ]),
  );
}
