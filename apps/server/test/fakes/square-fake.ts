import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readJson, sendJson } from './fake-upstream.ts';
import {
  drain,
  postWebhook,
  redirectSeeOther,
  sendCheckoutPage,
  sendClosedPage,
  type SentWebhook,
} from './hosted-checkout.ts';
import type { PaymentFake } from './payment-fake.ts';

/**
 * A local Square: a real HTTP server on loopback answering the calls the gateway makes with the shapes
 * of Square's published OpenAPI description (square/connect-api-specification, api.json): locations,
 * Checkout payment links (quick pay, idempotency keys), orders with their tenders, payments with their
 * processing fee and risk evaluation, refunds, and webhook subscriptions with a signature key. Events
 * are signed as Square signs them: base64 HMAC-SHA256 of notification URL + body, in
 * `x-square-hmacsha256-signature`. The payment link's page takes Cash App Pay: Pay completes a payment on
 * the link's order and sends the payer to the link's `redirect_url`; Square's page has no cancel URL, so
 * Cancel sends them there too, unpaid.
 */
export type SquareFake = PaymentFake & {
  credentials: { accessToken: string; locationId: string };
  /** Payment links as created, by id, with what the gateway asked for (`quick_pay`, `checkout_options`...). */
  links: Map<string, Json>;
  orders: Map<string, Json>;
  payments: Map<string, Json>;
  /** Webhook subscriptions, by id, with their signature keys. */
  subscriptions: Map<string, Json>;
  /** The next payment is approved, then cancelled by Square (its authorization lapsed: `delay_action` CANCEL). */
  cancelNextPayment(): void;
};

type Json = Record<string, unknown>;
type Answer = { status: number; body: unknown };

const squareId = (length = 29) =>
  randomBytes(length).toString('base64url').replace(/[-_]/g, 'x').slice(0, length);
const now = () => new Date().toISOString();
const money = (amount: number, currency = 'USD') => ({ amount, currency });
/** Square's online rate for Cash App Pay and cards: 2.9% + 30¢. */
const feeOf = (cents: number) => Math.round(cents * 0.029) + 30;

const errors = (status: number, category: string, code: string, detail: string, field?: string): Answer => ({
  status,
  body: { errors: [{ category, code, detail, ...(field ? { field } : {}) }] },
});
const notFound = (what: string, id: string) =>
  errors(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Could not find ${what} with id \`${id}\`.`);

export async function startSquareFake(): Promise<SquareFake> {
  const credentials = { accessToken: `EAAA${squareId(60)}`, locationId: `L${squareId(12).toUpperCase()}` };
  const merchantId = `M${squareId(12).toUpperCase()}`;
  const links = new Map<string, Json>();
  const orders = new Map<string, Json>();
  const payments = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const disputes = new Map<string, Json>();
  const keyed = new Map<string, { hash: string; answer: Answer }>();
  const sent: SentWebhook[] = [];
  let cancelNext = false;
  let base = '';

  async function notify(
    type: string,
    objectType: string,
    objectId: string,
    object: Json,
    locationId?: string,
  ) {
    const event = {
      merchant_id: merchantId,
      ...(locationId ? { location_id: locationId } : {}),
      type,
      event_id: randomUUID(),
      created_at: now(),
      data: { type: objectType, id: objectId, object: { [objectType]: structuredClone(object) } },
    };
    const body = JSON.stringify(event);
    await Promise.all(
      [...subscriptions.values()]
        .filter((s) => s.enabled && (s.event_types as string[]).includes(type))
        .map((s) => {
          const url = String(s.notification_url);
          const signature = createHmac('sha256', String(s.signature_key))
            .update(url + body)
            .digest('base64');
          return postWebhook(
            sent,
            url,
            {
              'x-square-hmacsha256-signature': signature,
              'square-environment': 'Sandbox',
              'square-initial-delivery-timestamp': event.created_at,
              'square-retry-number': '0',
            },
            body,
          );
        }),
    );
  }

  /** Answers a call carrying an idempotency key once: the same key and body again is the first answer. */
  function once(body: Json, run: () => Answer): Answer {
    const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : null;
    if (!key)
      return errors(
        400,
        'INVALID_REQUEST_ERROR',
        'MISSING_REQUIRED_PARAMETER',
        'Field must be set',
        'idempotency_key',
      );
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const before = keyed.get(key);
    if (before)
      return before.hash === hash
        ? before.answer
        : errors(
            400,
            'INVALID_REQUEST_ERROR',
            'IDEMPOTENCY_KEY_REUSED',
            'The idempotency key can only be retried with the same request data.',
          );
    const answer = run();
    if (answer.status < 500) keyed.set(key, { hash, answer });
    return answer;
  }

  function createLink(body: Json): Answer {
    const quick = body.quick_pay as
      | { name?: string; price_money?: { amount?: number; currency?: string }; location_id?: string }
      | undefined;
    if (!quick?.name || !Number.isInteger(quick.price_money?.amount) || !quick.location_id)
      return errors(
        400,
        'INVALID_REQUEST_ERROR',
        'MISSING_REQUIRED_PARAMETER',
        'quick_pay needs name, price_money and location_id',
        'quick_pay',
      );
    if (quick.location_id !== credentials.locationId)
      return errors(
        400,
        'INVALID_REQUEST_ERROR',
        'INVALID_VALUE',
        `Location \`${quick.location_id}\` not found.`,
        'quick_pay.location_id',
      );
    const amount = quick.price_money!.amount!;
    const currency = quick.price_money!.currency ?? 'USD';
    const orderId = squareId(28);
    const linkId = squareId(16).toUpperCase();
    const total = money(amount, currency);
    const zero = money(0, currency);
    const order: Json = {
      id: orderId,
      location_id: credentials.locationId,
      source: { name: 'LabelPort' },
      line_items: [
        {
          uid: squareId(22),
          name: quick.name,
          quantity: '1',
          item_type: 'ITEM',
          base_price_money: total,
          variation_total_price_money: total,
          gross_sales_money: total,
          total_tax_money: zero,
          total_discount_money: zero,
          total_money: total,
        },
      ],
      fulfillments: [{ uid: squareId(22), type: 'DIGITAL', state: 'PROPOSED' }],
      net_amounts: {
        total_money: total,
        tax_money: zero,
        discount_money: zero,
        tip_money: zero,
        service_charge_money: zero,
      },
      created_at: now(),
      updated_at: now(),
      state: 'DRAFT',
      version: 1,
      total_money: total,
      total_tax_money: zero,
      total_discount_money: zero,
      total_tip_money: zero,
      total_service_charge_money: zero,
      net_amount_due_money: total,
    };
    const link: Json = {
      id: linkId,
      version: 1,
      description: body.description,
      order_id: orderId,
      checkout_options: body.checkout_options,
      url: `${base}/checkout/${linkId}`,
      long_url: `${base}/checkout/${linkId}?long=1`,
      created_at: now(),
      payment_note: body.payment_note,
    };
    orders.set(orderId, order);
    links.set(linkId, link);
    return { status: 200, body: { payment_link: link, related_resources: { orders: [order] } } };
  }

  async function pay(orderId: string, opts: { amountCents?: number; currency?: string; risk?: string } = {}) {
    const order = orders.get(orderId);
    if (!order || (order.state !== 'DRAFT' && order.state !== 'OPEN') || order.tenders)
      throw new Error(`No unpaid Square order ${orderId}`);
    const link = [...links.values()].find((l) => l.order_id === orderId);
    const asked = order.total_money as { amount: number; currency: string };
    const amount = money(opts.amountCents ?? asked.amount, opts.currency ?? asked.currency);
    const cancelled = cancelNext;
    cancelNext = false;
    const paymentId = squareId(29);
    const payment: Json = {
      id: paymentId,
      created_at: now(),
      updated_at: now(),
      amount_money: amount,
      total_money: amount,
      approved_money: amount,
      processing_fee: [],
      status: 'APPROVED',
      delay_duration: 'PT168H',
      delay_action: 'CANCEL',
      source_type: 'WALLET',
      wallet_details: {
        status: 'AUTHORIZED',
        brand: 'CASH_APP',
        cash_app_details: {
          buyer_full_name: 'John Doe',
          buyer_country_code: 'US',
          buyer_cashtag: '$JohnDoe',
        },
      },
      location_id: credentials.locationId,
      order_id: orderId,
      risk_evaluation: { created_at: now(), risk_level: (opts.risk ?? 'NORMAL').toUpperCase() },
      note: link?.payment_note,
      receipt_number: paymentId.slice(0, 4),
      receipt_url: `${base}/receipt/preview/${paymentId}`,
      application_details: { square_product: 'ECOMMERCE_API', application_id: 'sq0idp-LabelPortFake' },
      version_token: squareId(45),
    };
    payments.set(paymentId, payment);
    order.tenders = [
      {
        id: paymentId,
        location_id: credentials.locationId,
        transaction_id: orderId,
        created_at: now(),
        amount_money: amount,
        type: 'WALLET',
        payment_id: paymentId,
      },
    ];
    order.state = 'OPEN';
    order.net_amount_due_money = money(0, amount.currency);
    order.updated_at = now();
    order.version = Number(order.version) + 1;
    await notify('payment.created', 'payment', paymentId, payment);
    if (cancelled) {
      Object.assign(payment, { status: 'CANCELED', updated_at: now() });
      (payment.wallet_details as Json).status = 'VOIDED';
    } else {
      Object.assign(payment, {
        status: 'COMPLETED',
        updated_at: now(),
        processing_fee: [
          {
            effective_at: now(),
            type: 'INITIAL',
            amount_money: money(feeOf(amount.amount), amount.currency),
          },
        ],
      });
      (payment.wallet_details as Json).status = 'CAPTURED';
    }
    payment.version_token = squareId(45);
    await notify('payment.updated', 'payment', paymentId, payment);
  }

  function refund(body: Json): Answer {
    const payment = payments.get(String(body.payment_id));
    if (!payment) return notFound('payment', String(body.payment_id));
    const asked = body.amount_money as { amount?: number; currency?: string } | undefined;
    if (!Number.isInteger(asked?.amount) || asked!.amount! <= 0)
      return errors(
        400,
        'INVALID_REQUEST_ERROR',
        'INVALID_VALUE',
        'amount_money must be positive',
        'amount_money.amount',
      );
    if (payment.status !== 'COMPLETED')
      return errors(400, 'INVALID_REQUEST_ERROR', 'PAYMENT_NOT_REFUNDABLE', 'Payment is not refundable.');
    const captured = (payment.amount_money as { amount: number }).amount;
    const refunded = (payment.refunded_money as { amount: number } | undefined)?.amount ?? 0;
    if (refunded + asked!.amount! > captured)
      return errors(
        400,
        'INVALID_REQUEST_ERROR',
        'REFUND_AMOUNT_INVALID',
        'The requested refund amount exceeds the amount available to refund.',
      );
    const currency = (payment.amount_money as { currency: string }).currency;
    const refundId = `${String(payment.id)}_${squareId(40)}`;
    payment.refunded_money = money(refunded + asked!.amount!, currency);
    payment.refund_ids = [...((payment.refund_ids as string[] | undefined) ?? []), refundId];
    return {
      status: 200,
      body: {
        refund: {
          id: refundId,
          status: 'PENDING',
          location_id: payment.location_id,
          amount_money: money(asked!.amount!, currency),
          payment_id: payment.id,
          order_id: payment.order_id,
          reason: body.reason,
          created_at: now(),
          updated_at: now(),
        },
      },
    };
  }

  function createSubscription(body: Json): Answer {
    const wanted = body.subscription as
      { name?: string; event_types?: string[]; notification_url?: string; api_version?: string } | undefined;
    if (!wanted?.notification_url || !wanted.event_types?.length)
      return errors(
        400,
        'INVALID_REQUEST_ERROR',
        'MISSING_REQUIRED_PARAMETER',
        'Field must be set',
        'subscription.notification_url',
      );
    const id = `wbhk_${randomBytes(16).toString('hex')}`;
    const subscription = {
      id,
      name: wanted.name,
      enabled: true,
      event_types: wanted.event_types,
      notification_url: wanted.notification_url,
      api_version: wanted.api_version ?? '2026-09-16',
      signature_key: randomBytes(16).toString('base64url'),
      created_at: now()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' +0000 UTC'),
      updated_at: now()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' +0000 UTC'),
    };
    subscriptions.set(id, subscription);
    return { status: 200, body: { subscription } };
  }

  const send = (res: ServerResponse, answer: Answer) => sendJson(res, answer.status, answer.body);

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    let match: RegExpExecArray | null;

    // The payment link's page, where the payer pays with Cash App or leaves.
    if ((match = /^\/checkout\/([^/]+?)(\/pay|\/cancel)?$/.exec(path))) {
      if (method === 'POST') await drain(req);
      const link = links.get(match[1]!);
      const order = link && orders.get(String(link.order_id));
      if (!link || !order) return sendClosedPage(res, 'Square', 'This payment link does not exist.');
      if (order.state !== 'DRAFT')
        return sendClosedPage(res, 'Square', 'This payment link is no longer active.');
      const redirect = String((link.checkout_options as Json | undefined)?.redirect_url ?? base);
      if (method === 'POST' && match[2] === '/pay') {
        await pay(String(order.id));
        const back = new URL(redirect);
        back.searchParams.set('checkoutId', String(link.id));
        back.searchParams.set('orderId', String(order.id));
        back.searchParams.set('transactionId', String(order.id));
        return redirectSeeOther(res, back.href);
      }
      if (method === 'POST' && match[2] === '/cancel') return redirectSeeOther(res, redirect);
      const total = order.total_money as { amount: number; currency: string };
      return sendCheckoutPage(res, {
        company: 'Square',
        note: String(link.payment_note ?? ''),
        amountCents: total.amount,
        currency: total.currency,
        payAction: `/checkout/${String(link.id)}/pay`,
        cancelAction: `/checkout/${String(link.id)}/cancel`,
      });
    }

    if (req.headers.authorization !== `Bearer ${credentials.accessToken}`) {
      await drain(req);
      return send(
        res,
        errors(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.'),
      );
    }

    if (method === 'GET' && (match = /^\/v2\/locations\/([^/]+)$/.exec(path))) {
      if (match[1] !== credentials.locationId) return send(res, notFound('location', match[1]!));
      return sendJson(res, 200, {
        location: {
          id: credentials.locationId,
          name: 'LabelPort',
          status: 'ACTIVE',
          merchant_id: merchantId,
          country: 'US',
          currency: 'USD',
          type: 'PHYSICAL',
          business_name: 'LabelPort',
          capabilities: ['CREDIT_CARD_PROCESSING', 'AUTOMATIC_TRANSFERS'],
          created_at: now(),
        },
      });
    }
    if (method === 'POST' && path === '/v2/online-checkout/payment-links') {
      const body = await readJson(req);
      return send(
        res,
        once(body, () => createLink(body)),
      );
    }
    if (method === 'GET' && (match = /^\/v2\/orders\/([^/]+)$/.exec(path))) {
      const order = orders.get(match[1]!);
      return order ? sendJson(res, 200, { order }) : send(res, notFound('order', match[1]!));
    }
    if (method === 'GET' && (match = /^\/v2\/payments\/([^/]+)$/.exec(path))) {
      const payment = payments.get(match[1]!);
      return payment ? sendJson(res, 200, { payment }) : send(res, notFound('payment', match[1]!));
    }
    if (method === 'POST' && path === '/v2/refunds') {
      const body = await readJson(req);
      return send(
        res,
        once(body, () => refund(body)),
      );
    }
    if (method === 'POST' && path === '/v2/webhooks/subscriptions') {
      const body = await readJson(req);
      return send(
        res,
        once(body, () => createSubscription(body)),
      );
    }
    if (method === 'GET' && path === '/v2/webhooks/subscriptions')
      return sendJson(res, 200, {
        subscriptions: [...subscriptions.values()].map(({ signature_key: _key, ...rest }) => rest),
      });
    if (method === 'DELETE' && (match = /^\/v2\/webhooks\/subscriptions\/([^/]+)$/.exec(path))) {
      if (!subscriptions.delete(match[1]!)) return send(res, notFound('subscription', match[1]!));
      return sendJson(res, 200, {});
    }
    await drain(req);
    return send(res, errors(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `No route for ${method} ${path}`));
  }

  const server = await listen(handle);
  base = server.url;

  return {
    baseUrl: server.url,
    credentials,
    links,
    orders,
    payments,
    subscriptions,
    cancelNextPayment() {
      cancelNext = true;
    },
    pay,
    async expire(reference) {
      const order = orders.get(reference);
      if (!order) throw new Error(`No Square order ${reference}`);
      Object.assign(order, { state: 'CANCELED', updated_at: now(), version: Number(order.version) + 1 });
    },
    async dispute(captureId, outcome) {
      const payment = payments.get(captureId);
      if (!payment) throw new Error(`No Square payment ${captureId}`);
      const before = disputes.get(captureId);
      const id = before ? String(before.id) : squareId(20);
      const dispute: Json = {
        id,
        dispute_id: id,
        amount_money: payment.amount_money,
        reason: 'NO_KNOWLEDGE',
        state: outcome === 'opened' ? 'EVIDENCE_REQUIRED' : outcome === 'won' ? 'WON' : 'LOST',
        due_at: new Date(Date.now() + 14 * 86_400_000).toISOString(),
        disputed_payment: { payment_id: captureId },
        created_at: before ? before.created_at : now(),
        updated_at: now(),
        brand_dispute_id: squareId(22),
        reported_at: now(),
        version: before ? Number(before.version) + 1 : 1,
        location_id: credentials.locationId,
      };
      disputes.set(captureId, dispute);
      await notify(
        outcome === 'opened' ? 'dispute.created' : 'dispute.state.updated',
        'dispute',
        id,
        dispute,
        credentials.locationId,
      );
    },
    sentWebhooks: () => sent.map(({ url, headers, body }) => ({ url, headers, body })),
    close: () => server.close(),
  };
}
