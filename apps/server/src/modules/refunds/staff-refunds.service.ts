import { formatCents, type AdminOrderView, type BulkRefundBody } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { StaffActor } from '../audit/audit.service.ts';
import { getOrderForStaff } from '../orders/admin-orders.service.ts';
import { scanFormRefusal } from '../shipping-day/shipping-day.service.ts';
import { refundOrder, STAFF_REFUNDABLE, type RefundOutcome } from './refund-order.ts';

/**
 * POST /admin/orders/{id}/refund: cancels a pending, processing or completed order and refunds its
 * price (once, whoever asks; a second refund is a 409 and moves no money).
 */
export async function refundOrderForStaff(
  ctx: AppContext,
  options: { actor: StaffActor; id: string; reason: string },
): Promise<{ message: string; order: AdminOrderView }> {
  const { OrderId: orderId } = await getOrderForStaff(ctx, options.id);
  const outcome = await refundOrder(ctx, {
    orderId: options.id,
    reason: options.reason,
    from: STAFF_REFUNDABLE,
    actor: options.actor,
  });
  if (!outcome) throw new AppError('CONFLICT', `${orderId} is already cancelled and refunded`);
  // Staff are told why the reseller could not ask for it themselves (decision 328).
  const onForm = await scanFormRefusal(ctx.db, options.id);
  const message =
    refundMessage(orderId, outcome) + (onForm ? `. ${onForm.replace(': ask staff to refund it', '')}` : '');
  return { message, order: await getOrderForStaff(ctx, options.id) };
}

/** What staff read after asking for a refund: done, or where the label's void stands. */
export function refundMessage(orderId: string, outcome: RefundOutcome): string {
  const amount = formatCents(outcome.refundCents);
  switch (outcome.state) {
    case 'refunded':
      return `${orderId} cancelled and ${amount} refunded`;
    case 'submitted':
      return `Void of ${orderId} submitted to its provider: ${amount} is refunded when the provider confirms`;
    case 'requested':
      return `Void of ${orderId} requested: the provider did not answer yet, it is asked again shortly`;
    case 'rejected':
      throw new AppError('CONFLICT', `The provider rejected the void of ${orderId}: ${outcome.note ?? ''}`);
  }
}

/** POST /admin/orders/refund: each selected order is refunded on its own; the rest are reported. */
export async function refundOrdersForStaff(
  ctx: AppContext,
  options: { actor: StaffActor; input: BulkRefundBody },
) {
  const refunded: string[] = [];
  const skipped: { _id: string; message: string }[] = [];
  let cents = 0;
  let voiding = 0;
  for (const id of [...new Set(options.input.ids)]) {
    try {
      const result = await refundOrderForStaff(ctx, {
        actor: options.actor,
        id,
        reason: options.input.reason,
      });
      refunded.push(id);
      if (result.order.refundStatus === 'refunded') cents += Math.round(result.order.price * 100);
      else voiding++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped.push({ _id: id, message: error.message });
    }
  }
  const n = refunded.length;
  const message =
    `${n} order${n === 1 ? '' : 's'} refunded (${formatCents(cents)})` +
    (voiding > 0 ? `; ${voiding} waiting for the provider to confirm the void` : '') +
    (skipped.length > 0 ? `; ${skipped.length} skipped` : '');
  return { message, refunded, skipped };
}

export { readUnusedLabelsSetting } from './unused-labels.ts';
