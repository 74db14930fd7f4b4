import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { auditLog, invoices } from '../../db/schema.ts';
import { createPostgresDatabaseUrl, createTestApp, type TestApp } from '../../../test/helper.ts';
import { signUpReseller, signUpStaff } from '../../../test/account-fixtures.ts';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake.ts';
import { addPaymentProvider, deliver, ledgerState, payByCard } from '../../../test/payment-fixtures.ts';
import { checkPayment } from './payment-checks.ts';

const ROUNDS = 50;

/**
 * Two app instances on one PostgreSQL database (PGlite has one connection, so races there prove nothing):
 * for one captured payment the webhook (to both instances), the reseller's return (on both) and the
 * reconciliation job (on both) all arrive at once. Each payment is credited once, and only once.
 */
describe('a card payment settled by webhook, return and job at once, on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let stripe: StripeFake;
  let providerId: string;

  beforeAll(async () => {
    stripe = await startStripeFake();
    const url = await createPostgresDatabaseUrl();
    const env = { PUBLIC_URL: 'http://127.0.0.1:9' };
    a = await createTestApp({ env, database: await createDatabase({ url, dataDir: '', poolSize: 12 }) });
    b = await createTestApp({ env, database: await createDatabase({ url, dataDir: '', poolSize: 12 }) });
    const staff = await signUpStaff(a);
    providerId = (await addPaymentProvider(a, staff.headers, stripe))._id;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await stripe?.close();
  });

  it(`credits each of ${ROUNDS} payments once, the ledger equal to the balance`, async () => {
    let reseller = await signUpReseller(a);
    let expected = 0;
    let entries = 0;
    const completed: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A reseller raises at most 20 invoices an hour: a new one every few rounds.
      if (round % 10 === 0) {
        reseller = await signUpReseller(a);
        expected = 0;
        entries = 0;
      }
      const amount = 1 + (round % 7);
      const { invoice } = await payByCard(round % 2 ? a : b, reseller.headers, amount);
      await stripe.pay(invoice.reference);
      const sent = stripe.sentWebhooks().at(-1)!;
      const refresh = (app: TestApp) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/invoices/${invoice._id}/refresh`,
          headers: reseller.headers,
        });
      const answers = await Promise.all([
        deliver(a, providerId, sent),
        deliver(b, providerId, sent),
        refresh(a),
        refresh(b),
        checkPayment(a.ctx, { invoiceId: invoice._id, attempt: 1 }).then(() => null),
        checkPayment(b.ctx, { invoiceId: invoice._id, attempt: 1 }).then(() => null),
      ]);
      const webhooks = answers.slice(0, 2).map((r) => r!.statusCode);
      expect(webhooks.sort()).toEqual([200, 409]);
      for (const r of answers.slice(2, 4)) expect(r!.json().invoice.status).toBe('completed');
      expected += amount * 100;
      entries += 1;
      expect(await ledgerState(a.ctx.db, reseller.id)).toEqual({
        total: expected,
        entries,
        balance: expected,
      });
      completed.push(invoice._id);
      const audit = await a.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, invoice._id));
      expect(audit.filter((r) => r.action === 'invoice.payment_captured')).toHaveLength(1);
    }
    const rows = await a.ctx.db.select().from(invoices).where(inArray(invoices.id, completed));
    expect(rows.filter((r) => r.status === 'completed')).toHaveLength(ROUNDS);
  });
});
