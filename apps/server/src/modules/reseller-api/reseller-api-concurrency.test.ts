import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { balanceCents, ledgerOf, orderBody } from '../../../test/order-fixtures.ts';
import { apiReseller } from '../../../test/account-fixtures.ts';
import { apiCall } from '../../../test/api-fixtures.ts';

// PGlite has one connection, so races there prove nothing: this runs on real PostgreSQL only.
describe('reseller API purchases under concurrency on postgres', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      engine: 'postgres',
      poolSize: 40,
      env: { API_RATE_LIMIT_PER_MINUTE: '0', API_PURCHASES_PER_SECOND: '0' },
    });
  });
  afterAll(async () => app.close());

  it('charges once for one Idempotency-Key sent 50 times at once, and every reply is the same', async () => {
    const alice = await apiReseller(app, 50_00);
    const headers = { 'idempotency-key': 'plugin-checkout-42' };
    const body = orderBody('ground_oz', { quantity: 2 });
    const send = () => apiCall(app, alice.apiKey, 'POST', '/order/create-order', body, headers);
    const replies = await Promise.all(Array.from({ length: 50 }, send));

    // The requests that met the first one running waited for its reply and got it again.
    expect(replies.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    const later = await send();
    expect(later.body).toBe(replies[0]!.body);
    expect(await balanceCents(app.database.db, alice.id)).toBe(50_00 - 2 * 275);
    const charges = (await ledgerOf(app.database.db, alice.id)).entries.filter(
      (e) => e.kind === 'order_charge',
    );
    expect(charges).toHaveLength(1);
    expect(await app.database.db.select().from(orders).where(eq(orders.userId, alice.id))).toHaveLength(2);

    const other = await apiCall(
      app,
      alice.apiKey,
      'POST',
      '/order/create-order',
      orderBody('ground_oz'),
      headers,
    );
    expect(other.statusCode).toBe(422);
    expect(await balanceCents(app.database.db, alice.id)).toBe(50_00 - 2 * 275);
  });

  it('sells exactly 100 labels to 200 simultaneous API orders against a balance for 100', async () => {
    const bob = await apiReseller(app, 100 * 275);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        apiCall(
          app,
          bob.apiKey,
          'POST',
          '/order/create-order',
          orderBody('ground_oz', { ToName: `Buyer ${i}` }),
          {
            'idempotency-key': `order-${i}`,
          },
        ),
      ),
    );
    const byStatus = new Map<number, number>();
    for (const r of results) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 201: 100, 402: 100 });
    expect(await balanceCents(app.database.db, bob.id)).toBe(0);
    const ledger = await ledgerOf(app.database.db, bob.id);
    expect(ledger.sum).toBe(0);
    expect(ledger.entries.filter((e) => e.kind === 'order_charge')).toHaveLength(100);
    const placed = await app.database.db.select().from(orders).where(eq(orders.userId, bob.id));
    expect(placed).toHaveLength(100);
    expect(placed.every((o) => o.source === 'api')).toBe(true);
  });
});
