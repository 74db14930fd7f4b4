import { generateKeyPairSync, randomBytes, randomUUID, sign, verify } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isoNow, listen, readJson, sendJson } from './fake-upstream.ts';
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
 * A local PayPal: a real HTTP server on loopback answering the calls the gateway makes with the shapes of
 * PayPal's published OpenAPI descriptions (paypal/paypal-rest-api-specifications: checkout_orders_v2,
 * payments_payment_v2, notifications_webhooks_v1, customer_disputes_v1): the OAuth token, Orders v2
 * (create, show, capture, with `PayPal-Request-Id` replays), capture refunds, webhooks and
 * verify-webhook-signature. As at PayPal, the hosted page's Pay approves the order and the merchant's
 * capture call takes the money; webhooks are signed SHA256withRSA over
 * `transmission_id|transmission_time|webhook_id|crc32(body)` with the fake's own key.
 */
export type PaypalFake = PaymentFake & {
  credentials: { clientId: string; clientSecret: string };
  /** How many captures PayPal made (a replayed capture is not one). */
  readonly captureCount: number;
  /** Every capture call, with the `PayPal-Request-Id` it carried. */
  captureCalls: { orderId: string; requestId: string | null }[];
  /** Orders as created, by id (their `purchase_units` and `payment_source` as the gateway sent them). */
  orders: Map<string, Json>;
  /** Webhooks registered with `POST /v1/notifications/webhooks`. */
  webhooks: Map<string, Json>;
  /** The next capture is declined by the payer's bank (`DECLINED`, `PAYMENT.CAPTURE.DENIED`). */
  declineNextCapture(): void;
  /** Right after the next read of this order answers, another caller captures it (another request id). */
  captureElsewhereAfterNextRead(orderId: string): void;
};

type Json = Record<string, unknown>;
type Approval = { amountCents?: number; currency?: string };
type Answer = { status: number; body: unknown };

const SIGNING_KEYS = generateKeyPairSync('rsa', { modulusLength: 2048 });
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
/** CRC-32 as PayPal puts it in the signed string (decimal). */
const crc32 = (text: string) => {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

/** The text of a top-level member's value in a JSON object, exactly as written, or null. */
function rawMember(text: string, name: string): string | null {
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (
        depth === 1 &&
        start < 0 &&
        /^\s*:/.test(text.slice(j + 1)) &&
        JSON.parse(text.slice(i, j + 1)) === name
      )
        start = text.indexOf(':', j) + 1;
      i = j;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (start >= 0 && depth === 1) return text.slice(start, i + 1).trim();
      if (start >= 0 && depth === 0) return text.slice(start, i).trim();
    } else if (c === ',' && depth === 1 && start >= 0) return text.slice(start, i).trim();
  }
  return null;
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const paypalId = (length = 17) => randomBytes(length).toString('hex').toUpperCase().slice(0, length);
const decimal = (cents: number) => (cents / 100).toFixed(2);
const centsOf = (value: unknown) => Math.round(Number(value) * 100);
/** PayPal's US rate for a domestic PayPal checkout: 3.49% + $0.49. */
const feeOf = (cents: number) => Math.round(cents * 0.0349) + 49;

const error = (name: string, message: string, issue?: string, description?: string) => ({
  name,
  message,
  debug_id: paypalId(13).toLowerCase(),
  ...(issue ? { details: [{ issue, description: description ?? message }] } : {}),
  links: [],
});
const notFound = () =>
  error(
    'RESOURCE_NOT_FOUND',
    'The specified resource does not exist.',
    'INVALID_RESOURCE_ID',
    'Specified resource ID does not exist. Please check the resource ID and try again.',
  );
const unprocessable = (issue: string, description: string) =>
  error(
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    issue,
    description,
  );

export async function startPaypalFake(): Promise<PaypalFake> {
  const credentials = { clientId: `A${paypalId(40)}`, clientSecret: `E${paypalId(40)}` };
  const tokens = new Set<string>();
  const orders = new Map<string, Json>();
  const approvals = new Map<string, Approval>();
  const expired = new Set<string>();
  const captures = new Map<string, { orderId: string; capture: Json }>();
  const disputes = new Map<string, string>();
  const webhooks = new Map<string, Json>();
  const replays = new Map<string, Promise<Answer>>();
  const sent: SentWebhook[] = [];
  let captureCount = 0;
  const captureCalls: { orderId: string; requestId: string | null }[] = [];
  let declineNext = false;
  const captureAfterRead = new Set<string>();
  let base = '';

  const link = (href: string, rel: string, method = 'GET') => ({ href, rel, method });
  const orderLinks = (id: string, status: string) => [
    link(`${base}/v2/checkout/orders/${id}`, 'self'),
    ...(status === 'PAYER_ACTION_REQUIRED' ? [link(`${base}/checkoutnow?token=${id}`, 'payer-action')] : []),
    ...(status === 'APPROVED' ? [link(`${base}/v2/checkout/orders/${id}/capture`, 'capture', 'POST')] : []),
  ];

  async function notify(eventType: string, resourceType: string, resource: Json, summary: string) {
    const event = {
      id: `WH-${paypalId(17)}-${paypalId(17)}`,
      event_version: '1.0',
      create_time: isoNow(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [],
    };
    const body = JSON.stringify(event);
    await Promise.all(
      [...webhooks.values()]
        .filter((w) =>
          (w.event_types as { name: string }[]).some((t) => t.name === eventType || t.name === '*'),
        )
        .map((w) => {
          const transmissionId = randomUUID();
          const time = isoNow();
          const signed = `${transmissionId}|${time}|${String(w.id)}|${crc32(body)}`;
          const headers = {
            'paypal-transmission-id': transmissionId,
            'paypal-transmission-time': time,
            'paypal-transmission-sig': sign('sha256', Buffer.from(signed), SIGNING_KEYS.privateKey).toString(
              'base64',
            ),
            'paypal-cert-url': `${base}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`,
            'paypal-auth-algo': 'SHA256withRSA',
          };
          return postWebhook(sent, String(w.url), headers, body);
        }),
    );
  }

  const unitOf = (order: Json) => (order.purchase_units as Json[])[0]!;

  async function approve(id: string, approval: Approval) {
    const order = orders.get(id);
    if (!order || expired.has(id)) throw new Error(`No open PayPal order ${id}`);
    if (order.status !== 'PAYER_ACTION_REQUIRED')
      throw new Error(`PayPal order ${id} is ${String(order.status)}`);
    order.status = 'APPROVED';
    order.update_time = isoNow();
    order.links = orderLinks(id, 'APPROVED');
    order.payer = {
      name: { given_name: 'John', surname: 'Doe' },
      email_address: 'buyer@example.com',
      payer_id: paypalId(13),
      address: { country_code: 'US' },
    };
    approvals.set(id, approval);
    await notify(
      'CHECKOUT.ORDER.APPROVED',
      'checkout-order',
      structuredClone(order),
      `An order has been approved by buyer`,
    );
  }

  async function captureOrder(id: string): Promise<{ status: number; body: unknown }> {
    const order = orders.get(id);
    if (!order || expired.has(id)) return { status: 404, body: notFound() };
    if (order.status === 'COMPLETED')
      return { status: 422, body: unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.') };
    if (order.status !== 'APPROVED')
      return {
        status: 422,
        body: unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.'),
      };
    const unit = unitOf(order);
    const asked = unit.amount as { currency_code: string; value: string };
    const approval = approvals.get(id) ?? {};
    const cents = approval.amountCents ?? centsOf(asked.value);
    const currency = approval.currency ?? asked.currency_code;
    const declined = declineNext;
    declineNext = false;
    captureCount += 1;
    const captureId = paypalId(17);
    const fee = feeOf(cents);
    const capture: Json = {
      id: captureId,
      status: declined ? 'DECLINED' : 'COMPLETED',
      amount: { currency_code: currency, value: decimal(cents) },
      final_capture: true,
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      ...(declined
        ? {}
        : {
            seller_receivable_breakdown: {
              gross_amount: { currency_code: currency, value: decimal(cents) },
              paypal_fee: { currency_code: currency, value: decimal(fee) },
              net_amount: { currency_code: currency, value: decimal(cents - fee) },
            },
          }),
      custom_id: unit.custom_id,
      links: [
        link(`${base}/v2/payments/captures/${captureId}`, 'self'),
        link(`${base}/v2/payments/captures/${captureId}/refund`, 'refund', 'POST'),
        link(`${base}/v2/checkout/orders/${id}`, 'up'),
      ],
      create_time: isoNow(),
      update_time: isoNow(),
    };
    captures.set(captureId, { orderId: id, capture });
    unit.payments = { captures: [capture] };
    order.status = 'COMPLETED';
    order.update_time = isoNow();
    order.links = orderLinks(id, 'COMPLETED');
    await notify(
      declined ? 'PAYMENT.CAPTURE.DENIED' : 'PAYMENT.CAPTURE.COMPLETED',
      'capture',
      { ...structuredClone(capture), supplementary_data: { related_ids: { order_id: id } } },
      `Payment ${declined ? 'denied' : 'completed'} for $ ${decimal(cents)} ${currency}`,
    );
    return { status: 201, body: structuredClone(order) };
  }

  function refund(captureId: string, body: Json): { status: number; body: unknown } {
    const found = captures.get(captureId);
    if (!found) return { status: 404, body: notFound() };
    const { capture } = found;
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED')
      return {
        status: 422,
        body: unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded'),
      };
    const captured = centsOf((capture.amount as Json).value);
    const already = ((capture.refunds as number[] | undefined) ?? []).reduce((a, b) => a + b, 0);
    const amount = body.amount as { value?: string } | undefined;
    const cents = amount?.value ? centsOf(amount.value) : captured - already;
    if (cents <= 0 || already + cents > captured)
      return {
        status: 422,
        body: unprocessable(
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        ),
      };
    capture.refunds = [...((capture.refunds as number[] | undefined) ?? []), cents];
    capture.status = already + cents === captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const refundId = paypalId(17);
    const currency = String((capture.amount as Json).currency_code);
    const made = {
      id: refundId,
      amount: { currency_code: currency, value: decimal(cents) },
      note_to_payer: body.note_to_payer,
      seller_payable_breakdown: {
        gross_amount: { currency_code: currency, value: decimal(cents) },
        paypal_fee: { currency_code: currency, value: '0.00' },
        net_amount: { currency_code: currency, value: decimal(cents) },
        total_refunded_amount: { currency_code: currency, value: decimal(already + cents) },
      },
      status: 'COMPLETED',
      create_time: isoNow(),
      update_time: isoNow(),
      links: [
        link(`${base}/v2/payments/refunds/${refundId}`, 'self'),
        link(`${base}/v2/payments/captures/${captureId}`, 'up'),
      ],
    };
    void notify(
      'PAYMENT.CAPTURE.REFUNDED',
      'refund',
      structuredClone(made),
      `A $ ${decimal(cents)} ${currency} capture payment was refunded`,
    );
    return { status: 201, body: made };
  }

  function createOrder(body: Json): { status: number; body: unknown } {
    const units = body.purchase_units as Json[] | undefined;
    const amount = units?.[0]?.amount as { currency_code?: string; value?: string } | undefined;
    if (body.intent !== 'CAPTURE' || !amount?.currency_code || !/^\d+(\.\d{2})?$/.test(amount.value ?? ''))
      return {
        status: 400,
        body: error(
          'INVALID_REQUEST',
          'Request is not well-formed, syntactically incorrect, or violates schema.',
          'MISSING_REQUIRED_PARAMETER',
        ),
      };
    const id = paypalId(17);
    const order: Json = {
      id,
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      payment_source: body.payment_source ?? { paypal: {} },
      purchase_units: units!.map((u) => ({
        ...u,
        payee: { email_address: 'merchant@example.com', merchant_id: 'C7CYMKZDG8D6E' },
      })),
      create_time: isoNow(),
      links: orderLinks(id, 'PAYER_ACTION_REQUIRED'),
    };
    orders.set(id, order);
    return { status: 200, body: structuredClone(order) };
  }

  /** As PayPal checks: the signature over the ids, the time and the CRC-32 of the event's bytes as they came. */
  function verifySignature(text: string): { verification_status: 'SUCCESS' | 'FAILURE' } {
    const body = JSON.parse(text) as Json;
    const event = rawMember(text, 'webhook_event') ?? '';
    const signed = `${String(body.transmission_id)}|${String(body.transmission_time)}|${String(body.webhook_id)}|${crc32(event)}`;
    const ok =
      webhooks.has(String(body.webhook_id)) &&
      body.auth_algo === 'SHA256withRSA' &&
      String(body.cert_url).startsWith(`${base}/v1/notifications/certs/`) &&
      verify(
        'sha256',
        Buffer.from(signed),
        SIGNING_KEYS.publicKey,
        Buffer.from(String(body.transmission_sig), 'base64'),
      );
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
  }

  /**
   * Answers a call made with `PayPal-Request-Id` once: a second call with the same id, even while the
   * first is still running, gets the first one's answer.
   */
  async function once(req: IncomingMessage, scope: string, run: () => Promise<Answer>): Promise<Answer> {
    const requestId = req.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `${scope}:${requestId}` : null;
    const replay = key ? replays.get(key) : undefined;
    if (replay) {
      const first = await replay;
      return { status: first.status === 201 ? 200 : first.status, body: first.body };
    }
    const answer = run();
    if (key) replays.set(key, answer);
    return answer;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? 'GET';
    const path = url.pathname;

    // The hosted page, where the payer approves or cancels.
    if (path.startsWith('/checkoutnow')) {
      const id = url.searchParams.get('token') ?? '';
      const order = orders.get(id);
      if (!order) return sendClosedPage(res, 'PayPal', 'This order does not exist.');
      const context = ((order.payment_source as Json).paypal as Json | undefined)?.experience_context as
        Json | undefined;
      if (method === 'POST') await drain(req);
      if (expired.has(id) || order.status !== 'PAYER_ACTION_REQUIRED')
        return sendClosedPage(res, 'PayPal', 'This checkout has expired or was already paid.');
      const back = (to: unknown, extra: Record<string, string> = {}) => {
        const target = new URL(String(to ?? base));
        target.searchParams.set('token', id);
        for (const [k, v] of Object.entries(extra)) target.searchParams.set(k, v);
        return target.href;
      };
      if (method === 'POST' && path === '/checkoutnow/pay') {
        await approve(id, {});
        return redirectSeeOther(
          res,
          back(context?.return_url, { PayerID: String((order.payer as Json).payer_id) }),
        );
      }
      if (method === 'POST' && path === '/checkoutnow/cancel')
        return redirectSeeOther(res, back(context?.cancel_url));
      const amount = unitOf(order).amount as { currency_code: string; value: string };
      return sendCheckoutPage(res, {
        company: 'PayPal',
        note: String(unitOf(order).reference_id ?? ''),
        amountCents: centsOf(amount.value),
        currency: amount.currency_code,
        payAction: `/checkoutnow/pay?token=${id}`,
        cancelAction: `/checkoutnow/cancel?token=${id}`,
      });
    }

    if (method === 'POST' && path === '/v1/oauth2/token') {
      const basic = Buffer.from(
        String(req.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      ).toString();
      await drain(req);
      if (basic !== `${credentials.clientId}:${credentials.clientSecret}`)
        return sendJson(res, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      return sendJson(res, 200, {
        scope:
          'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: `${isoNow()}${randomBytes(8).toString('hex')}`,
      });
    }
    if (!tokens.has(String(req.headers.authorization ?? '').replace(/^Bearer /, '')))
      return sendJson(res, 401, {
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      });

    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const body = await readJson(req);
      const answer = await once(req, 'create', async () => createOrder(body));
      return sendJson(res, answer.status, answer.body);
    }
    if (method === 'GET' && (match = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path))) {
      const order = orders.get(match[1]!);
      if (!order || expired.has(match[1]!)) return sendJson(res, 404, notFound());
      sendJson(res, 200, order);
      if (captureAfterRead.delete(match[1]!)) await captureOrder(match[1]!);
      return;
    }
    if (method === 'POST' && (match = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path))) {
      await drain(req);
      const id = match[1]!;
      const requestId = req.headers['paypal-request-id'];
      captureCalls.push({ orderId: id, requestId: typeof requestId === 'string' ? requestId : null });
      const answer = await once(req, `capture:${id}`, () => captureOrder(id));
      return sendJson(res, answer.status, answer.body);
    }
    if (method === 'POST' && (match = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path))) {
      const body = await readJson(req);
      const captureId = match[1]!;
      const answer = await once(req, `refund:${captureId}`, async () => refund(captureId, body));
      return sendJson(res, answer.status, answer.body);
    }
    if (method === 'POST' && path === '/v1/notifications/webhooks') {
      const body = await readJson(req);
      if (typeof body.url !== 'string' || !Array.isArray(body.event_types))
        return sendJson(
          res,
          400,
          error(
            'INVALID_REQUEST',
            'Request is not well-formed, syntactically incorrect, or violates schema.',
            'MISSING_REQUIRED_PARAMETER',
          ),
        );
      const id = paypalId(17);
      const webhook = {
        id,
        url: body.url,
        event_types: (body.event_types as { name: string }[]).map((t) => ({
          name: t.name,
          description: t.name,
        })),
        links: [
          link(`${base}/v1/notifications/webhooks/${id}`, 'self'),
          link(`${base}/v1/notifications/webhooks/${id}`, 'delete', 'DELETE'),
        ],
      };
      webhooks.set(id, webhook);
      return sendJson(res, 201, webhook);
    }
    if (method === 'GET' && path === '/v1/notifications/webhooks')
      return sendJson(res, 200, { webhooks: [...webhooks.values()] });
    if (method === 'DELETE' && (match = /^\/v1\/notifications\/webhooks\/([^/]+)$/.exec(path))) {
      if (!webhooks.delete(match[1]!)) return sendJson(res, 404, notFound());
      res.writeHead(204).end();
      return;
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature')
      return sendJson(res, 200, verifySignature(await readText(req)));

    return sendJson(res, 404, notFound());
  }

  const server = await listen(handle);
  base = server.url;

  return {
    baseUrl: server.url,
    credentials,
    orders,
    webhooks,
    captureCalls,
    get captureCount() {
      return captureCount;
    },
    declineNextCapture() {
      declineNext = true;
    },
    captureElsewhereAfterNextRead(orderId) {
      captureAfterRead.add(orderId);
    },
    pay: (reference, opts = {}) => approve(reference, opts),
    async expire(reference) {
      expired.add(reference);
    },
    async dispute(captureId, outcome) {
      const found = captures.get(captureId);
      if (!found) throw new Error(`No PayPal capture ${captureId}`);
      const amount = found.capture.amount as Json;
      const disputeId = disputes.get(captureId) ?? `PP-D-${Math.floor(Math.random() * 1e6)}`;
      disputes.set(captureId, disputeId);
      const resource = {
        dispute_id: disputeId,
        create_time: isoNow(),
        update_time: isoNow(),
        disputed_transactions: [
          {
            seller_transaction_id: captureId,
            create_time: String(found.capture.create_time),
            transaction_status: 'COMPLETED',
            gross_amount: amount,
            invoice_number: String(unitOf(orders.get(found.orderId)!).reference_id ?? ''),
            custom: String(found.capture.custom_id ?? ''),
            seller: { merchant_id: 'C7CYMKZDG8D6E' },
          },
        ],
        reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        status: outcome === 'opened' ? 'WAITING_FOR_SELLER_RESPONSE' : 'RESOLVED',
        dispute_amount: amount,
        dispute_life_cycle_stage: 'CHARGEBACK',
        dispute_channel: 'EXTERNAL',
        ...(outcome === 'opened'
          ? {}
          : {
              dispute_outcome: {
                outcome_code: outcome === 'won' ? 'RESOLVED_SELLER_FAVOUR' : 'RESOLVED_BUYER_FAVOUR',
                ...(outcome === 'lost' ? { amount_refunded: amount } : {}),
              },
            }),
        links: [link(`${base}/v1/customer/disputes/${disputeId}`, 'self')],
      };
      await notify(
        outcome === 'opened' ? 'CUSTOMER.DISPUTE.CREATED' : 'CUSTOMER.DISPUTE.RESOLVED',
        'dispute',
        resource,
        outcome === 'opened' ? 'A new dispute opened' : 'A dispute was resolved',
      );
    },
    sentWebhooks: () => sent.map(({ url, headers, body }) => ({ url, headers, body })),
    close: () => server.close(),
  };
}
