import { sql } from 'drizzle-orm';
import type { OrderView } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { ENGINES, createPostgresDatabaseUrl, createTestApp, type TestApp } from '../../../test/helper.ts';
import { createOrder, fund, labelTypeIds, orderBody, type Reseller } from '../../../test/order-fixtures.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

/** A small bound, so the test of it reads few pages. */
const MEMORY_ROWS = 300;
const env = { ORDER_PAGE_MEMORY_ROWS: String(MEMORY_ROWS) };

type Page = { orders: OrderView[]; total: number; totalPages: number };

/**
 * Order pages answered from memory (decision 228): a page is reused only while the reseller's
 * `order_stats.version` stands, and every change a page shows moves it. On PostgreSQL the changes are
 * made through a second app on the same database, which remembers pages of its own, as a second server
 * instance would.
 */
describe.each(ENGINES)('remembered order pages on %s', (engine) => {
  let reader: TestApp;
  let writer: TestApp;
  let alice: Reseller;
  let groundOz: string;

  const read = async (url = '/api/v1/order/read'): Promise<Page> => {
    const res = await reader.inject({ method: 'GET', url, headers: alice.headers });
    expect(res.statusCode).toBe(200);
    return res.json() as Page;
  };
  const exec = (statement: ReturnType<typeof sql>) => writer.database.db.execute(statement);
  /** Runs `statement` with the triggers on orders off, so it moves no version. */
  const behindTriggers = (statement: string) =>
    writer.database.executeSql(`BEGIN; ALTER TABLE orders DISABLE TRIGGER USER; ${statement};
      ALTER TABLE orders ENABLE TRIGGER USER; COMMIT`);
  /** The newest of alice's orders, as page 1 shows it. */
  const newest = async () => (await read()).orders[0]!;

  beforeAll(async () => {
    if (engine === 'postgres') {
      const url = await createPostgresDatabaseUrl('memory');
      writer = await createTestApp({
        env,
        database: await createDatabase({ url, dataDir: '', poolSize: 4 }),
      });
      reader = await createTestApp({
        env,
        database: await createDatabase({ url, dataDir: '', poolSize: 4 }),
      });
    } else {
      writer = reader = await createTestApp({ env, engine });
    }
    alice = await signUpReseller(reader);
    groundOz = (await labelTypeIds(reader, alice.headers)).ground_oz!;
    // Three completed orders an hour old, with labels: refundable within the default window.
    await exec(sql`
      INSERT INTO orders (batch_id, user_id, label_type_id, status, price_cents, weight, from_name, from_street,
        from_city, from_state, from_zip, to_name, to_street, to_city, to_state, to_zip, tracking, created_at)
      SELECT gen_random_uuid(), ${alice.id}, ${groundOz}, 'completed', 275, 3, 'Sam Sender', '1 Main St',
        'Austin', 'TX', '78701', 'Rita ' || g, '2 Main St', 'Boston', 'MA', '02116',
        '9400' || lpad(g::text, 18, '0'), now() - interval '1 hour' - g * interval '1 minute'
      FROM generate_series(1, 3) AS g`);
  }, 60_000);
  afterAll(async () => {
    await reader?.close();
    if (writer !== reader) await writer?.close();
  });

  it('answers from memory while the version stands, and reads again once it moves', async () => {
    const first = await newest();
    expect(first.ToName).toBe('Rita 1');
    // A change behind the triggers' back (they are off for this statement) leaves the version as it was:
    // the page comes from memory, so it still shows the old name.
    await behindTriggers(`UPDATE orders SET to_name = 'Unseen' WHERE id = '${first._id}'`);
    expect((await newest()).ToName).toBe('Rita 1');
    // Any ordinary update moves the version, even one that keeps the status.
    await exec(sql`UPDATE orders SET to_name = 'Rita Renamed' WHERE id = ${first._id}`);
    expect((await newest()).ToName).toBe('Rita Renamed');
  });

  it('shows a refund request as soon as it is made, decided or withdrawn', async () => {
    const order = await newest();
    expect(order.refundableUntil).not.toBeNull();
    expect(order.refundRequest).toBeNull();

    const requested = await writer.inject({
      method: 'POST',
      url: `/api/v1/order/refund-request/${order._id}`,
      headers: alice.headers,
      payload: { reason: 'Never shipped' },
    });
    expect(requested.statusCode).toBe(201);
    const after = await newest();
    expect(after.refundRequest).toMatchObject({ status: 'pending', reason: 'Never shipped' });
    expect(after.refundableUntil).toBeNull();

    await exec(sql`UPDATE refund_requests SET status = 'rejected', rejection_reason = 'Label was scanned'
      WHERE order_id = ${order._id}`);
    expect((await newest()).refundRequest).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Label was scanned',
    });

    await exec(sql`DELETE FROM refund_requests WHERE order_id = ${order._id}`);
    expect((await newest()).refundRequest).toBeNull();
  });

  it('shows a renamed label type and a changed refund window', async () => {
    const before = await newest();
    const [{ name }] = (
      (await exec(sql`SELECT name FROM label_types WHERE id = ${groundOz}`)) as unknown as {
        rows: [{ name: string }];
      }
    ).rows;
    await exec(sql`UPDATE label_types SET name = 'Ground Renamed' WHERE id = ${groundOz}`);
    try {
      expect((await newest()).labelType.name).toBe('Ground Renamed');
    } finally {
      await exec(sql`UPDATE label_types SET name = ${name} WHERE id = ${groundOz}`);
    }
    expect((await newest()).labelType.name).toBe(name);

    // A one-day window leaves the hour-old orders refundable, but until a different time.
    await exec(sql`INSERT INTO app_settings (key, value) VALUES ('refundWindowDays', '1'::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
    const shorter = await newest();
    expect(shorter.refundableUntil).not.toBeNull();
    expect(Date.parse(shorter.refundableUntil!)).toBe(Date.parse(before.createdAt) + 24 * 3600_000);
    await exec(sql`UPDATE app_settings SET value = '2'::jsonb WHERE key = 'refundWindowDays'`);
    expect(Date.parse((await newest()).refundableUntil!)).toBe(Date.parse(before.createdAt) + 48 * 3600_000);
  });

  it('shows an order placed on another instance, and counts it', async () => {
    const before = await read();
    await fund(writer.database.db, alice.id, 10_000);
    const placed = await createOrder(
      writer,
      alice.headers,
      orderBody(groundOz, { ToName: 'Newest Receiver' }),
    );
    expect(placed.statusCode).toBe(201);
    const after = await read();
    expect(after.total).toBe(before.total + 1);
    expect(after.orders[0]!.ToName).toBe('Newest Receiver');
    // The same filter at another page size or sort is remembered on its own.
    const oldestFirst = await read('/api/v1/order/read?sort=asc&limit=2');
    expect(oldestFirst.orders.map((o) => o.ToName)).toEqual(['Rita 3', 'Rita 2']);
    expect(oldestFirst.totalPages).toBe(2);

    // The last page of one order, then that order deleted: the page is now past the end.
    const lastUrl = `/api/v1/order/read?limit=1&page=${after.total}`;
    const last = await read(lastUrl);
    expect(last.orders).toHaveLength(1);
    await exec(sql`DELETE FROM orders WHERE id = ${last.orders[0]!._id}`);
    expect(await read(lastUrl)).toEqual({ orders: [], total: after.total - 1, totalPages: after.total - 1 });
  });

  it('holds a bounded number of orders in memory', async () => {
    // Full pages of 100 until more orders than the bound were read: the first page is forgotten by
    // then, so a change the version does not show is seen on its next read.
    await exec(sql`
      INSERT INTO orders (batch_id, user_id, label_type_id, status, price_cents, weight, from_name, from_street,
        from_city, from_state, from_zip, to_name, to_street, to_city, to_state, to_zip, created_at)
      SELECT gen_random_uuid(), ${alice.id}, ${groundOz}, 'pending', 275, 3, 'Sam Sender', '1 Main St',
        'Austin', 'TX', '78701', 'Old ' || g, '2 Main St', 'Boston', 'MA', '02116', now() - g * interval '1 day'
      FROM generate_series(1, ${MEMORY_ROWS + 100}) AS g`);
    const url = (page: number) => `/api/v1/order/read?limit=100&page=${page}`;
    const first = (await read(url(1))).orders[0]!;
    await behindTriggers(`UPDATE orders SET to_name = 'Unseen' WHERE id = '${first._id}'`);
    expect((await read(url(1))).orders[0]!.ToName).toBe(first.ToName);
    for (let page = 2; page <= MEMORY_ROWS / 100 + 1; page++)
      expect((await read(url(page))).orders).toHaveLength(100);
    expect((await read(url(1))).orders[0]!.ToName).toBe('Unseen');
  }, 120_000);
});

describe('order pages with ORDER_PAGE_MEMORY_ROWS=0', () => {
  it('reads every page fresh', async () => {
    const app = await createTestApp({ env: { ORDER_PAGE_MEMORY_ROWS: '0' } });
    try {
      const alice = await signUpReseller(app, 1_000);
      const groundOz = (await labelTypeIds(app, alice.headers)).ground_oz!;
      expect((await createOrder(app, alice.headers, orderBody(groundOz))).statusCode).toBe(201);
      const read = async () =>
        (
          await app.inject({ method: 'GET', url: '/api/v1/order/read', headers: alice.headers })
        ).json() as Page;
      expect((await read()).orders[0]!.ToName).toBe('Rita Receiver');
      await app.database.executeSql(`BEGIN; ALTER TABLE orders DISABLE TRIGGER USER;
        UPDATE orders SET to_name = 'Read Fresh'; ALTER TABLE orders ENABLE TRIGGER USER; COMMIT`);
      expect((await read()).orders[0]!.ToName).toBe('Read Fresh');
    } finally {
      await app.close();
    }
  });
});
