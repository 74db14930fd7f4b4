import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pressOnHostedPage, startWebhookSink } from '../../../../test/fakes/hosted-checkout.ts';
import { checkoutRequest } from '../../../../test/payment-fixtures.ts';
import type { PaymentFake } from '../../../../test/fakes/payment-fake.ts';
import { startPaypalFake } from '../../../../test/fakes/paypal-fake.ts';
import { startSquareFake } from '../../../../test/fakes/square-fake.ts';
import {
  WebhookRejected,
  type GatewayEvent,
  type PaymentGateway,
  type PaymentKind,
  type PaypalCredentials,
  type SquareCredentials,
} from './gateway.ts';
import type { GatewayOptions } from './gateway-transport.ts';
import { createPaypalGateway } from './paypal-gateway.ts';
import { createSquareGateway } from './square-gateway.ts';

/** A kind of gateway and the local company it is tested against. */
type GatewayKit = {
  kind: PaymentKind;
  start: () => Promise<PaymentFake>;
  create: (credentials: Record<string, string>, options: GatewayOptions) => PaymentGateway;
};

/** One line per kind; a new gateway joins with its own fake the same way. */
const KITS: GatewayKit[] = [
  {
    kind: 'paypal',
    start: startPaypalFake,
    create: (c, o) => createPaypalGateway(c as PaypalCredentials, o),
  },
  {
    kind: 'square',
    start: startSquareFake,
    create: (c, o) => createSquareGateway(c as SquareCredentials, o),
  },
];

describe.each(KITS)('the $kind gateway keeps the payment gateway contract', ({ kind, start, create }) => {
  let fake: PaymentFake;
  let sink: Awaited<ReturnType<typeof startWebhookSink>>;
  let webhook: { webhookId: string; secret: string | null };
  const gateway = (credentials: Record<string, string> = {}) =>
    create(
      { ...fake.credentials, ...credentials, baseUrl: fake.baseUrl },
      { allowPrivateTargets: true, timeoutMs: 10_000 },
    );
  beforeAll(async () => {
    [fake, sink] = await Promise.all([start(), startWebhookSink()]);
    webhook = await gateway().registerWebhook(sink.url);
  });
  afterAll(() => Promise.all([fake.close(), sink.close()]));

  /** Runs `act`, then verifies every message the company sent meanwhile, as the inbound route would. */
  async function eventsOf(act: () => Promise<unknown>): Promise<GatewayEvent[]> {
    const mark = fake.sentWebhooks().length;
    await act();
    const messages = fake.sentWebhooks().slice(mark);
    expect(messages.length).toBeGreaterThan(0);
    return Promise.all(
      messages.map((m) =>
        gateway().verifyWebhook({ rawBody: Buffer.from(m.body), headers: m.headers, url: m.url, ...webhook }),
      ),
    );
  }
  async function captured(amountCents?: number, currency?: string) {
    const checkout = await gateway().createCheckout(checkoutRequest({ chargeCents: 2500 }));
    await fake.pay(checkout.reference, { amountCents, currency });
    const state = await gateway().retrieve(checkout.reference);
    if (state.status !== 'captured') throw new Error(`Not captured: ${state.status}`);
    return { checkout, state };
  }

  it('names its kind and methods, and is in test mode against the fake', () => {
    const made = gateway();
    expect(made.kind).toBe(kind);
    expect(made.methods.length).toBeGreaterThan(0);
    expect(made.mode).toBe('test');
  });

  it('tests the connection: ok with the credentials, refused with any of them wrong', async () => {
    expect(await gateway().testConnection()).toMatchObject({ ok: true });
    for (const [key, value] of Object.entries(fake.credentials))
      expect(await gateway({ [key]: `${value}x` }).testConnection()).toMatchObject({ ok: false });
  });

  it("is paid on its hosted page: back to the return URL, then captured for the company's amount and fee", async () => {
    const request = checkoutRequest({ chargeCents: 2500 });
    const checkout = await gateway().createCheckout(request);
    expect(await gateway().retrieve(checkout.reference)).toEqual({ status: 'open' });
    const pressed = await pressOnHostedPage(checkout.hostedUrl, 'Pay');
    expect(pressed.page).toContain('$25.00');
    expect(pressed.status).toBe(303);
    expect(pressed.location!.startsWith(request.returnUrl)).toBe(true);
    const state = await gateway().retrieve(checkout.reference);
    expect(state).toMatchObject({ status: 'captured', capturedCents: 2500, currency: 'USD' });
    if (state.status !== 'captured') return;
    expect(state.captureId).not.toBe('');
    expect(Number.isInteger(state.feeCents) && state.feeCents! > 0).toBe(true);
    // Asked again, the same answer.
    expect(await gateway().retrieve(checkout.reference)).toEqual(state);
  });

  it('says what the company captured when it differs from what was asked', async () => {
    const { state } = await captured(2499, 'EUR');
    expect(state).toMatchObject({ capturedCents: 2499, currency: 'EUR' });
  });

  it('an unpaid checkout that expires is expired', async () => {
    const checkout = await gateway().createCheckout(checkoutRequest({ chargeCents: 2500 }));
    await fake.expire(checkout.reference);
    expect(await gateway().retrieve(checkout.reference)).toMatchObject({ status: 'expired' });
  });

  it('a payment sends signed messages that verify and name the checkout; altered or unsigned they are rejected', async () => {
    const checkout = await gateway().createCheckout(checkoutRequest({ chargeCents: 2500 }));
    const mark = fake.sentWebhooks().length;
    const events = await eventsOf(() => fake.pay(checkout.reference));
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'payment', reference: checkout.reference }),
    );
    const message = fake.sentWebhooks()[mark]!;
    expect(message.url).toBe(sink.url);
    const inbound = { headers: message.headers, url: message.url, ...webhook };
    // The same JSON with one more space is other bytes: its signature no longer holds.
    const altered = Buffer.from(message.body.replace('{', '{ '));
    await expect(gateway().verifyWebhook({ ...inbound, rawBody: altered })).rejects.toBeInstanceOf(
      WebhookRejected,
    );
    await expect(
      gateway().verifyWebhook({ ...inbound, headers: {}, rawBody: Buffer.from(message.body) }),
    ).rejects.toBeInstanceOf(WebhookRejected);
  });

  it('maps a dispute opened, won and lost, naming the capture and the amount', async () => {
    const { state } = await captured();
    const kinds: GatewayEvent[] = [];
    for (const outcome of ['opened', 'won', 'lost'] as const) {
      const events = await eventsOf(() => fake.dispute(state.captureId, outcome));
      kinds.push(...events.filter((e) => e.kind !== 'ignored' && e.kind !== 'payment'));
    }
    expect(kinds.map((e) => e.kind)).toEqual(['dispute.opened', 'dispute.won', 'dispute.lost']);
    for (const event of kinds)
      expect(event).toMatchObject({ captureId: state.captureId, amountCents: 2500, currency: 'USD' });
  });

  it('refunds a capture', async () => {
    const { state } = await captured();
    const { refundId } = await gateway().refund({
      captureId: state.captureId,
      amountCents: 2500,
      idempotencyKey: randomUUID(),
      reason: 'Staff refund',
    });
    expect(refundId).not.toBe('');
  });

  it('removes the webhook it registered', async () => {
    const made = await gateway().registerWebhook(
      'https://portal.example.com/api/v1/payments/inbound/contract',
    );
    expect(made.webhookId).not.toBe('');
    await expect(gateway().removeWebhook(made.webhookId)).resolves.toBeUndefined();
  });
});
