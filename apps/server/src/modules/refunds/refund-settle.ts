import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import {
  formatOrderId,
  markCancelled,
  type OrderStatus,
  type OrderWithType,
} from '../orders/order-records.service.ts';
import { emitOrderEvents } from '../order-webhooks/order-webhooks.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import { toRefundRequestView } from './refund-views.ts';
import { approveRequest } from './refunds.repository.ts';
import { markRefunded } from './voids.repository.ts';

type Settle = {
  reason: string;
  /** The statuses the order may be cancelled from. */
  from: readonly OrderStatus[];
  /** Staff (or the reseller who asked) behind the credit, on the ledger entry and the request's decision. */
  decidedBy: string | null;
  requestId?: string | undefined;
};

/**
 * A refund credited, in the caller's transaction, whether staff refunded at once or the provider
 * confirmed a void later: one ledger entry per order (`refund:order:{id}`, so a second credit is
 * refused), the order cancelled and its refund marked done, an open request approved, and
 * `order.cancelled` (and `refund_request.updated`) sent. `credited: false` when the order was already
 * credited; `cancelled: false` when the entry was posted but the order had moved, which the caller
 * must roll back by throwing.
 */
export async function settleRefund(ctx: AppContext, tx: Tx, order: OrderWithType, settle: Settle) {
  const orderId = formatOrderId(order.orderNumber);
  const refund = await postLedgerEntry(tx, {
    userId: order.userId,
    kind: 'refund',
    amountCents: order.priceCents,
    sourceKey: `refund:order:${order.id}`,
    note: `Refund for ${orderId}: ${settle.reason}`,
    createdBy: settle.decidedBy,
    // The order was charged with its creation, in one transaction: that day's limit is given back.
    givesBack: { memberId: order.createdById, spentAt: order.createdAt },
  });
  if (!refund.applied) return { credited: false as const };
  const cancelled = await markCancelled(tx, order.id, settle.reason, settle.from);
  if (!cancelled) return { credited: true as const, cancelled: false as const };
  await markRefunded(tx, order.id);
  const refunded = { ...order, ...cancelled, refundStatus: 'refunded' as const, refundNote: null };
  const request = await approveRequest(tx, {
    orderId: order.id,
    ...(settle.requestId ? { requestId: settle.requestId } : {}),
    decidedBy: settle.decidedBy,
  });
  await emitOrderEvents(ctx, tx, {
    cancelled: { order: refunded, refundCents: order.priceCents, reason: settle.reason },
  });
  if (request)
    await emitWebhookEvent(ctx, tx, {
      userId: order.userId,
      type: 'refund_request.updated',
      data: { ...toRefundRequestView(request), order: { _id: order.id, OrderId: orderId } },
    });
  return {
    credited: true as const,
    cancelled: true as const,
    order: refunded,
    request,
    balanceCents: refund.balanceCents ?? 0,
  };
}
