import { centsToDollars, formatCents } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { refuseOwnTarget, type StaffActor } from '../audit/audit.service.ts';
import { mailDepositNews, moveDepositMoney } from './deposit-news.ts';
import { gatewayFor } from './payment-provider-records.ts';
import {
  findPaymentProvider,
  lockInvoice,
  updateInvoice,
  type HostedInvoiceRow,
} from './payments.repository.ts';

const failure = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * POST /admin/invoices/{id}/refund: the whole charge goes back through the provider and the credited
 * amount leaves the balance in the same step (decision 324). A reseller who already spent it is refused
 * unless staff allow the balance to go below zero; the provider's refusal undoes the debit.
 */
export async function refundDeposit(
  ctx: AppContext,
  options: { actor: StaffActor; id: string; reason: string; allowNegative?: boolean },
): Promise<HostedInvoiceRow> {
  const { invoice, balanceCents } = await ctx.db.transaction(async (tx) => {
    const current = await lockInvoice(tx, options.id);
    if (!current) throw AppError.notFound('Invoice not found');
    refuseOwnTarget(options.actor, current.userId, 'You cannot refund your own deposit');
    if (!current.providerId || !current.captureId)
      throw new AppError('CONFLICT', 'Only a deposit paid through a payment provider can be refunded here');
    if (current.status !== 'completed')
      throw new AppError('CONFLICT', 'Only a credited deposit can be refunded');
    if (current.refundedAt) throw new AppError('CONFLICT', `${current.note} was already refunded`);
    if (current.disputeStatus === 'open' || current.disputeStatus === 'lost')
      throw new AppError(
        'CONFLICT',
        `${current.note} is disputed: the card company decides where the money goes`,
      );
    let balance: number | null;
    try {
      balance = await moveDepositMoney(ctx, tx, {
        invoice: current,
        amountCents: -current.amountCents,
        sourceKey: `deposit:refund:${current.id}`,
        note: `Refund of ${current.note}: ${options.reason}`,
        mayGoNegative: options.allowNegative === true,
        createdBy: options.actor.userId,
        reason: options.reason,
        audit: {
          actor: options.actor,
          action: 'invoice.refund',
          before: { status: 'completed' },
          after: {
            refunded: centsToDollars(current.chargeCents ?? current.amountCents),
            debited: centsToDollars(current.amountCents),
            reason: options.reason,
            allowNegative: options.allowNegative === true,
          },
        },
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE')
        throw new AppError(
          'CONFLICT',
          `The reseller has already spent part of this deposit: refunding ${formatCents(current.amountCents)} would take their balance below zero. Give a reason and allow a negative balance to refund it anyway`,
        );
      throw error;
    }
    if (balance === null) throw new AppError('CONFLICT', `${current.note} was already refunded`);
    const provider = (await findPaymentProvider(tx, current.providerId))!;
    let refundId: string;
    try {
      ({ refundId } = await gatewayFor(ctx, provider).refund({
        captureId: current.captureId,
        amountCents: current.chargeCents ?? current.amountCents,
        idempotencyKey: `refund:${current.id}`,
        reason: options.reason,
      }));
    } catch (err) {
      ctx.log.warn({ err, invoiceId: current.id }, 'the provider refused a refund');
      throw new AppError(
        'UNAVAILABLE',
        `${provider.name} did not refund the payment (${failure(err)}); nothing changed`,
      );
    }
    const refunded = await updateInvoice(tx, current.id, { refundId, refundedAt: new Date() });
    return { invoice: refunded, balanceCents: balance };
  });
  await mailDepositNews(ctx, invoice, {
    outcome: 'reversed',
    amountCents: invoice.amountCents,
    balanceCents,
    reason: options.reason,
  });
  return invoice;
}
