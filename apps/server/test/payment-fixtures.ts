import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { ledgerEntries, users } from '../src/db/schema.ts';
import type { CheckoutRequest } from '../src/modules/payments/gateways/gateway.ts';
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
