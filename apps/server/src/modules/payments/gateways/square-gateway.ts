import { randomUUID } from 'node:crypto';
import { SquareClient, SquareEnvironment, SquareError, WebhooksHelper, type Square } from 'square';
import { connectionTestFailure } from '../../../labels/providers/upstream/shipment-api.ts';
import {
  WebhookRejected,
  type GatewayEvent,
  type InboundWebhook,
  type PaymentGateway,
  type PaymentState,
  type SquareCredentials,
} from './gateway.ts';
import {
  DEFAULT_GATEWAY_TIMEOUT_MS,
  gatewayFetch,
  headerOf,
  modeOfOrigin,
  type GatewayOptions,
} from './gateway-transport.ts';

/** What the portal's webhook subscription at Square listens to (decision 325). */
export const SQUARE_WEBHOOK_EVENTS = [
  'payment.created',
  'payment.updated',
  'dispute.created',
  'dispute.state.updated',
] as const;

type Json = Record<string, unknown>;
const objectOf = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const textOf = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const centsOfMoney = (money: Square.Money | undefined): number | null =>
  money?.amount === undefined || money.amount === null ? null : Number(money.amount);

/** What Square said of a failed call: its status and first error code, never its whole body. */
function failure(what: string, error: unknown): Error {
  if (!(error instanceof SquareError)) return error instanceof Error ? error : new Error(String(error));
  const first = error.errors[0];
  const code = first ? ` ${first.category}: ${first.code}` : '';
  return new Error(`Square refused ${what} (HTTP ${error.statusCode ?? '?'}${code})`, { cause: error });
}

/** Dispute states that end it: the bank decided for the merchant, for the buyer, or the merchant accepted. */
const DISPUTE_ENDS: Record<string, 'dispute.won' | 'dispute.lost'> = {
  WON: 'dispute.won',
  LOST: 'dispute.lost',
  ACCEPTED: 'dispute.lost',
};

/** The state of a payment Square holds for one of our orders. */
function stateOfPayment(payment: Square.Payment): PaymentState {
  switch (payment.status) {
    case 'COMPLETED': {
      const fees = payment.processingFee ?? [];
      return {
        status: 'captured',
        capturedCents: centsOfMoney(payment.amountMoney) ?? 0,
        currency: payment.amountMoney?.currency ?? '',
        // Square adds its fee shortly after the payment completes: none yet is "not said yet".
        feeCents: fees.length
          ? fees.reduce((sum, fee) => sum + (centsOfMoney(fee.amountMoney) ?? 0), 0)
          : null,
        captureId: payment.id ?? '',
        risk: payment.riskEvaluation?.riskLevel?.toLowerCase() ?? null,
      };
    }
    case 'CANCELED':
    case 'FAILED':
      return {
        status: 'failed',
        reason: `Square ${payment.status === 'FAILED' ? 'failed' : 'cancelled'} the payment`,
      };
    default:
      return { status: 'open' };
  }
}

/**
 * Cash App Pay (and cards) through Square's Checkout payment links, on the official `square` client
 * pointed at `baseUrl`. The link's order is what the service keeps; its tender names the payment, whose
 * status, amount, processing fee and risk are the answer (decision 325).
 */
export function createSquareGateway(
  credentials: SquareCredentials,
  options: GatewayOptions = {},
): PaymentGateway {
  const mode = modeOfOrigin(credentials.baseUrl, [SquareEnvironment.Production]);
  const client = new SquareClient({
    token: credentials.accessToken,
    baseUrl: credentials.baseUrl ?? SquareEnvironment.Production,
    fetch: gatewayFetch(options),
    timeoutInSeconds: Math.ceil((options.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS) / 1000),
  });

  function mapEvent(event: Json): GatewayEvent {
    const eventId = textOf(event.event_id);
    const type = textOf(event.type);
    const createdAt = new Date(String(event.created_at));
    const object = objectOf(objectOf(event.data).object);
    if (!eventId || !type || Number.isNaN(createdAt.getTime()))
      throw new WebhookRejected('The Square event has no id, type or time');
    if (type === 'payment.created' || type === 'payment.updated') {
      const payment = objectOf(object.payment);
      return {
        kind: 'payment',
        eventId,
        reference: textOf(payment.order_id),
        captureId: textOf(payment.id),
        createdAt,
      };
    }
    if (type === 'dispute.created' || type === 'dispute.state.updated' || type === 'dispute.state.changed') {
      const dispute = objectOf(object.dispute ?? object.object);
      const kind = type === 'dispute.created' ? 'dispute.opened' : DISPUTE_ENDS[String(dispute.state)];
      if (!kind) return { kind: 'ignored', eventId, createdAt };
      const disputeId = textOf(dispute.id) ?? textOf(dispute.dispute_id);
      const captureId = textOf(objectOf(dispute.disputed_payment).payment_id);
      const amount = objectOf(dispute.amount_money);
      if (!disputeId || !captureId || typeof amount.amount !== 'number')
        throw new WebhookRejected('The Square dispute names no dispute, payment or amount');
      return {
        kind,
        eventId,
        disputeId,
        captureId,
        amountCents: amount.amount,
        currency: textOf(amount.currency) ?? '',
        createdAt,
      };
    }
    return { kind: 'ignored', eventId, createdAt };
  }

  return {
    kind: 'square',
    methods: ['cashapp'],
    mode,

    async testConnection() {
      try {
        await client.locations.get({ locationId: credentials.locationId });
        return { ok: true, message: `Connected to Square (${mode === 'live' ? 'live' : 'sandbox'})` };
      } catch (error) {
        const status = error instanceof SquareError ? error.statusCode : undefined;
        if (status === 404)
          return {
            ok: false,
            message: `Square has no location ${credentials.locationId} for this access token`,
          };
        return connectionTestFailure('Square', error, status);
      }
    },

    async createCheckout(request) {
      try {
        const { paymentLink } = await client.checkout.paymentLinks.create({
          idempotencyKey: request.idempotencyKey,
          description: request.description,
          quickPay: {
            name: request.description,
            priceMoney: { amount: BigInt(request.chargeCents), currency: request.currency },
            locationId: credentials.locationId,
          },
          checkoutOptions: {
            redirectUrl: request.returnUrl,
            acceptedPaymentMethods: {
              cashAppPay: true,
              applePay: false,
              googlePay: false,
              afterpayClearpay: false,
            },
            allowTipping: false,
            askForShippingAddress: false,
          },
          paymentNote: request.note,
        });
        const url = paymentLink?.url ?? paymentLink?.longUrl;
        if (!paymentLink?.orderId || !url)
          throw new Error('Square answered a payment link without an order or URL');
        // A payment link does not expire by itself: the service's own `expiresAt` stands.
        return { reference: paymentLink.orderId, hostedUrl: url, expiresAt: request.expiresAt };
      } catch (error) {
        throw failure('the payment link', error);
      }
    },

    async retrieve(reference) {
      let order: Square.Order | undefined;
      try {
        ({ order } = await client.orders.get({ orderId: reference }));
      } catch (error) {
        if (!(error instanceof SquareError && error.statusCode === 404))
          throw failure('the order lookup', error);
      }
      if (!order) return { status: 'expired', reason: 'Square no longer knows the order' };
      const paymentId = [...(order.tenders ?? [])].reverse().find((t) => t.paymentId)?.paymentId;
      if (paymentId) {
        try {
          const { payment } = await client.payments.get({ paymentId });
          if (payment) return stateOfPayment(payment);
        } catch (error) {
          throw failure('the payment lookup', error);
        }
      }
      if (order.state === 'CANCELED')
        return { status: 'expired', reason: 'Square cancelled the order unpaid' };
      return { status: 'open' };
    },

    async refund({ captureId, amountCents, idempotencyKey, reason }) {
      try {
        const { refund } = await client.refunds.refundPayment({
          idempotencyKey,
          paymentId: captureId,
          amountMoney: { amount: BigInt(amountCents), currency: 'USD' },
          reason: reason.slice(0, 192),
        });
        if (!refund?.id) throw new Error('Square answered a refund without an id');
        return { refundId: refund.id };
      } catch (error) {
        throw failure('the refund', error);
      }
    },

    async verifyWebhook(input: InboundWebhook) {
      const signature = headerOf(input.headers, 'x-square-hmacsha256-signature');
      if (!signature)
        throw new WebhookRejected('The Square message has no x-square-hmacsha256-signature header');
      if (!input.secret)
        throw new WebhookRejected('No Square signature key is kept to verify the message with');
      const raw = input.rawBody.toString('utf8');
      const valid = await WebhooksHelper.verifySignature({
        requestBody: raw,
        signatureHeader: signature,
        signatureKey: input.secret,
        notificationUrl: input.url,
      });
      if (!valid) throw new WebhookRejected('The Square message signature does not match');
      let event: Json;
      try {
        event = objectOf(JSON.parse(raw));
      } catch {
        throw new WebhookRejected('The Square message is not JSON');
      }
      return mapEvent(event);
    },

    async registerWebhook(url) {
      try {
        const { subscription } = await client.webhooks.subscriptions.create({
          idempotencyKey: randomUUID(),
          subscription: {
            name: 'LabelPort deposits',
            eventTypes: [...SQUARE_WEBHOOK_EVENTS],
            notificationUrl: url,
          },
        });
        if (!subscription?.id || !subscription.signatureKey)
          throw new Error('Square answered a subscription without an id or signature key');
        return { webhookId: subscription.id, secret: subscription.signatureKey };
      } catch (error) {
        throw failure('the webhook subscription', error);
      }
    },

    async removeWebhook(webhookId) {
      try {
        await client.webhooks.subscriptions.delete({ subscriptionId: webhookId });
      } catch (error) {
        // Gone already (removed in Square's dashboard): what was asked is true.
        if (error instanceof SquareError && error.statusCode === 404) return;
        throw failure('the webhook removal', error);
      }
    },
  };
}
