import crypto from 'node:crypto';
import {
  dollarsToCents,
  formatCents,
  isUuid,
  MAX_PENDING_INVOICES,
  pageCount,
  pageOffset,
  parseReceipt,
  type InvoiceView,
  type PaymentMethod,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError, isUniqueViolation } from '../../errors.ts';
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

/**
 * POST /invoices/create-invoice: a pending invoice with its own note, within the settings' limits, for an
 * enabled method; at most MAX_PENDING_INVOICES pending and INVOICES_PER_HOUR created per hour.
 */
export async function createInvoice(
  ctx: AppContext,
  options: { userId: string; amount: number; type: PaymentMethod },
): Promise<InvoiceView> {
  const settings = await getSettings(ctx.db);
  if (!settings.enabledPaymentMethods.includes(options.type))
    throw AppError.fieldError(
      'type',
      `${options.type === 'cashapp' ? 'CashApp' : 'Paypal'} payments are not available right now`,
    );
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
        return insertInvoice(tx, {
          userId: options.userId,
          amountCents,
          paymentMethod: options.type,
          note: newInvoiceNote(),
        });
      });
      return toInvoiceView(row);
    } catch (error) {
      // 31^5 notes: a clash is rare, and another draw settles it.
      if (attempt < 3 && isUniqueViolation(error, 'invoices_note_idx')) continue;
      throw error;
    }
  }
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
