import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { auditLog, invoices } from '../../db/schema.ts';
import { createPostgresDatabaseUrl, createTestApp, type TestApp } from '../../../test/helper.ts';
import { signUpReseller, signUpStaff } from '../../../test/account-fixtures.ts';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake.ts';
import { addPaymentProvider, deliver, ledgerState, payByCard } from '../../../test/payment-fixtures.ts';
import { createOrder, labelTypeIds, orderBody } from '../../../test/order-fixtures.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
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

  it('forged, replayed and wrong-amount news credit nothing; a dispute after spending goes negative, blocks purchases, and a won one restores', async () => {
    const reseller = await signUpReseller(a);
    const both = (sent: { headers: Record<string, string>; body: string }, times = 3) =>
      Promise.all(
        Array.from({ length: times }, () => [
          deliver(a, providerId, sent),
          deliver(b, providerId, sent),
        ]).flat(),
      );
    const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();

    // Another amount, sent to both instances at once with the reseller's returns: nothing credited.
    const low = await payByCard(a, reseller.headers, 20);
    await stripe.pay(low.invoice.reference, { amountCents: 500 });
    const lowSent = stripe.sentWebhooks().at(-1)!;
    const forged = { headers: lowSent.headers, body: lowSent.body.replace('"complete"', '"complete" ') };
    expect(statuses(await both(forged))).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses(await both(lowSent))).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await ledgerState(a.ctx.db, reseller.id)).toEqual({ total: 0, entries: 0, balance: 0 });

    const paid = await payByCard(b, reseller.headers, 20);
    await stripe.pay(paid.invoice.reference);
    expect(statuses(await both(stripe.sentWebhooks().at(-1)!))).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await ledgerState(a.ctx.db, reseller.id)).toEqual({ total: 2000, entries: 1, balance: 2000 });

    // The reseller spends $15 of it, then the payer disputes the payment.
    await a.ctx.db.transaction((tx) =>
      postLedgerEntry(tx, {
        userId: reseller.id,
        kind: 'order_charge',
        amountCents: -1500,
        sourceKey: `test:${paid.invoice._id}`,
      }),
    );
    const [row] = await a.ctx.db.select().from(invoices).where(eq(invoices.id, paid.invoice._id));
    await stripe.dispute(row!.captureId!, 'opened');
    expect(statuses(await both(stripe.sentWebhooks().at(-1)!))).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await ledgerState(a.ctx.db, reseller.id)).toEqual({ total: -1500, entries: 3, balance: -1500 });
    const ids = await labelTypeIds(b, reseller.headers);
    const refused = await createOrder(b, reseller.headers, orderBody(ids.ground_oz!));
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(
      'Your balance is -$15.00 after a payment was taken back: add funds to bring it above zero before buying.',
    );

    await stripe.dispute(row!.captureId!, 'won');
    expect(statuses(await both(stripe.sentWebhooks().at(-1)!))).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await ledgerState(a.ctx.db, reseller.id)).toEqual({ total: 500, entries: 4, balance: 500 });
    expect((await createOrder(b, reseller.headers, orderBody(ids.ground_oz!))).statusCode).toBe(201);
    const after = await ledgerState(a.ctx.db, reseller.id);
    expect(after.total).toBe(after.balance);
  });
});
