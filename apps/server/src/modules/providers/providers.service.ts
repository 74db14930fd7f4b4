import type { DbOrTx } from '../../db/client.ts';
import { ordersWithUnfinishedPurchases } from './label-purchases.repository.ts';

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
