import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, users } from '../../db/schema.ts';
import { signUpReseller, signUpStaff } from '../../../test/account-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

// PGlite has one connection, so races there prove nothing: this runs on real PostgreSQL only.
describe('staff balance adjustments under concurrency on postgres', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ engine: 'postgres', poolSize: 30 });
  });
  afterAll(() => app.close());

  it('50 simultaneous credits and debits of $1 leave the balance equal to the ledger, each with its audit row', async () => {
    const staff = await signUpStaff(app);
    const { id: resellerId } = await signUpReseller(app);

    // Debits that find the balance at 0 are refused; the rest apply, in whatever order they land.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/admin/users/${resellerId}/adjust-balance`,
          headers: staff.headers,
          payload: { amount: i % 2 === 0 ? 1 : -1, reason: `race ${i}` },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    const refused = results.filter((r) => r.statusCode === 422).length;
    expect(ok + refused).toBe(50);
    expect(ok).toBeGreaterThanOrEqual(25);

    const [user] = await app.ctx.db.select().from(users).where(eq(users.id, resellerId));
    const [sum] = await app.ctx.db
      .select({
        total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
        n: sql<number>`count(*)::int`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, resellerId));
    expect(user!.balanceCents).toBe(Number(sum!.total));
    expect(user!.balanceCents).toBeGreaterThanOrEqual(0);
    expect(sum!.n).toBe(ok);
    const audits = await app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.targetId, resellerId));
    expect(audits[0]!.n).toBe(ok);
  });
});
