import { centsToDollars } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { recordAudit, PAYMENTS_ACTOR } from '../audit/audit.service.ts';
import type { GatewayEvent } from './gateways/index.ts';
import { mailDepositNews, moveDepositMoney } from './deposit-news.ts';
import { findInvoiceByCapture, lockInvoice, updateInvoice } from './payments.repository.ts';

type DisputeEvent = Extract<GatewayEvent, { kind: 'dispute.opened' | 'dispute.won' | 'dispute.lost' }>;

/**
 * A dispute or chargeback (decision 324): opened takes the credited amount back at once, even below zero
 * (the reseller then cannot buy until the balance is positive); won gives it back; lost only records the
 * end. Each is one ledger entry (keyed by the dispute), audited, mailed and sent as a reseller webhook.
 * Null when no deposit of ours has this payment.
 */
export async function applyDispute(
  ctx: AppContext,
  providerId: string,
  event: DisputeEvent,
): Promise<string | null> {
  const id = await findInvoiceByCapture(ctx.db, providerId, event.captureId);
  if (!id) return null;
  const moved = await ctx.db.transaction(async (tx) => {
    const invoice = (await lockInvoice(tx, id))!;
    const credited = invoice.status === 'completed' && invoice.refundedAt === null;
    if (event.kind === 'dispute.opened') {
      if (!credited || invoice.disputeStatus === 'open') return null;
      const updated = await updateInvoice(tx, id, { disputeStatus: 'open' });
      const reason = `The payer disputed the payment (${event.disputeId})`;
      const balance = await moveDepositMoney(ctx, tx, {
        invoice: updated,
        amountCents: -invoice.amountCents,
        sourceKey: `deposit:dispute:${event.disputeId}`,
        note: `Dispute ${event.disputeId} on ${invoice.note}`,
        mayGoNegative: true,
        reason,
        audit: {
          actor: PAYMENTS_ACTOR,
          action: 'invoice.dispute_opened',
          after: { disputeId: event.disputeId, amount: centsToDollars(invoice.amountCents) },
        },
      });
      return balance === null ? null : { invoice: updated, outcome: 'reversed' as const, balance, reason };
    }
    if (event.kind === 'dispute.won') {
      if (invoice.disputeStatus !== 'open') return null;
      const updated = await updateInvoice(tx, id, { disputeStatus: 'won' });
      const balance = await moveDepositMoney(ctx, tx, {
        invoice: updated,
        amountCents: invoice.amountCents,
        sourceKey: `deposit:dispute-won:${event.disputeId}`,
        note: `Dispute ${event.disputeId} on ${invoice.note} won`,
        audit: {
          actor: PAYMENTS_ACTOR,
          action: 'invoice.dispute_won',
          after: { disputeId: event.disputeId, amount: centsToDollars(invoice.amountCents) },
        },
      });
      return balance === null ? null : { invoice: updated, outcome: 'restored' as const, balance };
    }
    if (invoice.disputeStatus === 'open') {
      await updateInvoice(tx, id, { disputeStatus: 'lost' });
      await recordAudit(tx, {
        actor: PAYMENTS_ACTOR,
        action: 'invoice.dispute_lost',
        targetType: 'invoice',
        targetId: id,
        after: { disputeId: event.disputeId },
      });
    }
    return null;
  });
  if (moved)
    await mailDepositNews(ctx, moved.invoice, {
      outcome: moved.outcome,
      amountCents: moved.invoice.amountCents,
      balanceCents: moved.balance,
      reason: 'reason' in moved ? moved.reason : undefined,
    });
  return `Dispute ${event.kind.slice('dispute.'.length)} applied`;
}
