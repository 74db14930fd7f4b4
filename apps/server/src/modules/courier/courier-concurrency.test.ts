import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { balanceCents, fund, ledgerOf } from '../../../test/order-fixtures.ts';
import { cancel, createCourier, quote, setStatus } from './test-support.ts';
import { signUpStaff, signUpReseller } from '../../../test/account-fixtures.ts';

// PGlite has one connection, so races there prove nothing: this runs on real PostgreSQL only.
describe('courier order moves under concurrency on postgres', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ engine: 'postgres', poolSize: 30 });
  });
  afterAll(async () => app.close());

  it('charges 20 simultaneous Accepts of one quoted order once', async () => {
    const reseller = await signUpReseller(app, 10_000);
    const staff = await signUpStaff(app);
    const id = await createCourier(app, reseller.headers);
    expect((await quote(app, staff.headers, id, 42)).statusCode).toBe(200);

    const results = await Promise.all(
      Array.from({ length: 20 }, () => setStatus(app, reseller.headers, id, 'In Process')),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await balanceCents(app.database.db, reseller.id)).toBe(10_000 - 4200);
    const ledger = await ledgerOf(app.database.db, reseller.id);
    expect(ledger.entries.filter((e) => e.kind === 'order_charge')).toHaveLength(1);
    expect(ledger.sum).toBe(10_000 - 4200);
  });

  it('ends an Accept racing a staff Cancel in one consistent state, ten times over', async () => {
    const reseller = await signUpReseller(app);
    const staff = await signUpStaff(app);
    await fund(app.database.db, reseller.id, 100_000);
    for (let round = 0; round < 10; round++) {
      const id = await createCourier(app, reseller.headers);
      await quote(app, staff.headers, id, 42);
      const [accepted, cancelled] = await Promise.all([
        setStatus(app, reseller.headers, id, 'In Process'),
        cancel(app, staff.headers, id),
      ]);
      // Staff may cancel either way (before or after the Accept); the order ends Cancelled.
      expect(cancelled.statusCode).toBe(200);
      expect([200, 409]).toContain(accepted.statusCode);
      const list = (await app.inject({ url: '/api/v1/fed/read', headers: reseller.headers })).json();
      expect(list.docs[0].status).toBe('Cancelled');
    }
    // Every accepted charge was refunded exactly once: the balance is back, and matches the ledger.
    const balance = await balanceCents(app.database.db, reseller.id);
    const ledger = await ledgerOf(app.database.db, reseller.id);
    expect(balance).toBe(100_000);
    expect(ledger.sum).toBe(balance);
    const charges = ledger.entries.filter((e) => e.kind === 'order_charge').length;
    expect(ledger.entries.filter((e) => e.kind === 'refund')).toHaveLength(charges);
  });
});
