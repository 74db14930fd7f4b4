import { centsToDollars, isBuiltInLabelType } from '@portal/shared';
import {
  labelIdempotencyKey,
  UpstreamRejectedError,
  type PurchasedLabel,
  type Shipment,
} from '../../labels/index.ts';
import { UpstreamNotBoughtError } from '../../labels/providers/upstream/upstream-adapter.ts';
import { UpstreamUnknownOutcomeError } from '../../labels/providers/upstream/upstream-errors.ts';
import { ORDERED_ROUTING, routesOf, routingsOf } from '../providers/label-type-routes.service.ts';
import { ordersWithUnfinishedPurchases } from './label-purchases.repository.ts';
import { buyUpstreamLabel } from './upstream-purchase.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { deliverEvents, recordEvent } from '../../events/outbox.ts';
import { resellerReasonOf } from '../../labels/providers/reseller-reasons.ts';
import { coalesced } from '../../lib/coalesced.ts';
import { formatOrderId } from './ids.ts';
import {
  markCompleted,
  markProcessing,
  recordFailure,
  type OrderWithType,
} from './purchase-orders.repository.ts';

/** The label engine's view of an order. */
export const toShipment = (order: OrderWithType): Shipment => ({
  orderId: formatOrderId(order.orderNumber),
  labelTypeUid: order.labelTypeUid,
  // A staff-made type is drawn from its carrier and service (decision 334); built-ins from their uid.
  labelType: isBuiltInLabelType(order.labelTypeUid)
    ? undefined
    : { name: order.labelTypeName, carrier: order.labelTypeCarrier, service: order.labelTypeService },
  template: (order.design ?? undefined) as Shipment['template'],
  from: {
    name: order.fromName,
    company: order.fromCompany || undefined,
    street1: order.fromStreet,
    street2: order.fromStreet2 || undefined,
    city: order.fromCity,
    state: order.fromState,
    zip: order.fromZip,
    country: order.fromCountry,
    phone: order.fromPhone || undefined,
  },
  to: {
    name: order.toName,
    company: order.toCompany || undefined,
    street1: order.toStreet,
    street2: order.toStreet2 || undefined,
    city: order.toCity,
    state: order.toState,
    zip: order.toZip,
    country: order.toCountry,
    phone: order.toPhone || undefined,
  },
  weight: order.weight,
  dimensions:
    order.height && order.width && order.length
      ? { height: order.height, width: order.width, length: order.length, unit: 'in' }
      : undefined,
  signature: order.signature,
  insuredValue: order.insuredValueCents === null ? undefined : centsToDollars(order.insuredValueCents),
  isReturn: order.returnOf !== null,
  postage: centsToDollars(order.priceCents - (order.insuranceCents ?? 0)),
  date: order.createdAt,
});

/** A label made for an order of the batch, ready to be stored. */
type MadeLabel = {
  order: OrderWithType;
  label: PurchasedLabel & { providerId?: string; costCents?: number };
};

/**
 * The label jobs of a batch: pending -> processing -> completed. One statement moves the open orders
 * to processing and their labels are made at once. Test-mode labels (the provider spreads them over
 * the render threads) are stored together, in one transaction that stores the PDFs and completes the
 * orders. A label bought upstream takes from a fraction of a second to many, so each one is stored as
 * soon as it is bought (with those bought while the previous store ran) and its order reported to
 * `onOrderDone` at once: the job queue gives its place to the next order instead of waiting for the
 * batch's slowest purchase. Runs again safely: a completed or cancelled order is left alone, and the
 * provider buys at most once per order (idempotency key = order id). A carrier's outright rejection
 * cancels and refunds at once; the orders whose label failed otherwise are returned (order id -> error)
 * for the queue to retry, and reported to `onOrderDone` too.
 */
export async function generateLabels(
  ctx: AppContext,
  orderIds: readonly string[],
  onOrderDone?: (orderId: string, error: Error | null) => void,
): Promise<Map<string, Error>> {
  const failed = new Map<string, Error>();
  const open = await markProcessing(ctx.db, [...new Set(orderIds)]);
  const routes = await routesOf(ctx, open);
  const routeOf = (order: OrderWithType) => routes.get(order.labelTypeId) ?? [];
  const routings = await routingsOf(ctx, open);

  const make = async (order: OrderWithType): Promise<MadeLabel | null> => {
    try {
      const route = routeOf(order);
      const shipment = toShipment(order);
      const label: MadeLabel['label'] =
        route.length > 0
          ? await buyUpstreamLabel(ctx, order.id, shipment, route, {
              settings: routings.get(order.labelTypeId) ?? ORDERED_ROUTING,
              priceCents: order.priceCents,
            })
          : await ctx.labels.providerFor(order.labelTypeUid).purchase(shipment, {
              idempotencyKey: labelIdempotencyKey(order.id),
              trackingSerial: BigInt(order.trackingSerial),
            });
      return { order, label };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof UpstreamRejectedError) {
        // The provider's refusal ends the order: the reseller's reason (in plain words, decision 314)
        // over any earlier try's passing trouble; staff keep the provider's words.
        await recordFailure(ctx.db, order.id, {
          providerNote: reason,
          failureReason: resellerReasonOf(reason),
        });
        await ctx.refundFailedOrder(order.id, reason);
        onOrderDone?.(order.id, null);
      } else {
        // A passing failure is no reason for the reseller until the order ends; staff see it.
        await recordFailure(ctx.db, order.id, { providerNote: reason });
        const failure = deferralOf(ctx, order, error) ?? (error instanceof Error ? error : new Error(reason));
        failed.set(order.id, failure);
        onOrderDone?.(order.id, failure);
      }
      return null;
    }
  };

  const storeSoon = coalesced((labels: MadeLabel[]) => storeLabels(ctx, labels));
  const upstream = open.filter((order) => routeOf(order).length > 0);
  const testMode = open.filter((order) => routeOf(order).length === 0);
  const outcomes = await Promise.allSettled([
    ...upstream.map(async (order) => {
      const made = await make(order);
      if (!made) return;
      try {
        await storeSoon(made);
      } catch (error) {
        // Bought but not stored: the purchase stays unfinished, and the retry takes the label from it.
        const failure = error instanceof Error ? error : new Error(String(error));
        failed.set(order.id, failure);
        onOrderDone?.(order.id, failure);
        return;
      }
      onOrderDone?.(order.id, null);
    }),
    (async () => {
      const made = (await Promise.all(testMode.map(make))).filter((m) => m !== null);
      await storeLabels(ctx, made);
      for (const { order } of made) onOrderDone?.(order.id, null);
    })(),
  ]);
  // Waits for every order before failing the batch: none is retried while its first try still runs.
  const thrown = outcomes.find((o) => o.status === 'rejected');
  if (thrown) throw thrown.reason;
  return failed;
}

/** Stores made labels' PDFs and completes their orders, in one transaction. */
async function storeLabels(ctx: AppContext, labels: readonly MadeLabel[]): Promise<void> {
  if (labels.length === 0) return;
  // Written before the transaction that points at them commits; a rollback leaves them to the sweep.
  const staged = await ctx.files.stage(
    labels.map(({ order, label }) => ({
      userId: order.userId,
      name: `${label.tracking}.pdf`,
      contentType: 'application/pdf',
      content: label.pdf,
    })),
  );
  const { completedCount, events } = await ctx.db.transaction(async (tx: Tx) => {
    const fileIds = await ctx.files.record(staged, tx);
    const completed = await markCompleted(
      tx,
      labels.map(({ order, label }, i) => ({
        id: order.id,
        tracking: label.tracking,
        labelFileId: fileIds[i]!,
        providerId: label.providerId ?? null,
        costCents: label.costCents ?? null,
      })),
    );
    // Tracking and webhooks hear of the labels through the outbox, after the commit (decision 338).
    const made = labels.flatMap(({ order, label }) =>
      completed.has(order.id) ? [{ id: order.id, providerId: label.providerId ?? null }] : [],
    );
    const events =
      made.length > 0 ? await recordEvent(ctx, tx, { type: 'order.completed', orders: made }) : [];
    // An order cancelled while its label was drawn keeps no file.
    await ctx.files.removeMany(
      fileIds.filter((_, i) => !completed.has(labels[i]!.order.id)),
      tx,
    );
    return { completedCount: completed.size, events };
  });
  // Counted at the commit that made them, not after the events' delivery: a label is made once its order
  // row says so. Per process: with several instances, each one's /metrics shows the labels its workers made.
  ctx.metrics.labelsFinished.inc({ outcome: 'completed' }, completedCount);
  await deliverEvents(ctx, events);
}

/**
 * An order whose upstream purchase must wait, not fail: its providers are cooling down or rate limited
 * (nothing bought), or a purchase's outcome is not known yet. Its job is sent again for `retryInMs`
 * later instead of spending one of the queue's few retries, so a provider's outage delays orders
 * rather than refunding them. A provider that stays unavailable past `giveUpMs` fails the order as
 * before; an unknown outcome waits for as long as it takes, since only the provider can finish it.
 */
export class DeferredLabelError extends Error {
  override readonly name = 'DeferredLabelError';
  constructor(
    override readonly cause: Error,
    readonly retryInMs: number,
  ) {
    super(cause.message);
  }
}

function deferralOf(ctx: AppContext, order: OrderWithType, error: unknown): DeferredLabelError | null {
  const { cooldownMs, giveUpMs } = ctx.config.providers;
  if (error instanceof UpstreamUnknownOutcomeError) return new DeferredLabelError(error, UNKNOWN_RETRY_MS);
  if (!(error instanceof UpstreamNotBoughtError)) return null;
  if (Date.now() - order.createdAt.getTime() > giveUpMs) return null;
  return new DeferredLabelError(error, Math.max(error.retryAfterMs ?? 0, cooldownMs));
}

/** How soon a purchase whose outcome is not known is looked up again. */
const UNKNOWN_RETRY_MS = 5_000;

/** One order's label job (see `generateLabels`); throws when the label failed and should be retried. */
export async function generateLabel(ctx: AppContext, orderId: string): Promise<void> {
  const failure = (await generateLabels(ctx, [orderId])).get(orderId);
  if (failure) throw failure;
}

/**
 * The last word on an order whose label jobs all failed: when a provider may still hold a label for
 * it (an answer was lost), it is finished first, and the order is only refunded once the provider
 * said nothing was bought. While it cannot say, the answer is a `DeferredLabelError` (ask again later).
 */
export async function finishPurchaseOrRefund(
  ctx: AppContext,
  orderId: string,
  reason: string,
): Promise<boolean | DeferredLabelError> {
  if ((await ordersWithUnfinishedPurchases(ctx.db, [orderId])).size > 0) {
    const failure = (await generateLabels(ctx, [orderId])).get(orderId);
    if ((await ordersWithUnfinishedPurchases(ctx.db, [orderId])).size > 0)
      return new DeferredLabelError(
        failure ?? new Error(`Order ${orderId}: its upstream purchase is not settled yet`),
        UNKNOWN_RETRY_MS,
      );
  }
  return ctx.refundFailedOrder(orderId, reason);
}
