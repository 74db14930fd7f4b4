/** What every payment company's fake offers a test (Stripe, PayPal, Square): the same shape for each. */
export type PaymentFake = {
  baseUrl: string; // pass as credentials.baseUrl
  credentials: Record<string, string>; // valid test-mode credentials for this fake (without baseUrl)
  /** What the hosted page's Pay button does: the payment is captured (amount/currency overridable to test
   *  wrong-amount events), the fee recorded, and a signed event posted to every registered webhook URL. */
  pay(reference: string, opts?: { amountCents?: number; currency?: string; risk?: string }): Promise<void>;
  expire(reference: string): Promise<void>;
  dispute(captureId: string, outcome: 'opened' | 'won' | 'lost'): Promise<void>;
  sentWebhooks(): { url: string; headers: Record<string, string>; body: string }[];
  close(): Promise<void>;
};
