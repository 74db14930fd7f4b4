import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { signUpReseller, signUpStaff } from '../../../test/account-fixtures.ts';
import { waitFor } from '../../../test/order-fixtures.ts';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake.ts';
import { addPaymentProvider, ledgerState, payByCard } from '../../../test/payment-fixtures.ts';
import { startPaymentWorkers } from './payments.service.ts';

/**
 * The reconciliation job on its own (pg-boss, no webhook, no return): it asks Stripe about an open payment
 * again and again, later each time, until the payment ends, and credits or cancels it then.
 */
describe('the reconciliation job', () => {
  let app: TestApp;
  let stripe: StripeFake;

  beforeAll(async () => {
    stripe = await startStripeFake();
    app = await createTestApp({ env: { PAYMENT_CHECK_SECONDS: '0.2' } });
    const staff = await signUpStaff(app);
    await addPaymentProvider(app, staff.headers, stripe);
    await startPaymentWorkers(app.ctx);
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  const statusOf = async (id: string) =>
    (await app.ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

  it('keeps asking about an open payment until it is paid, then credits it once', async () => {
    const reseller = await signUpReseller(app);
    const { invoice } = await payByCard(app, reseller.headers, 12);
    // The first checks find it open; the payment comes later, and a later check credits it.
    await sleep(1500);
    expect((await statusOf(invoice._id)).status).toBe('pending');
    await stripe.pay(invoice.reference);
    const done = await waitFor(
      () => statusOf(invoice._id),
      (row) => row.status !== 'pending',
    );
    expect(done.status).toBe('completed');
    expect(await ledgerState(app.ctx.db, reseller.id)).toEqual({ total: 1200, entries: 1, balance: 1200 });
  });

  it('cancels a payment whose page expired', async () => {
    const reseller = await signUpReseller(app);
    const { invoice } = await payByCard(app, reseller.headers, 8);
    await stripe.expire(invoice.reference);
    const done = await waitFor(
      () => statusOf(invoice._id),
      (row) => row.status !== 'pending',
    );
    expect(done).toMatchObject({ status: 'cancelled', cancelReason: 'The card payment expired' });
    expect((await ledgerState(app.ctx.db, reseller.id)).entries).toBe(0);
  });
});
