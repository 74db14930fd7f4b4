import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, mailOutbox, paymentProviders, webhookEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { signUpReseller, signUpStaff, type Staff } from '../../../test/account-fixtures.ts';
import { appCall } from '../../../test/api-fixtures.ts';
import { createOrder, labelTypeIds, orderBody } from '../../../test/order-fixtures.ts';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake.ts';
import { addPaymentProvider, deliver, ledgerState, payByCard } from '../../../test/payment-fixtures.ts';
import { checkPayment } from './payment-checks.ts';

type Headers = Record<string, string>;

/**
 * Card deposits through Stripe Checkout (issue 44), the official client pointed at the Stripe fake. With
 * PUBLIC_URL set to an address nothing answers, the fake's webhooks are kept and delivered by the test.
 */
describe('card deposits through a payment provider', () => {
  let app: TestApp;
  let stripe: StripeFake;
  let staff: Staff;
  let providerId: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    appCall(app, headers, method, url, payload);
  /** The last event the fake sent about a session. */
  const lastSent = () => stripe.sentWebhooks().at(-1)!;

  beforeAll(async () => {
    stripe = await startStripeFake();
    app = await createTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:9' } });
    staff = await signUpStaff(app);
    providerId = (await addPaymentProvider(app, staff.headers, stripe, { name: 'Stripe' }))._id;
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  it('staff add Stripe: key sealed and shown as its last 4, test mode, its webhook registered, audited', async () => {
    const [row] = await app.ctx.db.select().from(paymentProviders).where(eq(paymentProviders.id, providerId));
    expect(row!.credentialsSealed).not.toContain(stripe.secretKey);
    const { providers } = (await call('GET', '/admin/payment-providers', staff.headers)).json();
    expect(providers).toEqual([
      expect.objectContaining({
        _id: providerId,
        kind: 'stripe',
        name: 'Stripe',
        mode: 'test',
        enabled: true,
        credentialHint: stripe.secretKey.slice(-4),
        methods: ['stripe'],
        webhook: true,
      }),
    ]);
    const [endpoint] = [...stripe.webhookEndpoints.values()];
    expect(endpoint!.url).toBe(`http://127.0.0.1:9/api/v1/payments/inbound/${providerId}`);
    expect(row!.webhookSecretSealed).not.toContain(endpoint!.secret);
    expect(ctxOpen(row!.webhookSecretSealed!)).toBe(endpoint!.secret);
    const test = await call('POST', `/admin/payment-providers/${providerId}/test`, staff.headers);
    expect(test.json()).toEqual({ ok: true, message: 'Connected to Stripe (test mode)' });
    const actions = (await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, providerId))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['payment_provider.create', 'payment_provider.webhook_registered']),
    );
  });
  const ctxOpen = (sealed: string) => app.ctx.sealer.open(sealed);
  /** A Stripe-Signature header for `body` with our endpoint's secret, as Stripe signs. */
  const stripeSignature = (body: string) => {
    const endpoint = [...stripe.webhookEndpoints.values()].find((e) => String(e.url).endsWith(providerId))!;
    const t = Math.floor(Date.now() / 1000);
    return `t=${t},v1=${createHmac('sha256', endpoint.secret).update(`${t}.${body}`).digest('hex')}`;
  };

  it('a wrong key fails its test; a deleted provider takes its webhook away with it', async () => {
    const other = await addPaymentProvider(app, staff.headers, {
      ...stripe,
      credentials: { secretKey: 'sk_test_wrong_key_0000' },
    });
    expect((await call('POST', `/admin/payment-providers/${other._id}/test`, staff.headers)).json()).toEqual({
      ok: false,
      message: 'Stripe refused the secret key',
    });
    const hooks = stripe.webhookEndpoints.size;
    const third = await addPaymentProvider(app, staff.headers, stripe);
    expect(stripe.webhookEndpoints.size).toBe(hooks + 1);
    const removed = await call('DELETE', `/admin/payment-providers/${third._id}`, staff.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(stripe.webhookEndpoints.size).toBe(hooks);
    await call('DELETE', `/admin/payment-providers/${other._id}`, staff.headers);
  });

  it('offers Card with its surcharge; pays on the hosted page; the webhook credits once, replay 409, forged 401', async () => {
    await call('PUT', `/admin/payment-providers/${providerId}`, staff.headers, {
      feeMode: 'surcharge',
      surchargePercent: 2.9,
      surchargeFixed: 0.3,
    });
    const reseller = await signUpReseller(app);
    const hook = await call('POST', '/webhooks', reseller.headers, {
      url: 'http://127.0.0.1:9/hook',
      events: ['deposit.credited', 'deposit.reversed'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const options = (await call('GET', '/website/deposit-options', reseller.headers)).json();
    expect(options.methods).toEqual(['paypal', 'cashapp', 'stripe']);
    expect(options.hosted).toEqual([
      { method: 'stripe', label: 'Card', surchargePercent: 2.9, surchargeFixed: 0.3 },
    ]);
    const { hosted_url, invoice } = await payByCard(app, reseller.headers, 25);
    expect(hosted_url).toBe(`${stripe.baseUrl}/c/pay/${invoice.reference}`);
    expect(invoice).toMatchObject({ status: 'pending', provider: 'stripe', amount: 25 });
    // $25.00 + 2.9% (73 cents, rounded up) + $0.30
    expect(stripe.sessions.get(invoice.reference)!.amount_total).toBe(2603);
    const page = await fetch(hosted_url);
    expect(await page.text()).toContain('$26.03');

    await stripe.pay(invoice.reference, { risk: 'elevated' });
    const sent = lastSent();
    const forged = await deliver(app, providerId, {
      headers: sent.headers,
      body: sent.body.replace('"paid"', '"paid" '),
    });
    expect(forged.statusCode).toBe(401);
    expect((await ledgerState(app.ctx.db, reseller.id)).entries).toBe(0);
    const first = await deliver(app, providerId, sent);
    expect(first.statusCode, first.body).toBe(200);
    expect((await deliver(app, providerId, sent)).statusCode).toBe(409);
    const unsigned = await deliver(app, providerId, {
      headers: { 'content-type': 'application/json' },
      body: sent.body,
    });
    expect(unsigned.statusCode).toBe(401);
    // Signed now, but an event of four days ago: too old to be taken.
    const old = JSON.parse(sent.body);
    const stale = JSON.stringify({ ...old, id: 'evt_stale', created: old.created - 4 * 86_400 });
    const staleAnswer = await deliver(app, providerId, {
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(stale) },
      body: stale,
    });
    expect(staleAnswer.statusCode).toBe(409);
    expect(staleAnswer.json().message).toBe('The event is too old to be accepted');
    expect(await ledgerState(app.ctx.db, reseller.id)).toEqual({ total: 2500, entries: 1, balance: 2500 });
    const [row] = await app.ctx.db.select().from(invoices).where(eq(invoices.id, invoice._id));
    expect(row).toMatchObject({ status: 'completed', risk: 'elevated', feeCents: 105, chargeCents: 2603 });
    expect(row!.captureId).toMatch(/^pi_/);
    // The return and the job afterwards change nothing.
    const back = await call('POST', `/invoices/${invoice._id}/refresh`, reseller.headers);
    expect(back.json().message).toBe('Payment received: $25.00 added to your balance');
    expect(back.json().invoice).toMatchObject({ status: 'completed', fee: 1.05, hosted_url: null });
    await checkPayment(app.ctx, { invoiceId: invoice._id, attempt: 1 });
    expect((await ledgerState(app.ctx.db, reseller.id)).entries).toBe(1);
    const events = await app.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.userId, reseller.id));
    expect(events.map((e) => e.type)).toEqual(['deposit.credited']);
    expect(JSON.parse(events[0]!.payload).data).toMatchObject({
      invoice: { _id: invoice._id, note: invoice.note, amount: 25, status: 'completed', fee: 1.05 },
      amount: 25,
      balance: 25,
    });
    await call('PUT', `/admin/payment-providers/${providerId}`, staff.headers, { feeMode: 'absorb' });
  });

  it('without a webhook the return asks Stripe and credits; the job credits what no one asked about', async () => {
    const reseller = await signUpReseller(app);
    const { invoice } = await payByCard(app, reseller.headers, 10);
    const waiting = await call('POST', `/invoices/${invoice._id}/refresh`, reseller.headers);
    expect(waiting.json().message).toBe('Waiting for the payment to clear');
    await stripe.pay(invoice.reference);
    const back = await call('POST', `/invoices/${invoice._id}/refresh`, reseller.headers);
    expect(back.json().message).toBe('Payment received: $10.00 added to your balance');
    const second = await payByCard(app, reseller.headers, 5);
    await stripe.pay(second.invoice.reference);
    await checkPayment(app.ctx, { invoiceId: second.invoice._id, attempt: 1 });
    expect(await ledgerState(app.ctx.db, reseller.id)).toEqual({ total: 1500, entries: 2, balance: 1500 });
    // Overview's deposits today count card deposits; an open card payment waits for no one on staff.
    const overview = (await call('GET', '/admin/overview', staff.headers)).json();
    expect(overview.depositsToday).toBeGreaterThanOrEqual(15);
    const open = await payByCard(app, reseller.headers, 5);
    const early = await call('POST', `/admin/invoices/${open.invoice._id}/approve`, staff.headers, {
      receipt: null,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `${open.invoice.note} is paid on the provider's page and credits itself once the payment clears`,
    );
  });

  it('a wrong amount or currency credits nothing and flags the invoice for staff', async () => {
    const reseller = await signUpReseller(app);
    const low = await payByCard(app, reseller.headers, 20);
    await stripe.pay(low.invoice.reference, { amountCents: 100 });
    expect((await deliver(app, providerId, lastSent())).statusCode).toBe(200);
    const euro = await payByCard(app, reseller.headers, 20);
    await stripe.pay(euro.invoice.reference, { currency: 'eur' });
    const euroBack = await call('POST', `/invoices/${euro.invoice._id}/refresh`, reseller.headers);
    expect(euroBack.json().message).toBe(
      `The payment for ${euro.invoice.note} does not match the invoice; staff will look at it and get back to you`,
    );
    expect(await ledgerState(app.ctx.db, reseller.id)).toEqual({ total: 0, entries: 0, balance: 0 });
    const rows = await app.ctx.db.select().from(invoices).where(eq(invoices.userId, reseller.id));
    expect(rows.map((r) => [r.status, r.reviewReason])).toEqual(
      expect.arrayContaining([
        ['pending', 'The provider captured $1.00 USD where $20.00 USD was asked: nothing was credited'],
        ['pending', 'The provider captured $20.00 EUR where $20.00 USD was asked: nothing was credited'],
      ]),
    );
    const overview = (await call('GET', '/admin/overview', staff.headers)).json();
    expect(overview.depositsPending).toBeGreaterThanOrEqual(2);
    const { invoices: queue } = (await call('GET', '/admin/invoices?status=pending', staff.headers)).json();
    const flagged = queue.find((i: { _id: string }) => i._id === low.invoice._id);
    expect(flagged.reviewReason).toContain('nothing was credited');
    // Staff look, and approve what they decide to credit: the same one credit an invoice ever gets.
    const approved = await call('POST', `/admin/invoices/${low.invoice._id}/approve`, staff.headers, {
      receipt: null,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await ledgerState(app.ctx.db, reseller.id)).entries).toBe(1);
  });

  it('one open card payment per reseller; an expired one is cancelled and frees the next', async () => {
    const reseller = await signUpReseller(app);
    const open = await payByCard(app, reseller.headers, 15);
    const again = await call('POST', '/invoices/create-invoice', reseller.headers, {
      amount: 15,
      type: 'stripe',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `You already have a Card payment open (${open.invoice.note}): finish it on its page, or wait until it expires`,
    );
    await stripe.expire(open.invoice.reference);
    expect((await deliver(app, providerId, lastSent())).statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(invoices).where(eq(invoices.id, open.invoice._id));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'The card payment expired' });
    expect((await payByCard(app, reseller.headers, 15)).invoice.status).toBe('pending');
  });

  it('keeps a reseller within the daily and first-week card limits', async () => {
    await call('PUT', `/admin/payment-providers/${providerId}`, staff.headers, { dailyLimit: 30 });
    const reseller = await signUpReseller(app);
    const first = await payByCard(app, reseller.headers, 20);
    await stripe.pay(first.invoice.reference);
    await call('POST', `/invoices/${first.invoice._id}/refresh`, reseller.headers);
    const over = await call('POST', '/invoices/create-invoice', reseller.headers, {
      amount: 15,
      type: 'stripe',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'Card deposits are limited to $30.00 a day: you can add up to $10.00 more today',
    );
    await call('PUT', `/admin/payment-providers/${providerId}`, staff.headers, {
      dailyLimit: null,
      firstWeekLimit: 15,
    });
    const newcomer = await signUpReseller(app);
    const newcomers = await call('POST', '/invoices/create-invoice', newcomer.headers, {
      amount: 20,
      type: 'stripe',
    });
    expect(newcomers.json().message).toBe(
      'New accounts can add up to $15.00 by Card in their first week: you can add up to $15.00 more',
    );
    await call('PUT', `/admin/payment-providers/${providerId}`, staff.headers, { firstWeekLimit: null });
  });

  it('staff refund through Stripe: debited at once; refused once spent unless staff allow a negative balance', async () => {
    const reseller = await signUpReseller(app);
    const { invoice } = await payByCard(app, reseller.headers, 25);
    await stripe.pay(invoice.reference);
    await call('POST', `/invoices/${invoice._id}/refresh`, reseller.headers);
    await app.ctx.db.transaction(async (tx) => {
      // The reseller spends $10 of it.
      const { postLedgerEntry } = await import('../ledger/ledger.service.ts');
      await postLedgerEntry(tx, {
        userId: reseller.id,
        kind: 'order_charge',
        amountCents: -1000,
        sourceKey: `test:${invoice._id}`,
      });
    });
    const refused = await call('POST', `/admin/invoices/${invoice._id}/refund`, staff.headers, {
      reason: 'Asked by the reseller',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The reseller has already spent part of this deposit: refunding $25.00 would take their balance below zero. Give a reason and allow a negative balance to refund it anyway',
    );
    expect(stripe.refunds).toHaveLength(0);
    const done = await call('POST', `/admin/invoices/${invoice._id}/refund`, staff.headers, {
      reason: 'Asked by the reseller',
      allowNegative: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().invoice.refundedAt).not.toBeNull();
    expect(stripe.refunds.map((r) => r.amount)).toEqual([2500]);
    expect(await ledgerState(app.ctx.db, reseller.id)).toEqual({ total: -1000, entries: 3, balance: -1000 });
    const again = await call('POST', `/admin/invoices/${invoice._id}/refund`, staff.headers, {
      reason: 'twice',
      allowNegative: true,
    });
    expect(again.statusCode).toBe(409);
    const audit = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, invoice._id), eq(auditLog.action, 'invoice.refund')));
    expect(audit).toHaveLength(1);
  });

  it('a dispute after spending takes the balance negative, purchases are refused, a won dispute restores it', async () => {
    const { reseller, email } = await verifiedReseller();
    const { invoice } = await payByCard(app, reseller.headers, 20);
    await stripe.pay(invoice.reference);
    await call('POST', `/invoices/${invoice._id}/refresh`, reseller.headers);
    const [row] = await app.ctx.db.select().from(invoices).where(eq(invoices.id, invoice._id));
    await app.ctx.db.transaction(async (tx) => {
      const { postLedgerEntry } = await import('../ledger/ledger.service.ts');
      await postLedgerEntry(tx, {
        userId: reseller.id,
        kind: 'order_charge',
        amountCents: -1500,
        sourceKey: `test:${invoice._id}`,
      });
    });
    await stripe.dispute(row!.captureId!, 'opened');
    const opened = lastSent();
    expect((await deliver(app, providerId, opened)).statusCode).toBe(200);
    expect((await deliver(app, providerId, opened)).statusCode).toBe(409);
    expect(await ledgerState(app.ctx.db, reseller.id)).toEqual({ total: -1500, entries: 3, balance: -1500 });
    const ids = await labelTypeIds(app, reseller.headers);
    const order = await createOrder(app, reseller.headers, orderBody(ids.ground_oz!));
    expect(order.statusCode).toBe(402);
    expect(order.json().message).toBe(
      'Your balance is -$15.00 after a payment was taken back: add funds to bring it above zero before buying.',
    );
    await stripe.dispute(row!.captureId!, 'won');
    expect((await deliver(app, providerId, lastSent())).statusCode).toBe(200);
    expect(await ledgerState(app.ctx.db, reseller.id)).toEqual({ total: 500, entries: 4, balance: 500 });
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'Your $20.00 deposit is in your LabelPort balance',
        '$20.00 was taken back from your LabelPort balance',
        '$20.00 is back in your LabelPort balance',
      ]),
    );
  });

  /** A reseller with a verified address, so deposit mails go out. */
  async function verifiedReseller() {
    const reseller = await signUpReseller(app);
    const email = `${reseller.id}@example.com`;
    const { users } = await import('../../db/schema.ts');
    await app.ctx.db.update(users).set({ email, emailVerified: true }).where(eq(users.id, reseller.id));
    return { reseller, email };
  }
});
