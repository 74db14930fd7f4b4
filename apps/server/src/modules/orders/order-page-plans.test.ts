import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, planCounts, scansOf, type TestApp } from '../../../test/helper.ts';
import { labelTypeIds, type Reseller } from '../../../test/order-fixtures.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

type IndexUse = Record<string, number>;

/**
 * The plans PostgreSQL keeps for first pages (decision 229). A first page's statement keeps one
 * generic plan per connection, made for no reseller in particular: planning its joined rows for each
 * request costs more than reading them. When the planner's statistics saw the orders of one reseller
 * only, the index on (created_at, number) filtered by reseller looked as good as the reseller's own:
 * another reseller's page 1 would then read the whole history of orders to find its own few.
 */
describe('first order pages on postgres', () => {
  let app: TestApp;
  let alice: Reseller;
  let bob: Reseller;

  /** Index scans of orders' indexes so far, by index name. */
  const indexScans = async (): Promise<IndexUse> => (await scansOf(app.database, 'orders')).index;

  beforeAll(async () => {
    // One connection, so every read below uses the same prepared statements and comes to their
    // generic plans; no remembered pages, so every read runs its statement.
    app = await createTestApp({ engine: 'postgres', poolSize: 1, env: { ORDER_PAGE_MEMORY_ROWS: '0' } });
    alice = await signUpReseller(app);
    bob = await signUpReseller(app);
    const groundOz = (await labelTypeIds(app, alice.headers)).ground_oz!;
    const insert = (userId: string, count: number) =>
      app.database.db.execute(sql`
        INSERT INTO orders (batch_id, user_id, label_type_id, status, price_cents, weight, from_name,
          from_street, from_city, from_state, from_zip, to_name, to_street, to_city, to_state, to_zip, created_at)
        SELECT gen_random_uuid(), ${userId}, ${groundOz}, 'completed', 275, 3, 'Sam Sender', '1 Main St',
          'Austin', 'TX', '78701', 'Rita ' || g, '2 Main St', 'Boston', 'MA', '02116',
          now() - g * interval '1 minute'
        FROM generate_series(1, ${count}) AS g`);
    await insert(alice.id, 3000);
    // The statistics see alice alone; bob's orders come after them, as a new reseller's would.
    await app.database.executeSql('ANALYZE orders');
    await insert(bob.id, 3);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['newest first', '/api/v1/order/read', 'order-page-first-all-des'],
    ['oldest first', '/api/v1/order/read?sort=asc', 'order-page-first-all-asc'],
    ['of one status', '/api/v1/order/read?status=completed', 'order-page-first-completed-des'],
    [
      'of one status, oldest first',
      '/api/v1/order/read?status=completed&sort=asc',
      'order-page-first-completed-asc',
    ],
  ])('keeps one generic plan for a big reseller’s page 1 %s', async (_, url, statement) => {
    // PostgreSQL plans a prepared statement for its values five times, then keeps a generic plan unless
    // that plan looks dearer: planning the page's joined rows costs more than reading them, and page 1
    // is the page polled most.
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({ method: 'GET', url, headers: alice.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().orders.length).toBeGreaterThan(0);
    }
    const plans = await planCounts(app.database, statement);
    expect(plans).toBeDefined();
    expect(plans!.generic).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['newest first', '/api/v1/order/read'],
    ['oldest first', '/api/v1/order/read?sort=asc'],
    ['of one status', '/api/v1/order/read?status=completed'],
    ['of one status, oldest first', '/api/v1/order/read?status=completed&sort=asc'],
  ])('finds a small reseller’s page 1 %s through the reseller’s own index', async (_, url) => {
    const before = await indexScans();
    // The first reads are planned for bob; from the sixth the connection may keep a generic plan.
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({ method: 'GET', url, headers: bob.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().orders).toHaveLength(3);
    }
    const after = await indexScans();
    expect(after.orders_created_idx).toBe(before.orders_created_idx);
    const ownScans =
      after.orders_user_created_idx! +
      after.orders_user_status_created_idx! -
      before.orders_user_created_idx! -
      before.orders_user_status_created_idx!;
    expect(ownScans).toBeGreaterThanOrEqual(10);
  });
});
