import { centsToDollars, formatCents } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { renderDepositMail } from '../../mail/templates/deposit-mail.ts';
import { recordAudit, type AuditEntry } from '../audit/audit.service.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { findUserById } from '../users/users.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import type { HostedInvoiceRow } from './payments.repository.ts';

/** What a reseller webhook and the audit say of a hosted deposit. */
export const depositData = (invoice: HostedInvoiceRow) => ({
  _id: invoice.id,
  amount: centsToDollars(invoice.amountCents),
  payment_method: invoice.paymentMethod,
  status: invoice.status,
  note: invoice.note,
  reference: invoice.reference,
  fee: invoice.feeCents === null ? null : centsToDollars(invoice.feeCents),
});

export type MoneyMove = {
  invoice: HostedInvoiceRow;
  /** Positive credits, negative takes back. */
  amountCents: number;
  /** One per real-world cause: the same cause never moves money twice. */
  sourceKey: string;
  note: string;
  mayGoNegative?: boolean;
  createdBy?: string | null;
  audit: Omit<AuditEntry, 'targetType' | 'targetId'>;
  /** Why, for the reseller's mail and webhook of a reversal. */
  reason?: string;
};

/**
 * One ledger entry for a hosted deposit, its audit row and its reseller webhook (`deposit.credited` or
 * `deposit.reversed`, with the invoice and the new balance), in the caller's transaction. Null when the
 * same cause already moved the money.
 */
export async function moveDepositMoney(ctx: AppContext, tx: Tx, move: MoneyMove): Promise<number | null> {
  const entry = await postLedgerEntry(tx, {
    userId: move.invoice.userId,
    kind: 'deposit',
    amountCents: move.amountCents,
    sourceKey: move.sourceKey,
    note: move.note,
    createdBy: move.createdBy ?? null,
    mayGoNegative: move.mayGoNegative,
  });
  if (!entry.applied) return null;
  await recordAudit(tx, { ...move.audit, targetType: 'invoice', targetId: move.invoice.id });
  await emitWebhookEvent(ctx, tx, {
    userId: move.invoice.userId,
    type: move.amountCents > 0 ? 'deposit.credited' : 'deposit.reversed',
    sourceKey: `webhook:${move.sourceKey}`,
    data: {
      invoice: depositData(move.invoice),
      amount: centsToDollars(Math.abs(move.amountCents)),
      balance: centsToDollars(entry.balanceCents!),
      ...(move.reason ? { reason: move.reason } : {}),
    },
  });
  return entry.balanceCents;
}

/**
 * The reseller's deposit mail once the decision or move committed, when their address is verified; a
 * mail that fails is logged, the money stays moved and the reseller still sees it in the app.
 */
export async function mailDepositNews(
  ctx: AppContext,
  invoice: { id: string; userId: string; note: string },
  news: {
    outcome: 'approved' | 'cancelled' | 'reversed' | 'restored';
    amountCents: number;
    /** The balance after it (none: the money did not move). */
    balanceCents?: number;
    reason?: string;
  },
): Promise<void> {
  const user = await findUserById(ctx.db, invoice.userId);
  if (!user?.email || !user.emailVerified) return;
  try {
    await ctx.mailer.send(
      renderDepositMail({
        to: user.email,
        outcome: news.outcome,
        amount: formatCents(news.amountCents),
        note: invoice.note,
        balance: news.balanceCents === undefined ? undefined : formatCents(news.balanceCents),
        reason: news.reason,
      }),
    );
  } catch (err) {
    ctx.log.error({ err, invoiceId: invoice.id }, 'the deposit mail could not be sent');
  }
}
