import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { JOB_SCHEMA } from '../../jobs/pg-boss-queue.ts';
import { LABEL_QUEUE } from '../../jobs/queues.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  balanceCents,
  createOrder,
  fund,
  labelTypeIds,
  ledgerOf,
  orderBody,
} from '../../../test/order-fixtures.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

// PGlite has one connection, so races there prove nothing: this runs on real PostgreSQL only.
describe('POST /api/v1/order/create under concurrency on postgres', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ engine: 'postgres', poolSize: 40 });
  });
  afterAll(async () => app.close());

  it('sells exactly as many labels as the balance covers to 200 simultaneous requests', async () => {
    const reseller = await signUpReseller(app);
    const ids = await labelTypeIds(app, reseller.headers);
    const unitCents = 275;
    await fund(app.database.db, reseller.id, 100 * unitCents);

    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        createOrder(app, reseller.headers, orderBody(ids.ground_oz!, { ToName: `Buyer ${i}` })),
      ),
    );

    const byStatus = new Map<number, number>();
    for (const r of results) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 201: 100, 402: 100 });
    for (const r of results.filter((x) => x.statusCode === 402))
      expect(r.json().message).toMatch(
        /^Insufficient balance: this order costs \$2\.75 and your balance is \$/,
      );

    expect(await balanceCents(app.database.db, reseller.id)).toBe(0);
    const ledger = await ledgerOf(app.database.db, reseller.id);
    expect(ledger.sum).toBe(0);
    expect(ledger.entries.filter((e) => e.kind === 'order_charge')).toHaveLength(100);
    // The balance never went below zero: every entry's running balance stayed >= 0.
    expect(ledger.entries.every((e) => e.balanceAfterCents >= 0)).toBe(true);
    const placed = await app.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.userId, reseller.id));
    expect(placed).toHaveLength(100);
    const stats = await app.inject({ method: 'GET', url: '/api/v1/order/stats', headers: reseller.headers });
    expect(stats.json()).toMatchObject({ total: 100, pending: 100 });
    const jobs = await app.database.db.execute(
      sql.raw(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = '${LABEL_QUEUE}'`),
    );
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(100);
  });
});
