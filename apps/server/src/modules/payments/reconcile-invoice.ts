import { centsToDollars, formatCents } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { recordAudit, PAYMENTS_ACTOR } from '../audit/audit.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import type { PaymentState } from './gateways/index.ts';
import { mailDepositNews, moveDepositMoney } from './deposit-news.ts';
import { gatewayFor } from './payment-provider-records.ts';
import {
  findHostedInvoice,
  findPaymentProvider,
  lockInvoice,
  updateInvoice,
  type HostedInvoiceRow,
} from './payments.repository.ts';

/** A checkout never opened (the instance stopped before the company answered) is cancelled after this. */
const UNOPENED_MS = 10 * 60_000;
/** A payment the company still calls open this long after its page expired is cancelled. */
const OPEN_GRACE_MS = 24 * 3600_000;

/** Where an invoice stands after the company's answer: `open` while the company may still capture it. */
export type Reconciled = { invoice: HostedInvoiceRow; open: boolean };

const isDecided = (invoice: HostedInvoiceRow) =>
  invoice.status !== 'pending' || invoice.reviewReason !== null;

async function cancel(ctx: AppContext, tx: Tx, invoice: HostedInvoiceRow, reason: string) {
  const cancelled = await updateInvoice(tx, invoice.id, {
    status: 'cancelled',
    cancelReason: reason,
    decidedAt: new Date(),
    hostedUrl: null,
  });
  await recordAudit(tx, {
    actor: PAYMENTS_ACTOR,
    action: 'invoice.payment_ended',
    targetType: 'invoice',
    targetId: invoice.id,
    before: { status: 'pending' },
    after: { status: 'cancelled', reason },
  });
  await emitWebhookEvent(ctx, tx, {
    userId: invoice.userId,
    type: 'deposit.cancelled',
    data: { invoice: invoice.id, note: invoice.note, amount: centsToDollars(invoice.amountCents), reason },
  });
  return cancelled;
}

/**
 * What the company said, applied under the invoice's row lock: the one place a hosted deposit is credited
 * (decision 323). Credited once (the lock, then the ledger's source key) for what the company captured,
 * only when that is the invoice's charge in USD; another amount or currency credits nothing and waits for
 * staff. Returns the new balance when this call credited.
 */
async function apply(
  ctx: AppContext,
  tx: Tx,
  id: string,
  state: Exclude<PaymentState, { status: 'open' }> | { status: 'unopened' },
): Promise<{ invoice: HostedInvoiceRow; balanceCents: number | null }> {
  const invoice = (await lockInvoice(tx, id))!;
  if (isDecided(invoice)) return { invoice, balanceCents: null };
  if (state.status === 'unopened')
    return {
      invoice: await cancel(ctx, tx, invoice, 'The payment page could not be opened'),
      balanceCents: null,
    };
  if (state.status !== 'captured')
    return { invoice: await cancel(ctx, tx, invoice, state.reason), balanceCents: null };
  const captured = { captureId: state.captureId, feeCents: state.feeCents, risk: state.risk };
  if (state.capturedCents !== invoice.chargeCents || state.currency.toUpperCase() !== 'USD') {
    const reviewReason = `The provider captured ${formatCents(state.capturedCents)} ${state.currency.toUpperCase()} where ${formatCents(invoice.chargeCents ?? 0)} USD was asked: nothing was credited`;
    const flagged = await updateInvoice(tx, id, { ...captured, reviewReason, hostedUrl: null });
    await recordAudit(tx, {
      actor: PAYMENTS_ACTOR,
      action: 'invoice.payment_mismatch',
      targetType: 'invoice',
      targetId: id,
      after: { capturedCents: state.capturedCents, currency: state.currency, reviewReason },
    });
    return { invoice: flagged, balanceCents: null };
  }
  const completed = await updateInvoice(tx, id, {
    ...captured,
    status: 'completed',
    decidedAt: new Date(),
    hostedUrl: null,
  });
  const balanceCents = await moveDepositMoney(ctx, tx, {
    invoice: completed,
    amountCents: completed.amountCents,
    // The same key a staff approval uses: an invoice is credited once whoever gets there first.
    sourceKey: `deposit:invoice:${id}`,
    note: `Deposit ${completed.note} (${completed.paymentMethod === 'stripe' ? 'Card' : completed.paymentMethod})`,
    audit: {
      actor: PAYMENTS_ACTOR,
      action: 'invoice.payment_captured',
      before: { status: 'pending' },
      after: {
        status: 'completed',
        amount: centsToDollars(completed.amountCents),
        charge: centsToDollars(state.capturedCents),
        fee: state.feeCents === null ? null : centsToDollars(state.feeCents),
        risk: state.risk,
        captureId: state.captureId,
      },
    },
  });
  return { invoice: completed, balanceCents };
}

/**
 * Asks the company about one hosted invoice now and applies the answer: the one function the webhook,
 * the reseller's return (refresh) and the reconciliation job all call.
 */
export async function reconcileHostedInvoice(
  ctx: AppContext,
  id: string,
  now = new Date(),
): Promise<Reconciled> {
  const invoice = await findHostedInvoice(ctx.db, id);
  if (!invoice?.providerId || isDecided(invoice)) return { invoice: invoice!, open: false };
  let state: PaymentState | { status: 'unopened' };
  if (!invoice.reference) {
    if (now.getTime() - invoice.createdAt.getTime() < UNOPENED_MS) return { invoice, open: true };
    state = { status: 'unopened' };
  } else {
    const provider = await findPaymentProvider(ctx.db, invoice.providerId);
    state = await gatewayFor(ctx, provider!).retrieve(invoice.reference);
    if (state.status === 'open') {
      const expired = invoice.expiresAt && now.getTime() - invoice.expiresAt.getTime() > OPEN_GRACE_MS;
      if (!expired) return { invoice, open: true };
      state = { status: 'expired', reason: 'The payment expired' };
    }
  }
  const answer = state;
  const result = await ctx.db.transaction((tx) => apply(ctx, tx, id, answer));
  if (result.balanceCents !== null)
    await mailDepositNews(ctx, result.invoice, {
      outcome: 'approved',
      amountCents: result.invoice.amountCents,
      balanceCents: result.balanceCents,
    });
  return { invoice: result.invoice, open: false };
}
