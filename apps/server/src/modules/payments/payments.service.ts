/**
 * What other modules call of the payments module (issue 44): hosted deposits for the invoices, their
 * reconciliation with the company and refund, the deposit options, the reconciliation worker.
 */
export { hostedInvoiceFields, hostedMethods, hostedProviderFor, openCheckout } from './hosted-deposits.ts';
export { schedulePaymentCheck, startPaymentWorkers } from './payment-checks.ts';
export { mailDepositNews } from './deposit-news.ts';
export { refundDeposit } from './refund-deposit.ts';
export { reconcileHostedInvoice } from './reconcile-invoice.ts';
export type { HostedInvoiceRow, PaymentProviderRow } from './payments.repository.ts';
