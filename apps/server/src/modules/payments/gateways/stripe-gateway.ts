import Stripe from 'stripe';
import {
  WebhookRejected,
  type GatewayEvent,
  type PaymentGateway,
  type PaymentState,
  type StripeCredentials,
} from './gateway.ts';
import { DEFAULT_GATEWAY_TIMEOUT_MS, gatewayFetch, type GatewayOptions } from './gateway-transport.ts';

/** The events our webhook endpoint asks Stripe for: a checkout's end, and a dispute's start and end. */
const STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

type Json = Record<string, unknown>;
const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' ? String((value as Json).id) : null;

/**
 * The official client, pointed at `baseUrl` (tests, a local mock) when one is given. It speaks through
 * the guarded connection every provider uses (decision 355): each connection's address checked as it
 * is made (decision 312), answers read to the JSON limit (decision 313).
 */
function clientOf(credentials: StripeCredentials, options: GatewayOptions): Stripe {
  const origin = credentials.baseUrl ? new URL(credentials.baseUrl) : null;
  return new Stripe(credentials.secretKey, {
    maxNetworkRetries: 1,
    timeout: options.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS,
    telemetry: false,
    httpClient: Stripe.createFetchHttpClient(gatewayFetch(options)),
    ...(origin
      ? {
          host: origin.hostname,
          port: origin.port || (origin.protocol === 'http:' ? 80 : 443),
          protocol: origin.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** What Stripe says about a Checkout Session, its PaymentIntent, charge and balance transaction. */
function stateOf(session: Stripe.Checkout.Session): PaymentState {
  if (session.status === 'expired') return { status: 'expired', reason: 'The card payment expired' };
  if (session.status !== 'complete' || session.payment_status !== 'paid') return { status: 'open' };
  const intent = session.payment_intent as Stripe.PaymentIntent | string | null;
  if (!intent || typeof intent === 'string') return { status: 'open' };
  if (intent.status === 'canceled') return { status: 'failed', reason: 'The card payment was cancelled' };
  if (intent.status !== 'succeeded') return { status: 'open' };
  const charge = intent.latest_charge as Stripe.Charge | string | null;
  const chargeObject = charge && typeof charge === 'object' ? charge : null;
  const txn = chargeObject?.balance_transaction;
  return {
    status: 'captured',
    capturedCents: intent.amount_received,
    currency: intent.currency.toUpperCase(),
    feeCents: txn && typeof txn === 'object' ? txn.fee : null,
    captureId: intent.id,
    risk: chargeObject?.outcome?.risk_level ?? null,
  };
}

function eventOf(event: Stripe.Event): GatewayEvent {
  const createdAt = new Date(event.created * 1000);
  const object = event.data.object as unknown as Json;
  if (event.type.startsWith('checkout.session.'))
    return {
      kind: 'payment',
      eventId: event.id,
      reference: idOf(object.id),
      captureId: idOf(object.payment_intent),
      createdAt,
    };
  if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
    const kind =
      event.type === 'charge.dispute.created'
        ? 'dispute.opened'
        : object.status === 'won'
          ? 'dispute.won'
          : object.status === 'lost'
            ? 'dispute.lost'
            : null;
    const captureId = idOf(object.payment_intent);
    if (kind && captureId)
      return {
        kind,
        eventId: event.id,
        disputeId: String(object.id),
        captureId,
        amountCents: Number(object.amount),
        currency: String(object.currency).toUpperCase(),
        createdAt,
      };
  }
  return { kind: 'ignored', eventId: event.id, createdAt };
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Stripe Checkout (cards, Apple Pay, Google Pay) through the official `stripe` package. */
export function createStripeGateway(
  credentials: StripeCredentials,
  options: GatewayOptions = {},
): PaymentGateway {
  const stripe = clientOf(credentials, options);
  return {
    kind: 'stripe',
    methods: ['stripe'],
    mode: /^(sk|rk)_test_/.test(credentials.secretKey) ? 'test' : 'live',
    async testConnection() {
      try {
        const balance = await stripe.balance.retrieve();
        return {
          ok: true,
          message: `Connected to Stripe (${balance.livemode ? 'live' : 'test'} mode)`,
        };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        return {
          ok: false,
          message:
            status === 401
              ? 'Stripe refused the secret key'
              : `Stripe could not be reached${status ? ` (HTTP ${status})` : ''}`,
        };
      }
    },
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.chargeCents,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: request.invoiceId,
          metadata: { invoice: request.invoiceId, note: request.note },
          payment_intent_data: {
            description: `${request.description} (${request.note})`,
            metadata: { invoice: request.invoiceId, note: request.note },
          },
          success_url: request.returnUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe gave no hosted page for the checkout');
      return {
        reference: session.id,
        hostedUrl: session.url,
        expiresAt: new Date(session.expires_at * 1000),
      };
    },
    async retrieve(reference) {
      const session = await stripe.checkout.sessions.retrieve(reference, {
        expand: ['payment_intent.latest_charge.balance_transaction'],
      });
      return stateOf(session);
    },
    async refund(input) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: input.captureId,
          amount: input.amountCents,
          reason: 'requested_by_customer',
          metadata: { reason: input.reason.slice(0, 500) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { refundId: refund.id };
    },
    async verifyWebhook(input) {
      const signature = header(input.headers, 'stripe-signature');
      if (!input.secret || !signature) throw new WebhookRejected('The message has no Stripe signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(input.rawBody, signature, input.secret);
      } catch (err) {
        throw new WebhookRejected(err instanceof Error ? err.message : 'The Stripe signature does not match');
      }
      return eventOf(event);
    },
    async registerWebhook(url) {
      const endpoint = await stripe.webhookEndpoints.create({
        url,
        enabled_events: [...STRIPE_EVENTS],
        description: 'LabelPort deposits',
      });
      return { webhookId: endpoint.id, secret: endpoint.secret ?? null };
    },
    async removeWebhook(webhookId) {
      try {
        await stripe.webhookEndpoints.del(webhookId);
      } catch (err) {
        // Already gone at Stripe: what we wanted.
        if ((err as { statusCode?: number }).statusCode !== 404) throw err;
      }
    },
  };
}
