import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type Order,
} from '@paypal/paypal-server-sdk';
import { connectionTestFailure } from '../../../labels/providers/upstream/shipment-api.ts';
import {
  WebhookRejected,
  type GatewayEvent,
  type InboundWebhook,
  type PaymentGateway,
  type PaymentState,
  type PaypalCredentials,
} from './gateway.ts';
import {
  DEFAULT_GATEWAY_TIMEOUT_MS,
  centsOf,
  decimalOf,
  gatewayFetch,
  headerOf,
  modeOfOrigin,
  type GatewayOptions,
} from './gateway-transport.ts';

const PAYPAL_LIVE = 'https://api-m.paypal.com';
const PAYPAL_SANDBOX = 'https://api-m.sandbox.paypal.com';

/** What the portal's webhook at PayPal listens to (decision 325). */
export const PAYPAL_WEBHOOK_EVENTS = [
  'CHECKOUT.ORDER.APPROVED',
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.REFUNDED',
  'CUSTOMER.DISPUTE.CREATED',
  'CUSTOMER.DISPUTE.RESOLVED',
] as const;

/** The headers PayPal signs a webhook message with (verify-webhook-signature takes each). */
const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/** Dispute outcomes that leave the money with the seller: PayPal decided for us, paid the buyer itself, or the buyer withdrew. */
const SELLER_KEEPS = new Set([
  'RESOLVED_SELLER_FAVOUR',
  'RESOLVED_WITH_PAYOUT',
  'CANCELED_BY_BUYER',
  'DENIED',
]);
/** Outcomes that take it: PayPal decided for the buyer, or the seller accepted the claim. */
const BUYER_GETS = new Set(['RESOLVED_BUYER_FAVOUR', 'ACCEPTED']);

type Json = Record<string, unknown>;
const objectOf = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const textOf = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** What PayPal said of a failed call, for logs and staff: its status and error name, never its whole body. */
function failure(what: string, error: unknown): Error {
  if (!(error instanceof ApiError)) return error instanceof Error ? error : new Error(String(error));
  const result = objectOf(error.result);
  const issue = textOf(objectOf((result.details as unknown[] | undefined)?.[0]).issue);
  const name = [textOf(result.name), issue].filter(Boolean).join(': ');
  return new Error(`PayPal refused ${what} (HTTP ${error.statusCode}${name ? ` ${name}` : ''})`, {
    cause: error,
  });
}

const issueOf = (error: unknown): string | null =>
  error instanceof ApiError
    ? textOf(objectOf((objectOf(error.result).details as unknown[] | undefined)?.[0]).issue)
    : null;

/** The state of an order as PayPal tells it: its last capture decides once there is one. */
function stateOf(order: Order): PaymentState {
  if (order.status === 'VOIDED') return { status: 'expired', reason: 'PayPal voided the order' };
  const captures = order.purchaseUnits?.[0]?.payments?.captures ?? [];
  const capture = captures[captures.length - 1];
  if (!capture) return { status: 'open' };
  switch (capture.status) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED': {
      const fee = capture.sellerReceivableBreakdown?.paypalFee;
      return {
        status: 'captured',
        capturedCents: centsOf(capture.amount?.value),
        currency: capture.amount?.currencyCode ?? '',
        feeCents: fee ? centsOf(fee.value) : null,
        captureId: capture.id ?? '',
        risk: null,
      };
    }
    case 'DECLINED':
    case 'FAILED':
      return {
        status: 'failed',
        reason: `PayPal ${capture.status === 'DECLINED' ? 'declined' : 'failed'} the payment`,
      };
    default:
      return { status: 'open' };
  }
}

/**
 * PayPal through its official client (`@paypal/paypal-server-sdk`, Orders v2 with capture). The client
 * knows only PayPal's two origins, so a `baseUrl` is reached by moving its requests there (same path,
 * same OAuth token). Webhooks and their signature check, which the client lacks, go through the same
 * client's request builder: one HTTP client, one token, one origin (decision 325).
 */
export function createPaypalGateway(
  credentials: PaypalCredentials,
  options: GatewayOptions = {},
): PaymentGateway {
  const mode = modeOfOrigin(credentials.baseUrl, [PAYPAL_LIVE, 'https://api.paypal.com']);
  const sdkOrigin = mode === 'live' ? PAYPAL_LIVE : PAYPAL_SANDBOX;
  const fetch = gatewayFetch(
    options,
    credentials.baseUrl ? { from: sdkOrigin, baseUrl: credentials.baseUrl } : undefined,
  );
  const client = new Client({
    environment: mode === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: options.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS,
    clientCredentialsAuthCredentials: {
      oAuthClientId: credentials.clientId,
      oAuthClientSecret: credentials.clientSecret,
    },
    // The client's axios speaks through our fetch: the guarded connection, on `baseUrl` where given.
    unstable_httpClientOptions: { adapter: 'fetch', env: { fetch } },
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);

  /** A call the client has no method for, through its own request builder (auth, origin, errors). */
  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: string): Promise<Json> {
    const req = client.getRequestBuilderFactory()(method, path);
    req.authenticate([{ oauth2: true }]);
    if (body !== undefined) {
      req.text(body);
      req.header('Content-Type', 'application/json');
    }
    const { result } = await req.callAsText();
    return result ? objectOf(JSON.parse(result)) : {};
  }

  /** Captures an approved order; the request id makes a second capture (another instance, a retry) the first one's answer. */
  async function capture(orderId: string): Promise<PaymentState> {
    try {
      const { result } = await orders.captureOrder({
        id: orderId,
        paypalRequestId: `capture-${orderId}`,
        prefer: 'return=representation',
      });
      return stateOf(result);
    } catch (error) {
      // Captured already under another request id: the order says how.
      if (issueOf(error) === 'ORDER_ALREADY_CAPTURED')
        return stateOf((await orders.getOrder({ id: orderId })).result);
      if (issueOf(error) === 'INSTRUMENT_DECLINED')
        return { status: 'failed', reason: "PayPal declined the payer's funding source" };
      throw failure('the capture', error);
    }
  }

  function mapEvent(event: Json): GatewayEvent {
    const eventId = textOf(event.id);
    const type = textOf(event.event_type);
    const createdAt = new Date(String(event.create_time));
    const resource = objectOf(event.resource);
    if (!eventId || !type || Number.isNaN(createdAt.getTime()))
      throw new WebhookRejected('The PayPal event has no id, type or time');
    switch (type) {
      case 'CHECKOUT.ORDER.APPROVED':
        return { kind: 'payment', eventId, reference: textOf(resource.id), captureId: null, createdAt };
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.PENDING':
      case 'PAYMENT.CAPTURE.REVERSED': {
        const related = objectOf(objectOf(resource.supplementary_data).related_ids);
        return {
          kind: 'payment',
          eventId,
          reference: textOf(related.order_id),
          captureId: textOf(resource.id),
          createdAt,
        };
      }
      case 'PAYMENT.CAPTURE.REFUNDED': {
        // The resource is the refund; its "up" link names the capture.
        const up = ((resource.links as Json[] | undefined) ?? []).find((l) => l.rel === 'up');
        const captureId = /\/captures\/([^/?#]+)/.exec(textOf(up?.href) ?? '')?.[1] ?? null;
        return { kind: 'payment', eventId, reference: null, captureId, createdAt };
      }
      case 'CUSTOMER.DISPUTE.CREATED':
      case 'CUSTOMER.DISPUTE.RESOLVED': {
        const outcome = textOf(objectOf(resource.dispute_outcome).outcome_code);
        const kind =
          type === 'CUSTOMER.DISPUTE.CREATED'
            ? 'dispute.opened'
            : outcome && BUYER_GETS.has(outcome)
              ? 'dispute.lost'
              : outcome && SELLER_KEEPS.has(outcome)
                ? 'dispute.won'
                : null;
        if (!kind) return { kind: 'ignored', eventId, createdAt };
        const disputeId = textOf(resource.dispute_id);
        const transaction = objectOf((resource.disputed_transactions as unknown[] | undefined)?.[0]);
        const captureId = textOf(transaction.seller_transaction_id);
        const amount = objectOf(resource.dispute_amount);
        if (!disputeId || !captureId || !textOf(amount.value))
          throw new WebhookRejected('The PayPal dispute names no dispute, transaction or amount');
        return {
          kind,
          eventId,
          disputeId,
          captureId,
          amountCents: centsOf(String(amount.value)),
          currency: textOf(amount.currency_code) ?? '',
          createdAt,
        };
      }
      default:
        return { kind: 'ignored', eventId, createdAt };
    }
  }

  return {
    kind: 'paypal',
    methods: ['paypal'],
    mode,

    async testConnection() {
      try {
        await client.clientCredentialsAuthManager.fetchToken();
        return { ok: true, message: `Connected to PayPal (${mode === 'live' ? 'live' : 'sandbox'})` };
      } catch (error) {
        return connectionTestFailure(
          'PayPal',
          error,
          error instanceof ApiError ? error.statusCode : undefined,
        );
      }
    },

    async createCheckout(request) {
      try {
        const { result } = await orders.createOrder({
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: request.note,
                customId: request.invoiceId,
                description: request.description.slice(0, 127),
                amount: { currencyCode: request.currency, value: decimalOf(request.chargeCents) },
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  returnUrl: request.returnUrl,
                  cancelUrl: request.cancelUrl,
                  userAction: PaypalExperienceUserAction.PayNow,
                  shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                },
              },
            },
          },
          paypalRequestId: request.idempotencyKey,
          prefer: 'return=representation',
        });
        const link = result.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
        if (!result.id || !link) throw new Error('PayPal answered an order without an id or approval link');
        // PayPal takes no expiry: the service's own `expiresAt` stands, and `retrieve` sees the order end.
        return { reference: result.id, hostedUrl: link.href, expiresAt: request.expiresAt };
      } catch (error) {
        throw failure('the order', error);
      }
    },

    async retrieve(reference) {
      let order: Order;
      try {
        order = (await orders.getOrder({ id: reference })).result;
      } catch (error) {
        // PayPal forgets an order nobody approved once it expires.
        if (error instanceof ApiError && error.statusCode === 404)
          return { status: 'expired', reason: 'PayPal no longer knows the order: it expired unapproved' };
        throw failure('the order lookup', error);
      }
      return order.status === 'APPROVED' ? capture(reference) : stateOf(order);
    },

    async refund({ captureId, amountCents, idempotencyKey, reason }) {
      try {
        const { result } = await payments.refundCapturedPayment({
          captureId,
          paypalRequestId: idempotencyKey,
          prefer: 'return=representation',
          body: {
            amount: { currencyCode: 'USD', value: decimalOf(amountCents) },
            noteToPayer: reason.slice(0, 255),
          },
        });
        if (!result.id) throw new Error('PayPal answered a refund without an id');
        return { refundId: result.id };
      } catch (error) {
        throw failure('the refund', error);
      }
    },

    async verifyWebhook(input: InboundWebhook) {
      const signed: Record<string, string> = {};
      for (const [field, header] of Object.entries(SIGNATURE_HEADERS)) {
        const value = headerOf(input.headers, header);
        if (!value) throw new WebhookRejected(`The PayPal message has no ${header} header`);
        signed[field] = value;
      }
      if (!input.webhookId)
        throw new WebhookRejected('No PayPal webhook is registered to verify the message against');
      const raw = input.rawBody.toString('utf8');
      let event: Json;
      try {
        event = objectOf(JSON.parse(raw));
      } catch {
        throw new WebhookRejected('The PayPal message is not JSON');
      }
      // The event goes back byte for byte as it came: PayPal checks its signature over those bytes.
      const fields = Object.entries({ ...signed, webhook_id: input.webhookId })
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
        .join(',');
      let answer: Json;
      try {
        answer = await call(
          'POST',
          '/v1/notifications/verify-webhook-signature',
          `{${fields},"webhook_event":${raw}}`,
        );
      } catch (error) {
        // PayPal refusing the check's input (a malformed header) is a rejection; PayPal unreachable is not.
        if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500)
          throw new WebhookRejected(`PayPal refused to check the signature (HTTP ${error.statusCode})`);
        throw failure('the signature check', error);
      }
      if (answer.verification_status !== 'SUCCESS')
        throw new WebhookRejected('PayPal did not verify the message signature');
      return mapEvent(event);
    },

    async registerWebhook(url) {
      try {
        const created = await call(
          'POST',
          '/v1/notifications/webhooks',
          JSON.stringify({ url, event_types: PAYPAL_WEBHOOK_EVENTS.map((name) => ({ name })) }),
        );
        const webhookId = textOf(created.id);
        if (!webhookId) throw new Error('PayPal answered a webhook without an id');
        // PayPal signs with its own certificate: there is no secret to keep.
        return { webhookId, secret: null };
      } catch (error) {
        throw failure('the webhook', error);
      }
    },

    async removeWebhook(webhookId) {
      try {
        await call('DELETE', `/v1/notifications/webhooks/${encodeURIComponent(webhookId)}`);
      } catch (error) {
        // Gone already (removed at PayPal by hand): what was asked is true.
        if (error instanceof ApiError && error.statusCode === 404) return;
        throw failure('the webhook removal', error);
      }
    },
  };
}
