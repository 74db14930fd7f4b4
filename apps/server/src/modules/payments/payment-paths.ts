/** Where a payment provider's webhooks arrive: POST /api/v1/payments/inbound/{providerId}. */
export const paymentInboundPath = (providerId: string): string => `/api/v1/payments/inbound/${providerId}`;

/** Where the hosted page sends the payer back: Deposits, which asks about this invoice at once. */
export const depositReturnPath = (invoiceId: string, outcome: 'paid' | 'cancelled'): string =>
  `/deposits?invoice=${invoiceId}&payment=${outcome}`;
