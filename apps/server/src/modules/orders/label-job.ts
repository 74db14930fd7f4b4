import { labelIdempotencyKey, UpstreamRejectedError, type Shipment } from '../../labels/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { formatOrderId } from './ids.ts';
import {
  findOrder,
  markCancelled,
  markCompleted,
  markProcessing,
  recordFailure,
  type OrderWithType,
} from './orders.repository.ts';

/** The label engine's view of an order. */
export const toShipment = (o: OrderWithType): Shipment => ({
  orderId: formatOrderId(o.orderNumber),
  labelTypeUid: o.labelTypeUid,
  template: (o.design ?? undefined) as Shipment['template'],
  from: {
    name: o.fromName,
    company: o.fromCompany || undefined,
    street1: o.fromStreet,
    street2: o.fromStreet2 || undefined,
    city: o.fromCity,
    state: o.fromState,
    zip: o.fromZip,
    country: o.fromCountry,
    phone: o.fromPhone || undefined,
  },
  to: {
    name: o.toName,
    company: o.toCompany || undefined,
    street1: o.toStreet,
    street2: o.toStreet2 || undefined,
    city: o.toCity,
    state: o.toState,
    zip: o.toZip,
    country: o.toCountry,
    phone: o.toPhone || undefined,
  },
  weight: o.weight,
  dimensions:
    o.height && o.width && o.length
      ? { height: o.height, width: o.width, length: o.length, unit: 'in' }
      : undefined,
  date: o.createdAt,
});

/** Thrown inside the completing transaction when the order stopped being ours to complete. */
class OrderNoLongerOpen extends Error {}

/**
 * The label job: pending -> processing -> completed. Runs again safely: a completed or cancelled
 * order is left alone, and the provider buys at most once per order (idempotency key = order id).
 * A carrier's outright rejection cancels and refunds at once; other errors are retried by the queue.
 */
export async function generateLabel(ctx: AppContext, orderId: string): Promise<void> {
  const order = await markProcessing(ctx.db, orderId);
  if (!order) return;
  let label;
  try {
    label = await ctx.labels.providerFor(order.labelTypeUid).purchase(toShipment(order), {
      idempotencyKey: labelIdempotencyKey(order.id),
      trackingSerial: BigInt(order.trackingSerial),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof UpstreamRejectedError) {
      await cancelAndRefund(ctx, orderId, reason);
      return;
    }
    await recordFailure(ctx.db, orderId, reason);
    throw error;
  }
  const { tracking, pdf } = label;
  await ctx.db
    .transaction(async (tx: Tx) => {
      const labelFileId = await ctx.files.put(
        { userId: order.userId, name: `${tracking}.pdf`, contentType: 'application/pdf', content: pdf },
        tx,
      );
      if (!(await markCompleted(tx, order.id, { tracking, labelFileId }))) throw new OrderNoLongerOpen();
    })
    .catch((error: unknown) => {
      if (!(error instanceof OrderNoLongerOpen)) throw error;
    });
}

/** Rolls back a refund whose order turned out not to be open any more. */
class NothingToRefund extends Error {}

/**
 * Cancels an order whose label could not be made and refunds its price, exactly once: the status
 * change and the refund share a transaction, and the refund's source key is unique per order.
 * The balance row is locked before the order counts (as order creation does), so they never deadlock.
 */
export async function cancelAndRefund(ctx: AppContext, orderId: string, reason: string): Promise<boolean> {
  const order = await findOrder(ctx.db, orderId);
  if (!order || order.status === 'completed' || order.status === 'cancelled') return false;
  return ctx.db
    .transaction(async (tx: Tx) => {
      const refund = await postLedgerEntry(tx, {
        userId: order.userId,
        kind: 'refund',
        amountCents: order.priceCents,
        sourceKey: `refund:order:${order.id}`,
        note: `Refund for ${formatOrderId(order.orderNumber)}: label failed`,
      });
      if (!refund.applied || !(await markCancelled(tx, order.id, reason))) throw new NothingToRefund();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof NothingToRefund) return false;
      throw error;
    });
}
