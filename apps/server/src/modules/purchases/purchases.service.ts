import type { DbOrTx } from '../../db/client.ts';
import { ordersWithUnfinishedPurchases } from './label-purchases.repository.ts';

// The way money becomes a label: price, charge (the one charge path), provider purchase, label storage,
// settle or refund (decision 337). Orders, bulk orders, the reseller API and the label workers call it here.
export {
  boughtBy,
  chargeAndInsert,
  chargePurchase,
  mapInTransaction,
  type ChargeResult,
  type InTransaction,
  type PurchaseCharge,
} from './order-charge.ts';
export {
  DeferredLabelError,
  finishPurchaseOrRefund,
  generateLabel,
  generateLabels,
  toShipment,
} from './label-job.ts';
export { formatOrderId, ORDER_ID_PREFIX } from './ids.ts';
export { findOrderItems, insertOrderItems } from './order-items.repository.ts';
/** Which order a provider's purchase belongs to, and the provider's id of the label it bought (tracking, refunds). */
export { findOrderOfPurchase, findPurchaseUpstreamId } from './purchase-lookups.repository.ts';
/** A bought label in another format, asked of its provider once and then kept (label downloads). */
export { upstreamLabelFile, type UpstreamLabelOrder } from './upstream-label-files.ts';
export {
  findOrdersByIds,
  selectWithType,
  withType,
  type NewOrderRow,
  type OrderRow,
  type OrderStatus,
  type OrderWithType,
} from './purchase-orders.repository.ts';

/**
 * True while a label for the open order may be being bought (or was bought and not stored yet) at a
 * provider: a refund then waits for the purchase to finish (decision 315). In the caller's transaction,
 * after it locked the order's row.
 */
export async function isPurchaseInFlight(db: DbOrTx, orderId: string): Promise<boolean> {
  return (await ordersWithUnfinishedPurchases(db, [orderId])).size > 0;
}
