import { describe, expect, it } from 'vitest';
import { checkoutRequest, gatewayKit } from '../../../../test/payment-fixtures.ts';
import { startPaypalFake } from '../../../../test/fakes/paypal-fake.ts';
import { WebhookRejected } from './gateway.ts';
import { createPaypalGateway, PAYPAL_WEBHOOK_EVENTS } from './paypal-gateway.ts';

describe('PayPal gateway through @paypal/paypal-server-sdk against a local PayPal', () => {
  const kit = gatewayKit('PayPal', startPaypalFake, createPaypalGateway, (body) => body.event_type);
  const { gateway, inbound, paidCheckout } = kit;

  it('creates an order to capture the amount, with the note, invoice id and return URLs, and its approval page', async () => {
    const request = checkoutRequest();
    const checkout = await gateway().createCheckout(request);
    const order = kit.fake.orders.get(checkout.reference)!;
    expect(order.intent).toBe('CAPTURE');
    expect(order.purchase_units).toMatchObject([
      {
        reference_id: request.note,
        custom_id: request.invoiceId,
        amount: { currency_code: 'USD', value: '25.87' },
      },
    ]);
    expect(order.payment_source).toMatchObject({
      paypal: { experience_context: { return_url: request.returnUrl, cancel_url: request.cancelUrl } },
    });
    expect(checkout.hostedUrl).toBe(`${kit.fake.baseUrl}/checkoutnow?token=${checkout.reference}`);
    expect(checkout.expiresAt).toEqual(request.expiresAt);
    // The same idempotency key again (a retried create) is the same order.
    expect((await gateway().createCheckout(request)).reference).toBe(checkout.reference);
  });

  it('pays through the hosted page over HTTP, then retrieve captures what PayPal says, with its fee', async () => {
    const { checkout, pressed, request } = await paidCheckout();
    expect(pressed.page).toContain('$25.87');
    expect(pressed.page).toContain(request.note);
    expect(pressed.status).toBe(303);
    expect(pressed.location).toMatch(/^http:\/\/portal\.test\/deposits\?returned=1&token=/);
    const state = await gateway().retrieve(checkout.reference);
    const capture = (
      kit.fake.orders.get(checkout.reference)!.purchase_units as {
        payments: { captures: { id: string }[] };
      }[]
    )[0]!.payments.captures[0]!;
    // 3.49% + $0.49 of $25.87 = $1.39.
    expect(state).toEqual({
      status: 'captured',
      capturedCents: 2587,
      currency: 'USD',
      feeCents: 139,
      captureId: capture.id,
      risk: null,
    });
  });

  it('captures once when asked twice, and when asked twice at once', async () => {
    const { checkout } = await paidCheckout();
    const before = kit.fake.captureCount;
    const [a, b] = await Promise.all([
      gateway().retrieve(checkout.reference),
      gateway().retrieve(checkout.reference),
    ]);
    const c = await gateway().retrieve(checkout.reference);
    expect(kit.fake.captureCount - before).toBe(1);
    // Every capture call of the order carries one request id: PayPal answers a second with the first's capture.
    const calls = kit.fake.captureCalls.filter((c) => c.orderId === checkout.reference);
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls.map((c) => c.requestId))).toEqual(new Set([`capture-${checkout.reference}`]));
    expect(a).toEqual(b);
    expect(c).toEqual(a);
    expect(a.status).toBe('captured');
  });

  it('an order another caller captured between its read and our capture is read back, not captured again', async () => {
    const { checkout } = await paidCheckout();
    const before = kit.fake.captureCount;
    kit.fake.captureElsewhereAfterNextRead(checkout.reference);
    expect(await gateway().retrieve(checkout.reference)).toMatchObject({
      status: 'captured',
      capturedCents: 2587,
    });
    expect(kit.fake.captureCount - before).toBe(1);
  });

  it("reports the captured amount PayPal says, not the order's", async () => {
    const checkout = await gateway().createCheckout(checkoutRequest());
    await kit.fake.pay(checkout.reference, { amountCents: 100, currency: 'EUR' });
    expect(await gateway().retrieve(checkout.reference)).toMatchObject({
      status: 'captured',
      capturedCents: 100,
      currency: 'EUR',
    });
  });

  it('an order nobody approved is open, and expired once PayPal forgets it', async () => {
    const checkout = await kit.openCheckout();
    await kit.fake.expire(checkout.reference);
    expect(await gateway().retrieve(checkout.reference)).toMatchObject({ status: 'expired' });
  });

  it('a capture the bank declines is failed', async () => {
    const { checkout } = await paidCheckout();
    kit.fake.declineNextCapture();
    expect(await gateway().retrieve(checkout.reference)).toMatchObject({ status: 'failed' });
  });

  it('Cancel on the hosted page goes back to the cancel URL, and the order stays open', () =>
    kit.cancelOnTheHostedPage((reference) => `http://portal.test/deposits?cancelled=1&token=${reference}`));

  it('refunds a capture, once per idempotency key', async () => {
    const { state, refundId } = await kit.refundOncePerKey(
      /PayPal refused the refund \(HTTP 422 UNPROCESSABLE_ENTITY: CAPTURE_FULLY_REFUNDED\)/,
    );
    expect(refundId).toMatch(/^[0-9A-F]{17}$/);
    expect(inbound('PAYMENT.CAPTURE.REFUNDED').rawBody.toString()).toContain(state.captureId);
    expect(await gateway().verifyWebhook(inbound('PAYMENT.CAPTURE.REFUNDED'))).toMatchObject({
      kind: 'payment',
      reference: null,
      captureId: state.captureId,
    });
  });

  it('verifies signed messages by PayPal verify-webhook-signature and maps approval and capture', async () => {
    const { checkout } = await paidCheckout();
    const approved = await gateway().verifyWebhook(inbound('CHECKOUT.ORDER.APPROVED'));
    expect(approved).toMatchObject({ kind: 'payment', reference: checkout.reference, captureId: null });
    expect(approved.createdAt).toBeInstanceOf(Date);
    const state = await gateway().retrieve(checkout.reference);
    if (state.status !== 'captured') throw new Error(state.status);
    const completed = await gateway().verifyWebhook(inbound('PAYMENT.CAPTURE.COMPLETED'));
    expect(completed).toMatchObject({
      kind: 'payment',
      reference: checkout.reference,
      captureId: state.captureId,
    });
    expect(completed.eventId).toMatch(/^WH-/);
    // What the portal's endpoint received is what was signed.
    expect(kit.fake.sentWebhooks().every((w) => w.url === kit.sinkUrl())).toBe(true);
  });

  it('maps a denied capture to a payment event', async () => {
    const { checkout } = await paidCheckout();
    kit.fake.declineNextCapture();
    await gateway().retrieve(checkout.reference);
    expect(await gateway().verifyWebhook(inbound('PAYMENT.CAPTURE.DENIED'))).toMatchObject({
      kind: 'payment',
      reference: checkout.reference,
    });
  });

  it('rejects an altered body, a forged signature, another webhook id and missing headers', async () => {
    const real = await kit.verifiedUnlessAltered('CHECKOUT.ORDER.APPROVED', '"25.87"', '"2587.00"');
    const forged = {
      ...real,
      headers: { ...real.headers, 'paypal-transmission-sig': Buffer.alloc(256, 7).toString('base64') },
    };
    await expect(gateway().verifyWebhook(forged)).rejects.toBeInstanceOf(WebhookRejected);
    await expect(gateway().verifyWebhook({ ...real, webhookId: 'WH0THER00000000' })).rejects.toBeInstanceOf(
      WebhookRejected,
    );
    const { ['paypal-transmission-sig']: _dropped, ...unsigned } = real.headers;
    await expect(gateway().verifyWebhook({ ...real, headers: unsigned })).rejects.toThrow(
      /paypal-transmission-sig/,
    );
    await expect(
      gateway().verifyWebhook({ ...real, rawBody: Buffer.from('not json') }),
    ).rejects.toBeInstanceOf(WebhookRejected);
  });

  it('maps disputes: created is opened, resolved for the seller is won, for the buyer lost', async () => {
    await kit.disputesMapped(
      (outcome) => (outcome === 'opened' ? 'CUSTOMER.DISPUTE.CREATED' : 'CUSTOMER.DISPUTE.RESOLVED'),
      { disputeId: expect.stringMatching(/^PP-D-/) },
    );
  });

  it('registers its webhook for the events it maps, and removes it', async () => {
    const { webhookId: id, secret } = await gateway().registerWebhook(
      'https://portal.example.com/api/v1/payments/inbound/p1',
    );
    expect(secret).toBeNull();
    expect(kit.fake.webhooks.get(id)).toMatchObject({
      url: 'https://portal.example.com/api/v1/payments/inbound/p1',
      event_types: PAYPAL_WEBHOOK_EVENTS.map((name) => ({ name })),
    });
    await gateway().removeWebhook(id);
    expect(kit.fake.webhooks.has(id)).toBe(false);
    // Already gone at PayPal: nothing left to do.
    await expect(gateway().removeWebhook(id)).resolves.toBeUndefined();
  });

  it('tests the connection by fetching a token: ok, and refused with a wrong secret', async () => {
    expect(await gateway().testConnection()).toEqual({ ok: true, message: 'Connected to PayPal (sandbox)' });
    expect(await gateway({ clientSecret: 'wrong' }).testConnection()).toEqual({
      ok: false,
      message: 'PayPal refused the API key (401)',
    });
  });

  it('is in test mode on a sandbox or another origin, live only on PayPal’s own', () => {
    expect(gateway().mode).toBe('test');
    expect(
      createPaypalGateway({ ...kit.fake.credentials, baseUrl: 'https://api-m.sandbox.paypal.com' }).mode,
    ).toBe('test');
    expect(createPaypalGateway({ ...kit.fake.credentials }).mode).toBe('live');
    expect(createPaypalGateway({ ...kit.fake.credentials, baseUrl: 'https://api-m.paypal.com' }).mode).toBe(
      'live',
    );
    expect(gateway().methods).toEqual(['paypal']);
  });

  kit.itRefusesLoopbackUnlessAllowed();
});
