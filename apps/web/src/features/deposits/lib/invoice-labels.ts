/** Spec section 3: cashapp, paypal and stripe by name; anything else is a Manual invoice. */
export const paymentMethodLabel = (method: string): string =>
  ({ cashapp: 'CashApp', paypal: 'Paypal', stripe: 'Stripe' })[method] ?? 'Manual';
