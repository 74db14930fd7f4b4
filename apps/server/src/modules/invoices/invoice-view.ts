import { centsToDollars, type AdminInvoiceView, type InvoiceView } from '@portal/shared';
import type { InvoiceReceiptRow } from './invoices.repository.ts';
import type { AdminInvoiceRow, InvoiceRow } from './invoices.repository.ts';

export const toInvoiceView = (row: InvoiceRow): InvoiceView => ({
  _id: row.id,
  amount: centsToDollars(row.amountCents),
  payment_method: row.paymentMethod,
  status: row.status,
  note: row.note,
  receipt: row.receipt,
  cancelReason: row.cancelReason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  provider: row.providerId ? providerKindOf(row.paymentMethod) : null,
  reference: row.reference,
  fee: row.feeCents === null ? null : centsToDollars(row.feeCents),
  hosted_url: row.status === 'pending' && row.hostedUrl ? row.hostedUrl : null,
  refundedAt: row.refundedAt?.toISOString() ?? null,
  disputeStatus: row.disputeStatus,
});

/** The provider kind that serves a hosted invoice's method. */
const providerKindOf = (method: string) => (method === 'cashapp' ? 'square' : method);

export const toAdminInvoiceView = (
  row: AdminInvoiceRow,
  receipts: readonly InvoiceReceiptRow[],
): AdminInvoiceView => ({
  ...toInvoiceView(row),
  reseller: { _id: row.userId, discordId: row.resellerDiscordId },
  receiptUrl: row.receiptUrl,
  receiptAt: row.receiptAt?.toISOString() ?? null,
  decidedBy: row.decidedByDiscordId,
  receipts: receipts
    .filter((r) => r.invoiceId === row.id)
    .map((r) => ({ receipt: r.receipt, receiptUrl: r.receiptUrl, submittedAt: r.submittedAt.toISOString() })),
  charge: row.chargeCents === null ? null : centsToDollars(row.chargeCents),
  risk: row.risk,
  captureId: row.captureId,
  reviewReason: row.reviewReason,
});

export const METHOD_NAMES: Record<string, string> = {
  cashapp: 'CashApp',
  paypal: 'Paypal',
  stripe: 'Stripe',
};
export const methodName = (method: string): string => METHOD_NAMES[method] ?? 'Manual';
