import { centsToDollars } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, refuseOwnTarget, type AuditEntry, type StaffActor } from '../audit/audit.service.ts';
import {
  findOrder,
  formatOrderId,
  type OrderStatus,
  type OrderWithType,
} from '../orders/order-records.service.ts';
import { resellerReasonOf } from '../../labels/providers/reseller-reasons.ts';
import { findPurchaseUpstreamId, isPurchaseInFlight } from '../purchases/purchases.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import { mailRefunded } from './refund-mail.ts';
import { toRefundRequestView } from './refund-views.ts';
import { approveRequest, type RefundRequestRow } from './refunds.repository.ts';
import { settleRefund } from './refund-settle.ts';
import { refuseUnvoidable } from './void-rules.ts';
import { askProviderToVoid, type VoidOutcome } from './voids.service.ts';
import { claimVoid } from './voids.repository.ts';

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
  /** The time the void window is measured at (tests). */
  now?: Date;
};

/**
 * `refunded`: credited now (no label to void, or a test-mode label); otherwise the label's void was
 * asked of its provider and the credit waits for its answer (`submitted`; `requested` when it could not
 * be asked yet; `rejected` when it said no at once, `note` saying why).
 */
export type RefundOutcome = {
  state: 'refunded' | VoidOutcome['state'];
  order: OrderWithType;
  refundCents: number;
  balanceCents: number;
  request: RefundRequestRow | null;
  note?: string;
};

/** Rolls back a refund whose order turned out not to be refundable any more. */
class NothingToRefund extends Error {}

/**
 * The one refund of an order, for the label job, staff and approved requests alike: in one
 * transaction the order is cancelled (only from `from`), one `refund` entry keyed by the order is
 * posted (so whoever refunds, it happens once), the order's refund request is closed, the audit row
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
  if (order.status === 'completed') {
    await refuseUnvoidable(ctx.db, order, input.now);
    // A label bought at a provider is voided there first; the credit waits for its answer.
    const upstreamId = order.providerId
      ? await findPurchaseUpstreamId(ctx.db, order.id, order.providerId)
      : null;
    if (order.providerId && upstreamId) return voidThenRefund(ctx, order, upstreamId, input);
    if (order.voidRequestedAt)
      throw new AppError('CONFLICT', `A refund of ${formatOrderId(order.orderNumber)} is already under way`);
  }
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

/** Staff's refund in the audit, with the transaction that makes it: the request approved, or the order refunded. */
async function auditRefund(
  tx: Tx,
  input: RefundInput,
  order: OrderWithType,
  change: Pick<AuditEntry, 'before' | 'after'>,
): Promise<void> {
  if (!input.actor) return;
  await recordAudit(tx, {
    actor: input.actor,
    action: input.requestId ? 'refund_request.approve' : 'order.refund',
    targetType: input.requestId ? 'refund_request' : 'order',
    targetId: input.requestId ?? order.id,
    ...change,
  });
}

async function refundInTransaction(
  ctx: AppContext,
  tx: Tx,
  order: OrderWithType,
  input: RefundInput,
): Promise<RefundOutcome> {
  const orderId = formatOrderId(order.orderNumber);
  const settled = await settleRefund(ctx, tx, order, {
    reason: input.reason,
    from: input.from,
    decidedBy: input.actor?.userId ?? null,
    requestId: input.requestId,
  });
  if (!settled.credited || !settled.cancelled) throw new NothingToRefund();
  // The order's row is locked now: a label still being bought for it would be paid for and never
  // voided, so the refund waits until the purchase finished (a label then is voided first).
  if (OPEN_STATUSES.includes(order.status) && (await isPurchaseInFlight(tx, order.id)))
    throw new AppError(
      'CONFLICT',
      `The label of ${orderId} is still being bought from its provider: refund it once the purchase has settled`,
    );
  const { order: refunded, request } = settled;
  if (input.requestId && !request) throw new AppError('CONFLICT', 'This refund request was already decided');
  await auditRefund(tx, input, order, {
    before: { order: orderId, status: order.status },
    after: {
      order: orderId,
      status: 'cancelled',
      refund: centsToDollars(order.priceCents),
      reason: input.reason,
    },
  });
  return {
    state: 'refunded',
    order: refunded,
    refundCents: order.priceCents,
    balanceCents: settled.balanceCents,
    request,
  };
}

/**
 * A label bought at a provider: the void is claimed (one claim per order at a time), the approval of a
 * request and the staff audit are written with the claim, then the provider is asked. Its answer
 * decides: refunded (credited now, once), submitted (the poller asks again), rejected (the reseller is
 * told why; nothing moves).
 */
async function voidThenRefund(
  ctx: AppContext,
  order: OrderWithType,
  upstreamId: string,
  input: RefundInput,
): Promise<RefundOutcome> {
  const orderId = formatOrderId(order.orderNumber);
  const { request } = await ctx.db.transaction(async (tx: Tx) => {
    const claimed = await claimVoid(tx, {
      orderId: order.id,
      reason: input.reason,
      askedBy: input.actor?.userId ?? null,
      firstCheckMs: ctx.config.refunds.voidCheckMs,
    });
    if (!claimed)
      throw new AppError(
        'CONFLICT',
        order.refundStatus === 'refunded' || order.status === 'cancelled'
          ? `${orderId} is already cancelled and refunded`
          : `A refund of ${orderId} is already under way`,
      );
    const approved = input.requestId
      ? await approveRequest(tx, {
          orderId: order.id,
          requestId: input.requestId,
          decidedBy: input.actor?.userId ?? null,
        })
      : null;
    if (input.requestId && !approved)
      throw new AppError('CONFLICT', 'This refund request was already decided');
    await auditRefund(tx, input, order, {
      before: { order: orderId, status: order.status, refundStatus: order.refundStatus },
      after: {
        order: orderId,
        status: order.status,
        refundStatus: 'requested',
        refund: centsToDollars(order.priceCents),
        reason: input.reason,
      },
    });
    if (approved)
      await emitWebhookEvent(ctx, tx, {
        userId: order.userId,
        type: 'refund_request.updated',
        data: { ...toRefundRequestView(approved), order: { _id: order.id, OrderId: orderId } },
      });
    return { request: approved };
  });
  const outcome = await askProviderToVoid(ctx, {
    orderId: order.id,
    providerId: order.providerId!,
    upstreamId,
    reason: input.reason,
  });
  const current = (await findOrder(ctx.db, order.id)) ?? order;
  return {
    state: outcome.state,
    order: current,
    refundCents: order.priceCents,
    balanceCents: outcome.state === 'refunded' ? outcome.balanceCents : 0,
    request,
    ...(outcome.state === 'rejected' ? { note: outcome.note } : {}),
  };
}

/**
 * Cancels an order whose label could not be made and refunds its price, exactly once, through the
 * one refund path (`refundOrder`): only an open order (no label yet) is refunded automatically.
 */
export async function cancelAndRefund(ctx: AppContext, orderId: string, reason: string): Promise<boolean> {
  // The reason is the provider's (or the job's) words: the reseller's ledger, order and webhook get a
  // plain one (decision 314); the order's provider note kept the words for staff.
  const plain = resellerReasonOf(reason);
  return (await refundOrder(ctx, { orderId, reason: plain, from: OPEN_STATUSES })) !== null;
}
