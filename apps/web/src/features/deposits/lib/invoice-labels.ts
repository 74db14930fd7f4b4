/** Spec section 3: cashapp, paypal and stripe by name; anything else is a Manual invoice. */
export const paymentMethodLabel = (method: string): string =>
  ({ cashapp: 'CashApp', paypal: 'Paypal', stripe: 'Stripe' })[method] ?? 'Manual';

/** Spec section 4: pending and cancelled; anything else reads Completed. */
export const invoiceStatus = (status: string): { label: string; color: string } =>
  status === 'pending'
    ? { label: 'Pending', color: 'yellow' }
    : status === 'cancelled'
      ? { label: 'Cancelled', color: 'gray' }
      : { label: 'Completed', color: 'teal' };
