import {
  centsToDollars,
  pageCount,
  pageOffset,
  type AdminInvoicesQuery,
  type AdminInvoiceView,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, refuseOwnTarget, type StaffActor } from '../audit/audit.service.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { mailDepositNews, refundDeposit } from '../payments/payments.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import { methodName, toAdminInvoiceView } from './invoice-view.ts';
import {
  decideInvoice,
  findInvoice,
  listAdminInvoices,
  listReceipts,
  type InvoiceRow,
} from './invoices.repository.ts';

/** The console overview's count of deposits waiting on staff. */
export { countPendingInvoices } from './invoices.repository.ts';

const notFound = () => AppError.notFound('Invoice not found');

/** GET /admin/invoices: the queue and history, filtered by status and method, searched by note or reseller. */
export async function readAdminInvoices(ctx: AppContext, query: AdminInvoicesQuery) {
  const { rows, total } = await listAdminInvoices(ctx.db, {
    status: query.status,
    method: query.method,
    search: query.search,
    offset: pageOffset(query.page, query.limit),
    limit: query.limit,
  });
  const receipts = await listReceipts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    invoices: rows.map((r) => toAdminInvoiceView(r, receipts)),
    totalPages: pageCount(total, query.limit),
    total,
  };
}

async function adminView(ctx: AppContext, id: string): Promise<AdminInvoiceView> {
  const { rows } = await listAdminInvoices(ctx.db, {
    id,
    status: '',
    method: '',
    search: '',
    offset: 0,
    limit: 1,
  });
  return toAdminInvoiceView(rows[0]!, await listReceipts(ctx.db, [id]));
}

/** Why a decided invoice cannot be decided again, in the staff's words. */
function alreadyDecided(invoice: InvoiceRow | undefined, wanted: 'approve' | 'cancel'): AppError {
  if (!invoice) return notFound();
  if (invoice.status === 'completed')
    return new AppError(
      'CONFLICT',
      wanted === 'approve' ? 'This invoice is already approved' : 'An approved invoice cannot be cancelled',
    );
  return new AppError(
    'CONFLICT',
    wanted === 'approve' ? 'A cancelled invoice cannot be approved' : 'This invoice is already cancelled',
  );
}

/** The invoice's receipt is no longer the one staff checked: they look again before money moves. */
const receiptChanged = (current: InvoiceRow) =>
  new AppError(
    'CONFLICT',
    current.receipt
      ? `The receipt on ${current.note} changed to ${current.receipt} since you looked; check it before approving`
      : `The receipt on ${current.note} changed since you looked; check it before approving`,
  );

/**
 * POST /admin/invoices/{id}/approve: completed, and one `deposit` ledger entry keyed by the invoice, with the
 * audit row and the `deposit.completed` event, all in one transaction, only while the invoice's current
 * receipt is the one staff checked (`receipt`, null for none). A second approval is refused.
 */
export async function approveInvoice(
  ctx: AppContext,
  options: { actor: StaffActor; id: string; receipt: string | null },
): Promise<AdminInvoiceView> {
  const { invoice, balanceCents } = await ctx.db.transaction(async (tx) => {
    const current = await findInvoice(tx, options.id);
    if (!current) throw notFound();
    refuseOwnTarget(options.actor, current.userId, 'You cannot approve your own invoice');
    // A hosted payment credits itself when the provider captures it; staff only decide one flagged for them.
    if (current.providerId && current.status === 'pending' && !current.reviewReason)
      throw new AppError(
        'CONFLICT',
        `${current.note} is paid on the provider's page and credits itself once the payment clears`,
      );
    const decided = await decideInvoice(tx, {
      id: options.id,
      status: 'completed',
      by: options.actor.userId,
      receipt: options.receipt,
    });
    if (!decided) {
      const now = await findInvoice(tx, options.id);
      throw now?.status === 'pending' ? receiptChanged(now) : alreadyDecided(now, 'approve');
    }
    const entry = await postLedgerEntry(tx, {
      userId: decided.userId,
      kind: 'deposit',
      amountCents: decided.amountCents,
      sourceKey: `deposit:invoice:${decided.id}`,
      note: `Deposit ${decided.note} (${methodName(decided.paymentMethod)})`,
      createdBy: options.actor.userId,
    });
    if (!entry.applied) throw new AppError('CONFLICT', 'This invoice is already approved');
    await recordAudit(tx, {
      actor: options.actor,
      action: 'invoice.approve',
      targetType: 'invoice',
      targetId: decided.id,
      before: { status: 'pending' },
      after: {
        status: 'completed',
        amount: centsToDollars(decided.amountCents),
        userId: decided.userId,
        receipt: decided.receipt,
      },
    });
    await emitWebhookEvent(ctx, tx, {
      userId: decided.userId,
      type: 'deposit.completed',
      data: {
        invoice: decided.id,
        note: decided.note,
        amount: centsToDollars(decided.amountCents),
        balance: centsToDollars(entry.balanceCents!),
      },
    });
    return { invoice: decided, balanceCents: entry.balanceCents! };
  });
  await mailDepositNews(ctx, invoice, {
    outcome: 'approved',
    amountCents: invoice.amountCents,
    balanceCents,
  });
  return adminView(ctx, invoice.id);
}

/** POST /admin/invoices/{id}/cancel: cancelled with the reason the reseller reads; audited, no money moves. */
export async function cancelInvoice(
  ctx: AppContext,
  options: { actor: StaffActor; id: string; reason: string },
): Promise<AdminInvoiceView> {
  const invoice = await ctx.db.transaction(async (tx) => {
    const current = await findInvoice(tx, options.id);
    if (!current) throw notFound();
    refuseOwnTarget(options.actor, current.userId, 'You cannot cancel your own invoice');
    const decided = await decideInvoice(tx, {
      id: options.id,
      status: 'cancelled',
      by: options.actor.userId,
      reason: options.reason,
    });
    if (!decided) throw alreadyDecided(await findInvoice(tx, options.id), 'cancel');
    await recordAudit(tx, {
      actor: options.actor,
      action: 'invoice.cancel',
      targetType: 'invoice',
      targetId: decided.id,
      before: { status: 'pending' },
      after: { status: 'cancelled', reason: options.reason },
    });
    await emitWebhookEvent(ctx, tx, {
      userId: decided.userId,
      type: 'deposit.cancelled',
      data: {
        invoice: decided.id,
        note: decided.note,
        amount: centsToDollars(decided.amountCents),
        reason: options.reason,
      },
    });
    return decided;
  });
  await mailDepositNews(ctx, invoice, {
    outcome: 'cancelled',
    amountCents: invoice.amountCents,
    reason: invoice.cancelReason ?? undefined,
  });
  return adminView(ctx, invoice.id);
}

/** POST /admin/invoices/{id}/refund: a hosted deposit refunded through its provider (decision 324). */
export async function refundInvoice(
  ctx: AppContext,
  options: { actor: StaffActor; id: string; reason: string; allowNegative?: boolean },
): Promise<AdminInvoiceView> {
  const invoice = await refundDeposit(ctx, options);
  return adminView(ctx, invoice.id);
}
