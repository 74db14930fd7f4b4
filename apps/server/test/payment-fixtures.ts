import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { ledgerEntries, users } from '../src/db/schema.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  WebhookRejected,
  type CheckoutRequest,
  type InboundWebhook,
  type PaymentGateway,
} from '../src/modules/payments/gateways/gateway.ts';
import type { GatewayOptions } from '../src/modules/payments/gateways/gateway-transport.ts';
import { pressOnHostedPage, startWebhookSink } from './fakes/hosted-checkout.ts';
import type { PaymentFake } from './fakes/payment-fake.ts';

type Headers = Record<string, string>;

/** Staff add a payment provider for a fake (its `baseUrl`), with the settings given. */
export async function addPaymentProvider(
  app: App,
  staff: Headers,
  fake: PaymentFake,
  body: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/payment-providers',
    headers: staff,
    payload: {
      kind: 'stripe',
      name: `Stripe ${Math.random().toString(36).slice(2, 8)}`,
      credentials: { ...fake.credentials, baseUrl: fake.baseUrl },
      ...body,
    },
  });
  if (res.statusCode !== 201) throw new Error(`adding the payment provider failed: ${res.body}`);
  return res.json().provider as { _id: string; webhook: boolean; credentialHint: string; mode: string };
}

/** A reseller's deposit on a hosted page (by card unless `type` says PayPal or Cash App): the invoice and the page's URL. */
export async function payByCard(
  app: App,
  reseller: Headers,
  amount: number,
  type: 'stripe' | 'paypal' | 'cashapp' = 'stripe',
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/invoices/create-invoice',
    headers: reseller,
    payload: { amount, type },
  });
  if (res.statusCode !== 201) throw new Error(`create-invoice failed: ${res.statusCode} ${res.body}`);
  const { data } = res.json();
  return data as {
    hosted_url: string;
    invoice: { _id: string; note: string; reference: string; status: string; amount: number };
  };
}

/** A company's webhook delivered again to an app, as the company sent it (headers and raw body). */
export const deliver = (app: App, providerId: string, sent: { headers: Headers; body: string }) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/payments/inbound/${providerId}`,
    headers: sent.headers,
    payload: sent.body,
  });

/** The reseller's ledger sum, entry count and cached balance: equal sums mean the ledger holds. */
export async function ledgerState(db: Db, userId: string) {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
      n: sql<number>`count(*)::int`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  const [user] = await db.select({ balance: users.balanceCents }).from(users).where(eq(users.id, userId));
  return { total: Number(row!.total), entries: row!.n, balance: user!.balance };
}

/** A checkout a gateway is asked to open, as the deposits service asks it (a fresh invoice, note and key). */
export const checkoutRequest = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  invoiceId: randomUUID(),
  note: `LP-${Math.floor(10000 + Math.random() * 89999)}`,
  chargeCents: 2587,
  currency: 'USD',
  description: 'LabelPort balance top-up',
  returnUrl: 'http://portal.test/deposits?returned=1',
  cancelUrl: 'http://portal.test/deposits?cancelled=1',
  expiresAt: new Date(Date.now() + 3_600_000),
  idempotencyKey: randomUUID(),
  ...over,
});

/**
 * A payment gateway's test against its company's fake, called inside a `describe`: starts the fake and a
 * webhook sink for the block and registers the gateway's webhook at the sink. `gateway` is the gateway on
 * the fake's credentials (changed as given; loopback allowed), `inbound` the last webhook the fake sent
 * of a type (`typeOf` reads it from the body), as the portal's route would hand it on; the rest are the
 * checks every company's gateway answers alike.
 */
export function gatewayKit<F extends PaymentFake, C extends Record<string, string>>(
  company: string,
  start: () => Promise<F>,
  create: (credentials: C & { baseUrl?: string }, options?: GatewayOptions) => PaymentGateway,
  typeOf: (body: Record<string, unknown>) => unknown,
) {
  let fake: F;
  let sink: Awaited<ReturnType<typeof startWebhookSink>>;
  let subscription: { webhookId: string; secret: string | null };
  beforeAll(async () => {
    [fake, sink] = await Promise.all([start(), startWebhookSink()]);
    subscription = await gateway().registerWebhook(sink.url);
  });
  afterAll(() => Promise.all([fake.close(), sink.close()]));

  const gateway = (credentials: Partial<C> = {}) =>
    create(
      { ...(fake.credentials as C), ...credentials, baseUrl: fake.baseUrl },
      { allowPrivateTargets: true, timeoutMs: 10_000 },
    );
  const inbound = (type: string, change: (body: string) => string = (b) => b): InboundWebhook => {
    const sent = fake.sentWebhooks().filter((w) => typeOf(JSON.parse(w.body)) === type);
    const last = sent[sent.length - 1];
    if (!last) throw new Error(`${company} sent no ${type}`);
    return {
      rawBody: Buffer.from(change(last.body)),
      headers: last.headers,
      url: last.url,
      secret: subscription.secret,
      webhookId: subscription.webhookId,
    };
  };
  async function paidCheckout(request = checkoutRequest()) {
    const checkout = await gateway().createCheckout(request);
    const pressed = await pressOnHostedPage(checkout.hostedUrl, 'Pay');
    return { checkout, pressed, request };
  }
  /** A paid checkout, retrieved: captured, with its capture id. */
  async function captured() {
    const { checkout } = await paidCheckout();
    const state = await gateway().retrieve(checkout.reference);
    if (state.status !== 'captured') throw new Error(state.status);
    return { checkout, state };
  }

  return {
    /** The company's fake, once started. */
    get fake() {
      return fake;
    },
    sinkUrl: () => sink.url,
    subscription: () => subscription,
    gateway,
    inbound,
    paidCheckout,

    /** A checkout nobody paid is open. */
    async openCheckout() {
      const checkout = await gateway().createCheckout(checkoutRequest());
      expect(await gateway().retrieve(checkout.reference)).toEqual({ status: 'open' });
      return checkout;
    },

    /** Cancel on the hosted page goes back to `location` (of the checkout's reference); the checkout stays open. */
    async cancelOnTheHostedPage(location: (reference: string) => string) {
      const checkout = await gateway().createCheckout(checkoutRequest());
      const pressed = await pressOnHostedPage(checkout.hostedUrl, 'Cancel');
      expect(pressed.status).toBe(303);
      expect(pressed.location).toBe(location(checkout.reference));
      expect(await gateway().retrieve(checkout.reference)).toEqual({ status: 'open' });
    },

    /**
     * A capture refunded in full: the same idempotency key again is the same refund, and another key is
     * refused as the company refuses a second refund (`refused`). Returns the capture and the refund's id.
     */
    async refundOncePerKey(refused: RegExp) {
      const { state } = await captured();
      const input = {
        captureId: state.captureId,
        amountCents: 2587,
        idempotencyKey: randomUUID(),
        reason: 'Asked by the reseller',
      };
      const { refundId } = await gateway().refund(input);
      expect((await gateway().refund(input)).refundId).toBe(refundId);
      await expect(gateway().refund({ ...input, idempotencyKey: randomUUID() })).rejects.toThrow(refused);
      return { state, refundId };
    },

    /** A paid checkout's webhook of `type` verifies; the same with its body altered (`from` -> `to`) is rejected. */
    async verifiedUnlessAltered(type: string, from: string, to: string) {
      await paidCheckout();
      const real = inbound(type);
      await expect(gateway().verifyWebhook(real)).resolves.toMatchObject({ kind: 'payment' });
      const altered = inbound(type, (b) => b.replace(from, to));
      expect(altered.rawBody.toString()).toContain(to);
      await expect(gateway().verifyWebhook(altered)).rejects.toBeInstanceOf(WebhookRejected);
      return real;
    },

    /**
     * Disputes opened, won and lost at the company (`typeFor` the outcome's webhook) map to the dispute
     * events, each on the capture and its amount (and what `more` adds).
     */
    async disputesMapped(typeFor: (outcome: 'opened' | 'won' | 'lost') => string, more = {}) {
      const { state } = await captured();
      const mapped = [];
      for (const outcome of ['opened', 'won', 'lost'] as const) {
        await fake.dispute(state.captureId, outcome);
        mapped.push(await gateway().verifyWebhook(inbound(typeFor(outcome))));
      }
      expect(mapped.map((e) => e.kind)).toEqual(['dispute.opened', 'dispute.won', 'dispute.lost']);
      for (const event of mapped)
        expect(event).toMatchObject({
          captureId: state.captureId,
          amountCents: 2587,
          currency: 'USD',
          ...more,
        });
    },

    /** No connection to a loopback origin unless private targets are allowed. */
    itRefusesLoopbackUnlessAllowed() {
      it('does not connect to a loopback origin unless private targets are allowed (decision 312)', async () => {
        const strict = create({ ...(fake.credentials as C), baseUrl: fake.baseUrl });
        expect(await strict.testConnection()).toEqual({
          ok: false,
          message: `${company} was refused: 127.0.0.1 is not an address this server connects to`,
        });
      });
    },
  };
}
