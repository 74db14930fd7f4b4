import { centsToDollars } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { refuseOwnTarget } from '../audit/own-target.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { formatOrderId } from '../orders/ids.ts';
import {
  findOrder,
  markCancelled,
  type OrderStatus,
  type OrderWithType,
} from '../orders/orders.repository.ts';
import { emitOrderEvents } from '../webhooks/order-events.ts';
import { emitWebhookEvent } from '../webhooks/webhook-events.ts';
import { mailRefunded } from './refund-mail.ts';
import { toRefundRequestView } from './refund-views.ts';
import { approveRequest, type RefundRequestRow } from './refunds.repository.ts';

/** Statuses the label job may refund (no label yet) and those staff may refund (a label too). */
export const OPEN_STATUSES: readonly OrderStatus[] = ['pending', 'processing'];
export const STAFF_REFUNDABLE: readonly OrderStatus[] = ['pending', 'processing', 'completed'];

export type RefundInput = {
  orderId: string;
  /** Kept on the order, in the ledger note, the webhook and the mail. */
  reason: string;
  from: readonly OrderStatus[];
  /** The staff member refunding (audited, mailed to the reseller); none for the label job. */
  actor?: StaffActor;
  /** Approving this request: refused (rolled back) unless it is still pending. */
  requestId?: string;
};

export type RefundOutcome = {
  order: OrderWithType;
  refundCents: number;
  balanceCents: number;
  request: RefundRequestRow | null;
};

/** Rolls back a refund whose order turned out not to be refundable any more. */
class NothingToRefund extends Error {}

/**
 * The one refund of an order, for the label job, staff and approved requests alike: in one
 * transaction the order is cancelled (only from `from`), one `refund` entry keyed by the order is
 * posted (so whoever refunds, it happens once), the order's refund request is settled, the audit row
 * (staff) and the `order.cancelled` webhook are written. The balance row is locked first, as order
 * creation does, so the two never deadlock; a label job finishing later finds the order cancelled
 * and keeps no label. Returns null when the order is not refundable (any more).
 */
export async function refundOrder(ctx: AppContext, input: RefundInput): Promise<RefundOutcome | null> {
  const order = await findOrder(ctx.db, input.orderId);
  if (order && input.actor)
    refuseOwnTarget(
      input.actor,
      order.userId,
      input.requestId ? 'You cannot approve your own refund request' : 'You cannot refund your own order',
    );
  if (!order || !input.from.includes(order.status)) return null;
  const outcome = await ctx.db
    .transaction((tx: Tx) => refundInTransaction(ctx, tx, order, input))
    .catch((error: unknown) => {
      if (error instanceof NothingToRefund) return null;
      throw error;
    });
  if (outcome && input.actor)
    await mailRefunded(ctx, {
      userId: order.userId,
      orderId: formatOrderId(order.orderNumber),
      refundCents: outcome.refundCents,
      balanceCents: outcome.balanceCents,
      reason: input.reason,
    });
  return outcome;
}

async function refundInTransaction(
  ctx: AppContext,
  tx: Tx,
  order: OrderWithType,
  input: RefundInput,
): Promise<RefundOutcome> {
  const orderId = formatOrderId(order.orderNumber);
  const refund = await postLedgerEntry(tx, {
    userId: order.userId,
    kind: 'refund',
    amountCents: order.priceCents,
    sourceKey: `refund:order:${order.id}`,
    note: `Refund for ${orderId}: ${input.reason}`,
    createdBy: input.actor?.userId ?? null,
  });
  const cancelled = refund.applied ? await markCancelled(tx, order.id, input.reason, input.from) : null;
  if (!cancelled) throw new NothingToRefund();
  const request = await approveRequest(tx, {
    orderId: order.id,
    requestId: input.requestId,
    decidedBy: input.actor?.userId ?? null,
  });
  if (input.requestId && !request) throw new AppError('CONFLICT', 'This refund request was already decided');
  const refunded = { ...order, ...cancelled };
  if (input.actor)
    await recordAudit(tx, {
      actor: input.actor,
      action: input.requestId ? 'refund_request.approve' : 'order.refund',
      targetType: input.requestId ? 'refund_request' : 'order',
      targetId: input.requestId ?? order.id,
      before: { order: orderId, status: order.status },
      after: {
        order: orderId,
        status: 'cancelled',
        refund: centsToDollars(order.priceCents),
        reason: input.reason,
      },
    });
  await emitOrderEvents(ctx, tx, {
    cancelled: { order: refunded, refundCents: order.priceCents, reason: input.reason },
  });
  if (request)
    await emitWebhookEvent(ctx, tx, {
      userId: order.userId,
      type: 'refund_request.updated',
      data: { ...toRefundRequestView(request), order: { _id: order.id, OrderId: orderId } },
    });
  return { order: refunded, refundCents: order.priceCents, balanceCents: refund.balanceCents ?? 0, request };
}
