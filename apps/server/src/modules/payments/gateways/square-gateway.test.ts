import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutRequest, gatewayKit } from '../../../../test/payment-fixtures.ts';
import { startSquareFake } from '../../../../test/fakes/square-fake.ts';
import { WebhookRejected } from './gateway.ts';
import { createSquareGateway, SQUARE_WEBHOOK_EVENTS } from './square-gateway.ts';

describe('Square gateway through the square client against a local Square', () => {
  const kit = gatewayKit('Square', startSquareFake, createSquareGateway, (body) => body.type);
  const { gateway, inbound, paidCheckout } = kit;

  it('creates a quick-pay payment link taking Cash App Pay, with the note, return URL and idempotency key', async () => {
    const request = checkoutRequest();
    const checkout = await gateway().createCheckout(request);
    const link = [...kit.fake.links.values()].find((l) => l.order_id === checkout.reference)!;
    expect(link).toMatchObject({
      payment_note: request.note,
      checkout_options: { redirect_url: request.returnUrl, accepted_payment_methods: { cash_app_pay: true } },
    });
    expect(checkout.hostedUrl).toBe(link.url);
    expect(kit.fake.orders.get(checkout.reference)).toMatchObject({
      location_id: kit.fake.credentials.locationId,
      total_money: { amount: 2587, currency: 'USD' },
      state: 'DRAFT',
    });
    // The same idempotency key again (a retried create) is the same link.
    expect((await gateway().createCheckout(request)).reference).toBe(checkout.reference);
    await expect(gateway().createCheckout({ ...request, chargeCents: 100 })).rejects.toThrow(
      /Square refused the payment link \(HTTP 400 INVALID_REQUEST_ERROR: IDEMPOTENCY_KEY_REUSED\)/,
    );
  });

  it('pays through the hosted page over HTTP, then retrieve says captured with the payment amount, fee and risk', async () => {
    const { checkout, pressed, request } = await paidCheckout();
    expect(pressed.page).toContain('$25.87');
    expect(pressed.page).toContain(request.note);
    expect(pressed.status).toBe(303);
    expect(pressed.location).toMatch(/^http:\/\/portal\.test\/deposits\?returned=1&checkoutId=/);
    const payment = [...kit.fake.payments.values()].find((p) => p.order_id === checkout.reference)!;
    // 2.9% + 30¢ of $25.87 = $1.05.
    expect(await gateway().retrieve(checkout.reference)).toEqual({
      status: 'captured',
      capturedCents: 2587,
      currency: 'USD',
      feeCents: 105,
      captureId: payment.id,
      risk: 'normal',
    });
    expect(payment.note).toBe(request.note);
  });

  it('reports what the payment says was paid and its risk, not what was asked', async () => {
    const checkout = await gateway().createCheckout(checkoutRequest());
    await kit.fake.pay(checkout.reference, { amountCents: 100, currency: 'CAD', risk: 'high' });
    expect(await gateway().retrieve(checkout.reference)).toMatchObject({
      status: 'captured',
      capturedCents: 100,
      currency: 'CAD',
      risk: 'high',
    });
  });

  it('an unpaid link is open; its order cancelled is expired; a payment Square cancels is failed', async () => {
    const checkout = await kit.openCheckout();
    await kit.fake.expire(checkout.reference);
    expect(await gateway().retrieve(checkout.reference)).toMatchObject({ status: 'expired' });
    expect(await gateway().retrieve('no-such-order')).toMatchObject({ status: 'expired' });

    const lapsed = await gateway().createCheckout(checkoutRequest());
    kit.fake.cancelNextPayment();
    await kit.fake.pay(lapsed.reference);
    expect(await gateway().retrieve(lapsed.reference)).toMatchObject({ status: 'failed' });
  });

  it('Cancel on the hosted page goes back unpaid, and the link stays open', () =>
    kit.cancelOnTheHostedPage(() => 'http://portal.test/deposits?returned=1'));

  it('refunds a payment, once per idempotency key', async () => {
    const { state, refundId } = await kit.refundOncePerKey(
      /Square refused the refund \(HTTP 400 INVALID_REQUEST_ERROR: REFUND_AMOUNT_INVALID\)/,
    );
    expect(refundId.startsWith(state.captureId)).toBe(true);
    expect(kit.fake.payments.get(state.captureId)!.refunded_money).toEqual({ amount: 2587, currency: 'USD' });
  });

  it('verifies signed payment events with WebhooksHelper and maps them to the order and payment', async () => {
    const { checkout } = await paidCheckout();
    const payment = [...kit.fake.payments.values()].find((p) => p.order_id === checkout.reference)!;
    for (const type of ['payment.created', 'payment.updated']) {
      const event = await gateway().verifyWebhook(inbound(type));
      expect(event).toMatchObject({ kind: 'payment', reference: checkout.reference, captureId: payment.id });
      expect(event.createdAt).toBeInstanceOf(Date);
    }
    // Signed the way Square documents: HMAC-SHA256 of notification URL + body, base64.
    const sent = inbound('payment.updated');
    const expected = createHmac('sha256', kit.subscription().secret!)
      .update(kit.sinkUrl() + sent.rawBody.toString())
      .digest('base64');
    expect(sent.headers['x-square-hmacsha256-signature']).toBe(expected);
    expect(sent.url).toBe(kit.sinkUrl());
  });

  it('rejects an altered body, another URL, a forged signature, another key and a missing signature', async () => {
    const real = await kit.verifiedUnlessAltered('payment.updated', '"amount":2587', '"amount":258700');
    await expect(
      gateway().verifyWebhook({ ...real, url: 'https://elsewhere.example.com/in' }),
    ).rejects.toBeInstanceOf(WebhookRejected);
    const forged = {
      ...real,
      headers: { ...real.headers, 'x-square-hmacsha256-signature': 'bm90IGEgc2lnbmF0dXJl' },
    };
    await expect(gateway().verifyWebhook(forged)).rejects.toBeInstanceOf(WebhookRejected);
    await expect(gateway().verifyWebhook({ ...real, secret: 'another-key' })).rejects.toBeInstanceOf(
      WebhookRejected,
    );
    const { ['x-square-hmacsha256-signature']: _dropped, ...unsigned } = real.headers;
    await expect(gateway().verifyWebhook({ ...real, headers: unsigned })).rejects.toThrow(
      /x-square-hmacsha256-signature/,
    );
  });

  it('maps disputes: created is opened, state WON is won, LOST is lost', () =>
    kit.disputesMapped((outcome) => (outcome === 'opened' ? 'dispute.created' : 'dispute.state.updated')));

  it('subscribes to the events it maps with a signature key, and deletes the subscription', async () => {
    const made = await gateway().registerWebhook('https://portal.example.com/api/v1/payments/inbound/s1');
    expect(made.secret).toBe(kit.fake.subscriptions.get(made.webhookId)!.signature_key);
    expect(kit.fake.subscriptions.get(made.webhookId)).toMatchObject({
      notification_url: 'https://portal.example.com/api/v1/payments/inbound/s1',
      event_types: [...SQUARE_WEBHOOK_EVENTS],
    });
    await gateway().removeWebhook(made.webhookId);
    expect(kit.fake.subscriptions.has(made.webhookId)).toBe(false);
    await expect(gateway().removeWebhook(made.webhookId)).resolves.toBeUndefined();
  });

  it('tests the connection by reading the location: ok, refused token, unknown location', async () => {
    expect(await gateway().testConnection()).toEqual({ ok: true, message: 'Connected to Square (sandbox)' });
    expect(await gateway({ accessToken: 'EAAAwrong' }).testConnection()).toEqual({
      ok: false,
      message: 'Square refused the API key (401)',
    });
    expect(await gateway({ locationId: 'LNOSUCH' }).testConnection()).toEqual({
      ok: false,
      message: 'Square has no location LNOSUCH for this access token',
    });
  });

  it('is in test mode on the sandbox or another origin, live only on Square’s own', () => {
    expect(gateway().mode).toBe('test');
    const credentials = { accessToken: 'EAAAx', locationId: 'L1' };
    expect(createSquareGateway({ ...credentials, baseUrl: 'https://connect.squareupsandbox.com' }).mode).toBe(
      'test',
    );
    expect(createSquareGateway(credentials).mode).toBe('live');
    expect(createSquareGateway({ ...credentials, baseUrl: 'https://connect.squareup.com' }).mode).toBe(
      'live',
    );
    expect(gateway().methods).toEqual(['cashapp']);
  });

  kit.itRefusesLoopbackUnlessAllowed();
});
