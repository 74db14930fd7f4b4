import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, ledgerEntries, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { type Reseller } from '../../../test/order-fixtures.ts';
import { MAX_PENDING_INVOICES } from '@portal/shared';
import { signUpStaff, signUpReseller } from '../../../test/account-fixtures.ts';

// PGlite has one connection, so races there prove nothing: this runs on real PostgreSQL only.
describe('invoice approval under concurrency on postgres', () => {
  let app: TestApp;
  let staff: Reseller;
  let other: Reseller;
  beforeAll(async () => {
    app = await createTestApp({ engine: 'postgres', poolSize: 30 });
    staff = await signUpStaff(app);
    other = await signUpStaff(app);
  });
  afterAll(() => app.close());

  const raise = async (reseller: Reseller, amount: number) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/invoices/create-invoice',
        headers: reseller.headers,
        payload: { amount, type: 'cashapp' },
      })
    ).json().data.invoice._id as string;
  const decide = (who: Reseller, id: string, action: 'approve' | 'cancel') =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/invoices/${id}/${action}`,
      headers: who.headers,
      payload: action === 'cancel' ? { reason: 'race' } : { receipt: null },
    });
  const ledgerSum = async (userId: string) => {
    const [row] = await app.ctx.db
      .select({
        total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
        n: sql<number>`count(*)::int`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId));
    const [user] = await app.ctx.db.select().from(users).where(eq(users.id, userId));
    return { total: Number(row!.total), n: row!.n, balance: user!.balanceCents };
  };

  it('two staff approving the same invoice 20 times at once credit it once, with one audit row', async () => {
    const reseller = await signUpReseller(app);
    const id = await raise(reseller, 25);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => decide(i % 2 ? staff : other, id, 'approve')),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await ledgerSum(reseller.id)).toEqual({ total: 2500, n: 1, balance: 2500 });
    const audit = await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toHaveLength(1);
  });

  it('approve racing cancel ends in one state: credited exactly when completed', async () => {
    for (let round = 0; round < 5; round++) {
      const reseller = await signUpReseller(app);
      const id = await raise(reseller, 10);
      const results = await Promise.all([
        decide(staff, id, 'approve'),
        decide(other, id, 'cancel'),
        decide(other, id, 'approve'),
        decide(staff, id, 'cancel'),
      ]);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const status = (await app.inject({ url: '/api/v1/invoices/readAll', headers: reseller.headers })).json()
        .invoices[0].status;
      const sum = await ledgerSum(reseller.id);
      expect(sum.total).toBe(sum.balance);
      expect(sum.balance).toBe(status === 'completed' ? 1000 : 0);
    }
  });

  it(`keeps ${MAX_PENDING_INVOICES} pending invoices at most when 15 are raised at once`, async () => {
    const reseller = await signUpReseller(app);
    const results = await Promise.all(
      Array.from({ length: 15 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/invoices/create-invoice',
          headers: reseller.headers,
          payload: { amount: 20, type: 'cashapp' },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_PENDING_INVOICES);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(15 - MAX_PENDING_INVOICES);
    const raised = await app.ctx.db.select().from(invoices).where(eq(invoices.userId, reseller.id));
    expect(raised).toHaveLength(MAX_PENDING_INVOICES);
  });

  it('a receipt swapped while staff approve: completed only with the receipt staff saw, else no money', async () => {
    for (let round = 0; round < 8; round++) {
      const reseller = await signUpReseller(app);
      const id = await raise(reseller, 15);
      const give = (receipt: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/invoices/verify-cashapp',
          headers: reseller.headers,
          payload: { invoice: id, cashAppUrl: `#${receipt}` },
        });
      const seen = `SEEN${round}X${reseller.id.slice(0, 6)}`.toUpperCase();
      const swapped = `SWAP${round}X${reseller.id.slice(0, 6)}`.toUpperCase();
      expect((await give(seen)).statusCode).toBe(200);
      const [approval, swap] = await Promise.all([
        app.inject({
          method: 'POST',
          url: `/api/v1/admin/invoices/${id}/approve`,
          headers: staff.headers,
          payload: { receipt: seen },
        }),
        give(swapped),
      ]);
      const [row] = await app.ctx.db.select().from(invoices).where(eq(invoices.id, id));
      const sum = await ledgerSum(reseller.id);
      if (approval.statusCode === 200) {
        expect(swap.statusCode).toBe(409);
        expect(row).toMatchObject({ status: 'completed', receipt: seen });
        expect(sum).toEqual({ total: 1500, n: 1, balance: 1500 });
      } else {
        expect(approval.statusCode).toBe(409);
        expect(swap.statusCode).toBe(200);
        expect(row).toMatchObject({ status: 'pending', receipt: swapped });
        expect(sum).toEqual({ total: 0, n: 0, balance: 0 });
      }
    }
  });
});
