import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { signUpReseller, signUpStaff, type Staff } from '../../../test/account-fixtures.ts';
import { appCall } from '../../../test/api-fixtures.ts';
import { startPaypalFake } from '../../../test/fakes/paypal-fake.ts';
import { startSquareFake } from '../../../test/fakes/square-fake.ts';
import type { PaymentFake } from '../../../test/fakes/payment-fake.ts';
import { addPaymentProvider, deliver, ledgerState, payByCard } from '../../../test/payment-fixtures.ts';
import { checkPayment } from './payment-checks.ts';

/**
 * PayPal and Cash App (through Square) deposits through the same service as cards (issue 44): the
 * official clients pointed at the fakes, the webhook, the return and the job each crediting once.
 */
const WALLETS = [
  { kind: 'paypal', method: 'paypal', label: 'PayPal', start: startPaypalFake },
  { kind: 'square', method: 'cashapp', label: 'Cash App', start: startSquareFake },
] as const;

describe.each(WALLETS)('$label deposits through a payment provider', ({ kind, method, start }) => {
  let app: TestApp;
  let fake: PaymentFake;
  let staff: Staff;
  let providerId: string;

  beforeAll(async () => {
    fake = await start();
    app = await createTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:9' } });
    staff = await signUpStaff(app);
    providerId = (await addPaymentProvider(app, staff.headers, fake, { kind, name: kind }))._id;
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('is offered to resellers, tests its connection and registers its webhook', async () => {
    const test = await appCall(app, staff.headers, 'POST', `/admin/payment-providers/${providerId}/test`);
    expect(test.json().ok, test.body).toBe(true);
    const { providers } = (await appCall(app, staff.headers, 'GET', '/admin/payment-providers')).json();
    expect(providers[0]).toMatchObject({ kind, mode: 'test', methods: [method], webhook: true });
    const reseller = await signUpReseller(app);
    const options = (await appCall(app, reseller.headers, 'GET', '/website/deposit-options')).json();
    expect(options.hosted.map((h: { method: string }) => h.method)).toEqual([method]);
  });

  it('pays on the hosted page; the webhook, the return and the job credit once, for what was captured', async () => {
    const reseller = await signUpReseller(app);
    const { hosted_url, invoice } = await payByCard(app, reseller.headers, 25, method);
    expect(hosted_url.startsWith(fake.baseUrl)).toBe(true);
    expect(invoice).toMatchObject({ status: 'pending', provider: kind, amount: 25 });
    const waiting = await appCall(app, reseller.headers, 'POST', `/invoices/${invoice._id}/refresh`);
    expect(waiting.json().message).toBe('Waiting for the payment to clear');

    await fake.pay(invoice.reference);
    const sent = fake.sentWebhooks();
    expect(sent.length).toBeGreaterThan(0);
    const answers = [];
    for (const message of sent) answers.push((await deliver(app, providerId, message)).statusCode);
    expect(
      answers.every((status) => status === 200),
      String(answers),
    ).toBe(true);
    const back = await appCall(app, reseller.headers, 'POST', `/invoices/${invoice._id}/refresh`);
    expect(back.json().message).toBe('Payment received: $25.00 added to your balance');
    await checkPayment(app.ctx, { invoiceId: invoice._id, attempt: 1 });
    // A message delivered again is a replay.
    expect((await deliver(app, providerId, sent.at(-1)!)).statusCode).toBe(409);
    expect(await ledgerState(app.ctx.db, reseller.id)).toEqual({ total: 2500, entries: 1, balance: 2500 });
    const [row] = await app.ctx.db.select().from(invoices).where(eq(invoices.id, invoice._id));
    expect(row).toMatchObject({ status: 'completed', paymentMethod: method });
    expect(row!.captureId).toBeTruthy();
  });

  it('refuses a forged message and credits nothing for a wrong amount', async () => {
    const reseller = await signUpReseller(app);
    const { invoice } = await payByCard(app, reseller.headers, 20, method);
    await fake.pay(invoice.reference, { amountCents: 100 });
    const sent = fake.sentWebhooks().at(-1)!;
    const forged = await deliver(app, providerId, {
      headers: sent.headers,
      body: sent.body.replace('}', ' }'),
    });
    expect(forged.statusCode).toBe(401);
    const back = await appCall(app, reseller.headers, 'POST', `/invoices/${invoice._id}/refresh`);
    expect(back.json().message).toBe(
      `The payment for ${invoice.note} does not match the invoice; staff will look at it and get back to you`,
    );
    expect(await ledgerState(app.ctx.db, reseller.id)).toEqual({ total: 0, entries: 0, balance: 0 });
  });
});

describe('payment provider credentials', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('asks Square for its location as well as its token', async () => {
    const staff = await signUpStaff(app);
    const square = await appCall(app, staff.headers, 'POST', '/admin/payment-providers', {
      kind: 'square',
      name: 'Square',
      credentials: { accessToken: 'EAAA-token-5555' },
    });
    expect(square.statusCode).toBe(400);
    expect(square.json().errors).toEqual([
      { field: 'credentials.locationId', message: 'Location id is required' },
    ]);
  });
});
