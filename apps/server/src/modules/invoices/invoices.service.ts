import crypto from 'node:crypto';
import { recordActivity } from '../teams/teams.service.ts';
import {
  dollarsToCents,
  formatCents,
  isUuid,
  MAX_PENDING_INVOICES,
  pageCount,
  pageOffset,
  parseReceipt,
  DEPOSIT_METHOD_LABELS,
  type InvoiceView,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError, isUniqueViolation } from '../../errors.ts';
import {
  hostedInvoiceFields,
  hostedProviderFor,
  openCheckout,
  schedulePaymentCheck,
  reconcileHostedInvoice,
} from '../payments/payments.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { toInvoiceView } from './invoice-view.ts';
import {
  countUserInvoices,
  findInvoice,
  findReceiptInvoiceId,
  insertInvoice,
  insertReceipt,
  listUserInvoices,
  lockUserInvoices,
  setReceipt,
  sinceHours,
} from './invoices.repository.ts';

/** At most this many invoices a reseller may raise per hour (besides the pending cap). */
export const INVOICES_PER_HOUR = 20;
const NOTE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const notFound = () => AppError.notFound('Invoice not found');
const usedElsewhere = () =>
  AppError.fieldError('cashAppUrl', 'This receipt was already used for another invoice');

/** A short code such as `LP-7K3Q9` (no 0/O or 1/I to misread) the reseller writes in the payment's note. */
export const newInvoiceNote = (): string =>
  `LP-${Array.from(crypto.randomBytes(5), (b) => NOTE_ALPHABET[b % NOTE_ALPHABET.length]).join('')}`;

const MANUAL_NAMES = { cashapp: 'CashApp', paypal: 'Paypal', stripe: DEPOSIT_METHOD_LABELS.stripe };

/**
 * POST /invoices/create-invoice: a pending invoice with its own note, within the settings' limits, for an
 * enabled method; at most MAX_PENDING_INVOICES pending and INVOICES_PER_HOUR created per hour. A method a
 * payment provider serves opens the provider's checkout: the invoice carries its hosted page (issue 44).
 */
export async function createInvoice(
  ctx: AppContext,
  options: { userId: string; amount: number; type: 'paypal' | 'cashapp' | 'stripe'; origin: string },
): Promise<InvoiceView> {
  const settings = await getSettings(ctx.db);
  const provider = await hostedProviderFor(ctx, options.type);
  if (!provider && (options.type === 'stripe' || !settings.enabledPaymentMethods.includes(options.type)))
    throw AppError.fieldError('type', `${MANUAL_NAMES[options.type]} payments are not available right now`);
  const amountCents = dollarsToCents(options.amount);
  if (amountCents < settings.minDepositCents)
    throw AppError.fieldError('amount', `Amount must be at least ${formatCents(settings.minDepositCents)}`);
  if (amountCents > settings.maxDepositCents)
    throw AppError.fieldError('amount', `Amount must be at most ${formatCents(settings.maxDepositCents)}`);
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await ctx.db.transaction(async (tx) => {
        // Count and insert under one lock: invoices raised at once cannot all see room for one more.
        await lockUserInvoices(tx, options.userId);
        const counts = await countUserInvoices(tx, options.userId, sinceHours(1));
        if (counts.pending >= MAX_PENDING_INVOICES)
          throw new AppError(
            'TOO_MANY_REQUESTS',
            `You have ${MAX_PENDING_INVOICES} pending invoices. Pay one or wait for staff to review them first.`,
          );
        if (counts.recent >= INVOICES_PER_HOUR)
          throw new AppError(
            'TOO_MANY_REQUESTS',
            'Too many invoices in the last hour, please try again later',
          );
        const hosted = provider
          ? await hostedInvoiceFields(ctx, tx, {
              provider,
              userId: options.userId,
              method: options.type,
              amountCents,
            })
          : {};
        const inserted = await insertInvoice(tx, {
          userId: options.userId,
          amountCents,
          paymentMethod: options.type,
          note: newInvoiceNote(),
          ...hosted,
        });
        // The reconciliation job is sent with the invoice: it ends the payment whatever happens next.
        if (provider) await schedulePaymentCheck(ctx, tx, { invoiceId: inserted.id, attempt: 1 });
        await recordActivity(
          tx,
          options.userId,
          'deposit.created',
          `${formatCents(amountCents)} by ${options.type} (${inserted.note})`,
        );
        return inserted;
      });
      if (!provider) return toInvoiceView(row);
      return toInvoiceView(await openCheckout(ctx, { provider, invoice: row, origin: options.origin }));
    } catch (error) {
      // 31^5 notes: a clash is rare, and another draw resolves it.
      if (attempt < 3 && isUniqueViolation(error, 'invoices_note_idx')) continue;
      throw error;
    }
  }
}

/**
 * POST /invoices/{id}/refresh: the reseller's return from a hosted page; the provider is asked about the
 * invoice now, as the webhook and the job would (one reconciliation function, decision 323).
 */
export async function refreshInvoice(
  ctx: AppContext,
  options: { userId: string; invoiceId: string },
): Promise<{ message: string; invoice: InvoiceView }> {
  const found = isUuid(options.invoiceId) ? await findInvoice(ctx.db, options.invoiceId) : undefined;
  if (!found || found.userId !== options.userId) throw notFound();
  const row = found.providerId ? (await reconcileHostedInvoice(ctx, found.id)).invoice : found;
  const invoice = toInvoiceView(row);
  const message =
    row.status === 'completed'
      ? `Payment received: ${formatCents(row.amountCents)} added to your balance`
      : row.status === 'cancelled'
        ? `${row.note} was cancelled: ${row.cancelReason ?? 'the payment did not go through'}`
        : row.reviewReason
          ? `The payment for ${row.note} does not match the invoice; staff will look at it and get back to you`
          : 'Waiting for the payment to clear';
  return { message, invoice };
}

/** GET /invoices/readAll: the reseller's own invoices, newest first. */
export async function readInvoices(
  ctx: AppContext,
  options: { userId: string; page: number; limit: number },
) {
  const { rows, total } = await listUserInvoices(ctx.db, {
    userId: options.userId,
    offset: pageOffset(options.page, options.limit),
    limit: options.limit,
  });
  return { invoices: rows.map(toInvoiceView), totalPages: pageCount(total, options.limit) };
}

/**
 * POST /invoices/verify-cashapp: stores the payment's receipt on the reseller's pending invoice for staff to
 * check; the invoice stays pending. A newer receipt becomes the current one and the older ones stay in the
 * invoice's history, so a receipt once given for one invoice is refused for any other (decision 265).
 */
export async function submitReceipt(
  ctx: AppContext,
  options: { userId: string; invoiceId: string; receipt: string },
): Promise<{ message: string }> {
  const invoice = isUuid(options.invoiceId) ? await findInvoice(ctx.db, options.invoiceId) : undefined;
  if (!invoice || invoice.userId !== options.userId) throw notFound();
  if (invoice.status !== 'pending')
    throw new AppError(
      'CONFLICT',
      `This invoice is already ${invoice.status === 'cancelled' ? 'cancelled' : 'completed'}`,
    );
  const method = invoice.paymentMethod === 'paypal' ? 'paypal' : 'cashapp';
  const parsed = parseReceipt(method, options.receipt);
  if (!parsed.ok) throw AppError.fieldError('cashAppUrl', parsed.message);
  const usedFor = await findReceiptInvoiceId(ctx.db, parsed.id);
  if (usedFor && usedFor !== invoice.id) throw usedElsewhere();
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await setReceipt(tx, { id: invoice.id, receipt: parsed.id, receiptUrl: parsed.url })))
        throw new AppError('CONFLICT', 'This invoice was reviewed in the meantime; reload to see it');
      // Given before for this invoice: it is current again, and its history already holds it.
      if (!usedFor)
        await insertReceipt(tx, { invoiceId: invoice.id, receipt: parsed.id, receiptUrl: parsed.url });
    });
  } catch (error) {
    if (
      isUniqueViolation(error, 'invoices_receipt_idx') ||
      isUniqueViolation(error, 'invoice_receipts_receipt_idx')
    )
      throw usedElsewhere();
    throw error;
  }
  return {
    message: `Thanks! We received your receipt for ${invoice.note}. Your balance is credited once staff confirm the payment.`,
  };
}
