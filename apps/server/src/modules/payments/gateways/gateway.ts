/**
 * What the deposits service needs of a payment company. One implementation per kind (Stripe, PayPal,
 * Square), each built on the company's official client, which `baseUrl` points at another origin (tests,
 * sandboxes). The service owns invoices, money and idempotency; a gateway only speaks to the company.
 */

export type PaymentKind = 'stripe' | 'paypal' | 'square';
/** Invoice `paymentMethod` values a gateway can serve: Stripe cards, PayPal, Cash App Pay through Square. */
export type GatewayMethod = 'stripe' | 'paypal' | 'cashapp';
export type GatewayMode = 'test' | 'live';

export type StripeCredentials = { secretKey: string; baseUrl?: string };
export type PaypalCredentials = { clientId: string; clientSecret: string; baseUrl?: string };
export type SquareCredentials = { accessToken: string; locationId: string; baseUrl?: string };

export type CheckoutRequest = {
  invoiceId: string;
  /** The invoice's `LP-XXXXX` note: shown to the payer and sent as the company's reference where it takes one. */
  note: string;
  /** What the payer is charged, in cents: the amount to credit plus any surcharge. */
  chargeCents: number;
  currency: 'USD';
  description: string;
  returnUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** Sent as the company's idempotency key on the create call, so a retried create makes one checkout. */
  idempotencyKey: string;
};

/** `reference` is the id the service keeps to ask about the payment later (Stripe Checkout Session id, PayPal order id, Square order id). */
export type Checkout = { reference: string; hostedUrl: string; expiresAt: Date };

export type PaymentState =
  | { status: 'open' }
  | {
      status: 'captured';
      /** What the company says it captured, never what the browser sent. */
      capturedCents: number;
      currency: string;
      /** The company's fee when it says it (null when it does not, or not yet). */
      feeCents: number | null;
      /** The id a refund or a dispute names (Stripe PaymentIntent id, PayPal capture id, Square payment id). */
      captureId: string;
      /** The company's risk outcome, e.g. Stripe Radar's `normal` / `elevated` / `highest`; null when it has none. */
      risk: string | null;
    }
  | { status: 'expired' | 'failed'; reason: string };

export type GatewayEvent =
  /** Something changed about a checkout; the service then asks `retrieve(reference)` (never trusts the body's amount). */
  | { kind: 'payment'; eventId: string; reference: string | null; captureId: string | null; createdAt: Date }
  | {
      kind: 'dispute.opened' | 'dispute.won' | 'dispute.lost';
      eventId: string;
      disputeId: string;
      captureId: string;
      amountCents: number;
      currency: string;
      createdAt: Date;
    }
  | { kind: 'ignored'; eventId: string; createdAt: Date };

/** Thrown by `verifyWebhook` for a forged or malformed message: the route answers 401. */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
}

export type InboundWebhook = {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** The full public URL the company posted to (Square signs it). */
  url: string;
  /** What `registerWebhook` returned, sealed by the service and unsealed for this call. */
  secret: string | null;
  webhookId: string | null;
};

export interface PaymentGateway {
  readonly kind: PaymentKind;
  readonly methods: readonly GatewayMethod[];
  /** From the key itself (`sk_test_`, sandbox origin, Square sandbox token...). */
  readonly mode: GatewayMode;
  /** A cheap authenticated read; `message` is ours to show staff, never the company's body. */
  testConnection(): Promise<{ ok: boolean; message: string }>;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Asks the company now. PayPal: an APPROVED order is captured here (with a request id, so twice is once). */
  retrieve(reference: string): Promise<PaymentState>;
  refund(input: {
    captureId: string;
    amountCents: number;
    idempotencyKey: string;
    reason: string;
  }): Promise<{ refundId: string }>;
  /** Verifies the signature the company's way (Stripe constructEvent, PayPal verify-webhook-signature, Square WebhooksHelper) and maps the event. */
  verifyWebhook(input: InboundWebhook): Promise<GatewayEvent>;
  registerWebhook(url: string): Promise<{ webhookId: string; secret: string | null }>;
  removeWebhook(webhookId: string): Promise<void>;
}
