import { pageCount, pageOffset } from '@portal/shared';
import type { RefundRequestBody, RefundRequestsQuery, RefundRequestView } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, refuseOwnTarget, type StaffActor } from '../audit/audit.service.ts';
import { findOrder, formatOrderId, refundableUntil } from '../orders/order-records.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { scanFormRefusal } from '../shipping-day/shipping-day.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import { mailRequestRejected } from './refund-mail.ts';
import { refundOrder, STAFF_REFUNDABLE } from './refund-order.ts';
import { toAdminRequestView, toRefundRequestView } from './refund-views.ts';
import { refundMessage } from './staff-refunds.service.ts';
import { refuseUnvoidable } from './void-rules.ts';
import { markRefundRequested, markRequestDeclined } from './voids.repository.ts';
import {
  findRequest,
  insertRequestOnce,
  reopenRejectedRequest,
  listRequests,
  lockOrderForRequest,
  rejectRequest,
  type RefundRequestRow,
} from './refunds.repository.ts';

const requestEvent = (request: RefundRequestRow, orderNumber: number) => ({
  userId: request.userId,
  type: 'refund_request.updated' as const,
  data: {
    ...toRefundRequestView(request),
    order: { _id: request.orderId, OrderId: formatOrderId(orderNumber) },
  },
});

/**
 * POST /order/refund-request/{id}: once per order, for the reseller's own completed order inside the
 * refund window. The order row is share-locked meanwhile, so a staff refund cannot slip in between.
 */
export async function requestRefund(
  ctx: AppContext,
  options: {
    userId: string;
    orderId: string;
    input: RefundRequestBody;
    now?: Date;
    /** A request rejected before may be made again (API v2 `refund-order`: a void asked again). */
    again?: boolean;
  },
): Promise<RefundRequestView> {
  const now = options.now ?? new Date();
  const { refundWindowDays } = await getSettings(ctx.db);
  return ctx.db.transaction(async (tx: Tx) => {
    const order = await lockOrderForRequest(tx, options.userId, options.orderId);
    if (!order) throw AppError.notFound('Order not found');
    if (order.status !== 'completed')
      throw new AppError('CONFLICT', 'Only completed orders can be refunded on request');
    if (now > refundableUntil(order.createdAt, refundWindowDays))
      throw new AppError(
        'CONFLICT',
        `Refunds can be requested within ${refundWindowDays} days of the order; this order is older`,
      );
    const full = (await findOrder(tx, order.id))!;
    if (full.voidRequestedAt) throw new AppError('CONFLICT', 'A refund of this order is already under way');
    // A label on a SCAN form was accepted by USPS with the form: only staff refund it (decision 328).
    const onForm = await scanFormRefusal(tx, order.id);
    if (onForm) throw new AppError('CONFLICT', onForm);
    // The label's void rules are told now, not after staff looked at it.
    await refuseUnvoidable(tx, full, now);
    const fields = { orderId: order.id, userId: options.userId, reason: options.input.reason || null };
    const request =
      (await insertRequestOnce(tx, fields)) ??
      (options.again ? await reopenRejectedRequest(tx, fields) : null);
    if (!request) throw new AppError('CONFLICT', 'A refund was already requested for this order');
    await markRefundRequested(tx, order.id);
    await emitWebhookEvent(ctx, tx, requestEvent(request, full.orderNumber));
    return toRefundRequestView(request);
  });
}

/** GET /admin/refund-requests. */
export async function listRefundRequests(ctx: AppContext, query: RefundRequestsQuery) {
  const { rows, total } = await listRequests(ctx.db, {
    status: query.status === 'All' ? null : query.status,
    offset: pageOffset(query.page, query.limit),
    limit: query.limit,
  });
  return { requests: rows.map(toAdminRequestView), totalPages: pageCount(total, query.limit), total };
}

async function readRequestView(ctx: AppContext, id: string) {
  const { rows } = await listRequests(ctx.db, { status: null, id, offset: 0, limit: 1 });
  return toAdminRequestView(rows[0]!);
}

async function requirePending(ctx: AppContext, id: string): Promise<RefundRequestRow> {
  const request = await findRequest(ctx.db, id);
  if (!request) throw AppError.notFound('Refund request not found');
  if (request.status !== 'pending')
    throw new AppError('CONFLICT', `This refund request was already ${request.status}`);
  return request;
}

/** POST /admin/refund-requests/{id}/approve: the order is refunded through the one refund path. */
export async function approveRefundRequest(ctx: AppContext, options: { actor: StaffActor; id: string }) {
  const request = await requirePending(ctx, options.id);
  const outcome = await refundOrder(ctx, {
    orderId: request.orderId,
    reason: request.reason ? `Refund request approved (${request.reason})` : 'Refund request approved',
    from: STAFF_REFUNDABLE,
    actor: options.actor,
    requestId: request.id,
  });
  if (!outcome) throw new AppError('CONFLICT', 'This order is already cancelled and refunded');
  const view = await readRequestView(ctx, request.id);
  const message =
    outcome.state === 'refunded'
      ? `Refund approved: ${view.order.OrderId} refunded`
      : `Refund approved: ${refundMessage(view.order.OrderId, outcome)}`;
  return { message, request: view };
}

/** POST /admin/refund-requests/{id}/reject: the reseller reads the reason on their dashboard. */
export async function rejectRefundRequest(
  ctx: AppContext,
  options: { actor: StaffActor; id: string; reason: string },
) {
  const pending = await requirePending(ctx, options.id);
  refuseOwnTarget(options.actor, pending.userId, 'You cannot decide your own refund request');
  const order = (await findOrder(ctx.db, pending.orderId))!;
  await ctx.db.transaction(async (tx: Tx) => {
    const rejected = await rejectRequest(tx, {
      id: pending.id,
      reason: options.reason,
      decidedBy: options.actor.userId,
    });
    if (!rejected) throw new AppError('CONFLICT', 'This refund request was already decided');
    await markRequestDeclined(tx, pending.orderId, options.reason);
    await recordAudit(tx, {
      actor: options.actor,
      action: 'refund_request.reject',
      targetType: 'refund_request',
      targetId: pending.id,
      before: { order: formatOrderId(order.orderNumber), status: 'pending' },
      after: { order: formatOrderId(order.orderNumber), status: 'rejected', reason: options.reason },
    });
    await emitWebhookEvent(ctx, tx, requestEvent(rejected, order.orderNumber));
  });
  await mailRequestRejected(ctx, {
    userId: pending.userId,
    orderId: formatOrderId(order.orderNumber),
    reason: options.reason,
  });
  const view = await readRequestView(ctx, pending.id);
  return { message: `Refund request for ${view.order.OrderId} rejected`, request: view };
}
