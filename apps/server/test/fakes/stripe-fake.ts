import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../../src/mail/escape-html.ts';
import { listen, sendJson } from './fake-upstream.ts';
import type { PaymentFake } from './payment-fake.ts';

/**
 * A local Stripe: a real HTTP server on loopback answering the official `stripe` client (form-encoded
 * requests, `Idempotency-Key`, `expand[]`) with the shapes of Stripe's published OpenAPI description
 * (`stripe/openapi`, its resource fixtures): Checkout Sessions, PaymentIntents, Charges with Radar's
 * `outcome`, balance transactions with the fee, refunds, disputes, events and webhook endpoints. It also
 * serves the hosted checkout page at the session's `url`, and signs the events it posts as Stripe does
 * (`Stripe-Signature: t=...,v1=HMAC-SHA256(secret, "t.body")`).
 */
export type StripeFake = PaymentFake & {
  secretKey: string;
  sessions: Map<string, Json>;
  refunds: Json[];
  webhookEndpoints: Map<string, Json & { secret: string }>;
  /** How many times each create call was answered with a new object (an idempotent retry is not one). */
  createdSessions: number;
};

type Json = Record<string, unknown>;
const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=v` form fields (how the client encodes) into nested objects; arrays stay objects by index. */
function parseForm(text: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const stripeError = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
  sendJson(res, status, { error: { type, message } });

export async function startStripeFake(): Promise<StripeFake> {
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const balanceTransactions = new Map<string, Json>();
  const disputes = new Map<string, Json>();
  const refunds: Json[] = [];
  const webhookEndpoints = new Map<string, Json & { secret: string }>();
  const idempotent = new Map<string, Json>();
  const names = new Map<string, string>();
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  let createdSessions = 0;
  let baseUrl = '';

  const sign = (secret: string, payload: string) => {
    const t = now();
    return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
  };

  /** Posts a signed event to every enabled endpoint that asked for its type; a failed post is kept too. */
  async function emit(type: string, object: Json): Promise<void> {
    const event = {
      id: id('evt_'),
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: webhookEndpoints.size,
      request: { id: null, idempotency_key: null },
      type,
    };
    const body = JSON.stringify(event);
    for (const endpoint of webhookEndpoints.values()) {
      const events = Object.values((endpoint.enabled_events as Json) ?? {});
      if (!events.includes(type) && !events.includes('*')) continue;
      const headers = {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': sign(endpoint.secret, body),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      };
      sent.push({ url: String(endpoint.url), headers, body });
      try {
        await fetch(String(endpoint.url), { method: 'POST', headers, body });
      } catch {
        // Stripe retries later; a test reads what was sent.
      }
    }
  }

  /** The session as the client asked: `payment_intent` expanded down to the balance transaction. */
  function sessionView(session: Json, expand: boolean): Json {
    if (!expand || !session.payment_intent) return session;
    const intent = { ...intents.get(String(session.payment_intent))! };
    const charge = charges.get(String(intent.latest_charge));
    if (charge)
      intent.latest_charge = {
        ...charge,
        balance_transaction: balanceTransactions.get(String(charge.balance_transaction)) ?? null,
      };
    return { ...session, payment_intent: intent };
  }

  function createSession(form: Json): Json {
    const item = ((form.line_items as Json)?.['0'] as Json) ?? {};
    const price = (item.price_data as Json) ?? {};
    const amount = Number(price.unit_amount) * Number(item.quantity ?? 1);
    const sessionId = id('cs_test_');
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: form.cancel_url ?? null,
      client_reference_id: form.client_reference_id ?? null,
      created: now(),
      currency: String(price.currency ?? 'usd'),
      customer: null,
      expires_at: Number(form.expires_at ?? now() + 86_400),
      livemode: false,
      metadata: (form.metadata as Json) ?? {},
      mode: form.mode ?? 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.success_url ?? null,
      url: `${baseUrl}/c/pay/${sessionId}`,
    };
    names.set(sessionId, String((price.product_data as Json)?.name ?? 'Payment'));
    sessions.set(sessionId, session);
    createdSessions++;
    return session;
  }

  async function pay(
    reference: string,
    opts: { amountCents?: number; currency?: string; risk?: string } = {},
  ) {
    const session = sessions.get(reference);
    if (!session || session.status !== 'open') throw new Error(`session ${reference} is not open`);
    const amount = opts.amountCents ?? Number(session.amount_total);
    const currency = (opts.currency ?? String(session.currency)).toLowerCase();
    const fee = Math.round(amount * 0.029) + 30;
    const txn = {
      id: id('txn_'),
      object: 'balance_transaction',
      amount,
      available_on: now() + 2 * 86_400,
      created: now(),
      currency,
      description: null,
      fee,
      fee_details: [{ amount: fee, currency, description: 'Stripe processing fees', type: 'stripe_fee' }],
      net: amount - fee,
      reporting_category: 'charge',
      source: '',
      status: 'pending',
      type: 'charge',
    };
    const intentId = id('pi_');
    const charge = {
      id: id('ch_'),
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      balance_transaction: txn.id,
      captured: true,
      created: now(),
      currency,
      disputed: false,
      livemode: false,
      outcome: {
        network_status: 'approved_by_network',
        reason: null,
        risk_level: opts.risk ?? 'normal',
        risk_score: opts.risk === 'elevated' ? 70 : opts.risk === 'highest' ? 90 : 20,
        seller_message: 'Payment complete.',
        type: 'authorized',
      },
      paid: true,
      payment_intent: intentId,
      refunded: false,
      status: 'succeeded',
    };
    txn.source = charge.id;
    const intent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: amount,
      capture_method: 'automatic_async',
      created: now(),
      currency,
      latest_charge: charge.id,
      livemode: false,
      metadata: session.metadata,
      payment_method_types: ['card'],
      status: 'succeeded',
    };
    balanceTransactions.set(txn.id, txn);
    charges.set(charge.id, charge);
    intents.set(intentId, intent);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intentId });
    await emit('checkout.session.completed', session);
  }

  async function expire(reference: string) {
    const session = sessions.get(reference);
    if (!session || session.status !== 'open') throw new Error(`session ${reference} is not open`);
    Object.assign(session, { status: 'expired', url: null });
    await emit('checkout.session.expired', session);
  }

  async function dispute(captureId: string, outcome: 'opened' | 'won' | 'lost') {
    const intent = intents.get(captureId);
    if (!intent) throw new Error(`no payment ${captureId}`);
    const charge = charges.get(String(intent.latest_charge))!;
    let found = [...disputes.values()].find((d) => d.payment_intent === captureId);
    if (outcome === 'opened') {
      found = {
        id: id('dp_'),
        object: 'dispute',
        amount: charge.amount,
        balance_transactions: [],
        charge: charge.id,
        created: now(),
        currency: charge.currency,
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: captureId,
        reason: 'fraudulent',
        status: 'needs_response',
      };
      disputes.set(String(found.id), found);
      charge.disputed = true;
      await emit('charge.dispute.created', found);
      return;
    }
    if (!found) throw new Error(`no dispute on ${captureId}`);
    found.status = outcome;
    await emit('charge.dispute.closed', found);
  }

  /** The create calls keep the first answer per `Idempotency-Key`, as Stripe does for 24 hours. */
  const once = (req: IncomingMessage, make: () => Json): Json => {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string') return make();
    const kept = idempotent.get(key) ?? make();
    idempotent.set(key, kept);
    return kept;
  };

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return stripeError(res, 401, 'Invalid API Key provided: sk_test_****', 'invalid_request_error');
    const form = parseForm(req.method === 'GET' ? url.search.slice(1) : await readBody(req));
    const path = url.pathname;
    if (req.method === 'GET' && path === '/v1/balance')
      return sendJson(res, 200, {
        object: 'balance',
        available: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
        livemode: false,
        pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
      });
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const expiresAt = Number(form.expires_at);
      if (expiresAt && (expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 86_400))
        return stripeError(
          res,
          400,
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
        );
      return sendJson(
        res,
        200,
        once(req, () => createSession(form)),
      );
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && sessionMatch) {
      const session = sessions.get(sessionMatch[1]!);
      if (!session) return stripeError(res, 404, `No such checkout.session: '${sessionMatch[1]}'`);
      return sendJson(res, 200, sessionView(session, Boolean(form.expand)));
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(form.payment_intent));
      if (!intent) return stripeError(res, 404, `No such payment_intent: '${String(form.payment_intent)}'`);
      return sendJson(
        res,
        200,
        once(req, () => {
          const charge = charges.get(String(intent.latest_charge))!;
          const amount = Number(form.amount ?? charge.amount);
          charge.amount_refunded = Number(charge.amount_refunded) + amount;
          const refund = {
            id: id('re_'),
            object: 'refund',
            amount,
            balance_transaction: null,
            charge: charge.id,
            created: now(),
            currency: charge.currency,
            metadata: (form.metadata as Json) ?? {},
            payment_intent: intent.id,
            reason: form.reason ?? null,
            status: 'succeeded',
          };
          refunds.push(refund);
          return refund;
        }),
      );
    }
    if (req.method === 'POST' && path === '/v1/webhook_endpoints') {
      const endpoint = {
        id: id('we_'),
        object: 'webhook_endpoint',
        api_version: null,
        created: now(),
        description: form.description ?? null,
        enabled_events: (form.enabled_events as Json) ?? {},
        livemode: false,
        metadata: {},
        status: 'enabled',
        url: String(form.url),
        secret: `whsec_${randomBytes(24).toString('base64url')}`,
      };
      webhookEndpoints.set(endpoint.id, endpoint);
      return sendJson(res, 200, { ...endpoint, enabled_events: Object.values(endpoint.enabled_events) });
    }
    const endpointMatch = /^\/v1\/webhook_endpoints\/([^/]+)$/.exec(path);
    if (req.method === 'DELETE' && endpointMatch) {
      if (!webhookEndpoints.delete(endpointMatch[1]!))
        return stripeError(res, 404, `No such webhook endpoint: '${endpointMatch[1]}'`);
      return sendJson(res, 200, { id: endpointMatch[1], object: 'webhook_endpoint', deleted: true });
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
  }

  /** The hosted page: the amount, Pay and Cancel; both answer 303 to the session's own URLs. */
  async function hosted(req: IncomingMessage, res: ServerResponse, url: URL) {
    const [, , , sessionId, action] = url.pathname.split('/');
    const session = sessions.get(sessionId ?? '');
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('No such checkout');
      return;
    }
    if (req.method === 'POST' && (action === 'pay' || action === 'cancel')) {
      if (action === 'pay' && session.status === 'open') await pay(String(session.id));
      const to = action === 'pay' ? session.success_url : session.cancel_url;
      res.writeHead(303, { location: String(to) }).end();
      return;
    }
    const amount = `$${(Number(session.amount_total) / 100).toFixed(2)}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html><head><title>Stripe Checkout (test)</title></head><body>
<h1>${escapeHtml(names.get(String(session.id)) ?? 'Payment')}</h1>
<p>Pay <strong data-testid="amount">${amount}</strong></p>
${
  session.status === 'open'
    ? `<form method="post" action="/c/pay/${escapeHtml(String(session.id))}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/c/pay/${escapeHtml(String(session.id))}/cancel"><button type="submit">Cancel</button></form>`
    : `<p>This checkout is ${escapeHtml(String(session.status))}.</p>`
}
</body></html>`);
  }

  const server = await listen(async (req, res, url) => {
    if (url.pathname.startsWith('/c/pay/')) return hosted(req, res, url);
    return api(req, res, url);
  });
  baseUrl = server.url;
  return {
    baseUrl,
    credentials: { secretKey },
    secretKey,
    sessions,
    refunds,
    webhookEndpoints,
    get createdSessions() {
      return createdSessions;
    },
    pay,
    expire,
    dispute,
    sentWebhooks: () => [...sent],
    close: server.close,
  };
}
