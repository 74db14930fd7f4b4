import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { labelTypeIds, type Reseller } from '../../../test/order-fixtures.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';
import { orderListResponse } from '@portal/shared';
import { exactFitOf } from '../../plugins/response-serializer.ts';
import { readHistoryPage, type OrderListFilter } from './order-list.repository.ts';
import { readOrders } from './read-orders.ts';
import { findOrder } from './orders.repository.ts';
import { toOrderView } from './order-view.ts';
import { toRefundRequestView } from './refund-request-view.ts';

/**
 * The rows of an order page (decision 343): they carry what the history's views read and no more.
 */
describe('the rows of an order page', () => {
  let app: TestApp;
  let alice: Reseller;
  let filter: OrderListFilter;

  beforeAll(async () => {
    app = await createTestApp({ engine: 'pglite' });
    alice = await signUpReseller(app);
    const groundOz = (await labelTypeIds(app, alice.headers)).ground_oz!;
    await app.database.db.execute(sql`
      INSERT INTO orders (batch_id, user_id, label_type_id, status, price_cents, weight, from_name, from_street,
        from_city, from_state, from_zip, to_name, to_street, to_city, to_state, to_zip, tracking,
        insured_value_cents, insurance_cents, signature, height, created_at)
      SELECT gen_random_uuid(), ${alice.id}, ${groundOz}, 'completed', 275, 3, 'Sam Sender', '1 Main St',
        'Austin', 'TX', '78701', 'Rita ' || g, '2 Main St', 'Boston', 'MA', '02116',
        '9400' || lpad(g::text, 18, '0'), CASE WHEN g = 2 THEN 25000 END, CASE WHEN g = 2 THEN 300 END, g = 1,
        CASE WHEN g = 1 THEN 4.25 END,
        now() - interval '1 hour' - g * interval '1 minute'
      FROM generate_series(1, 4) AS g`);
    await app.database.db.execute(sql`
      INSERT INTO refund_requests (order_id, user_id, reason)
      SELECT id, user_id, 'Never shipped' FROM orders WHERE user_id = ${alice.id} AND to_name = 'Rita 3'`);
    filter = { userId: alice.id, status: null, tsQuery: null, sort: 'des', offset: 0, limit: 10 };
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('shows each order as the order read whole shows it, without the columns no view reads', async () => {
    const { rows } = await readHistoryPage(app.database.db, filter);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const whole = (await findOrder(app.database.db, row.id))!;
      expect(toOrderView(row)).toEqual(toOrderView(whole));
      expect(row.createdAt).toEqual(whole.createdAt);
      for (const unread of ['voidChecks', 'providerNote', 'costCents', 'failureReason', 'updatedAt'])
        expect(row, unread).not.toHaveProperty(unread);
    }
    const first = rows.find((row) => row.toName === 'Rita 1')!;
    expect([first.signature, first.height, first.orderNumber]).toEqual([true, 4.25, expect.any(Number)]);
    const asked = rows.find((row) => row.toName === 'Rita 3')!.refundRequest!;
    expect(toRefundRequestView(asked)).toMatchObject({ status: 'pending', reason: 'Never shipped' });
    expect(asked).not.toHaveProperty('decidedBy');
  });

  it('makes each row an object of fast properties, as its views are, not a hash table (decision 360)', async () => {
    v8.setFlagsFromString('--allow-natives-syntax');
    // A test-only probe of V8's object layout: the runtime call needs the flag above when it is parsed.
    const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
    const { rows } = await readHistoryPage(app.database.db, filter);
    for (const row of rows) {
      expect(hasFastProperties(row), row.toName).toBe(true);
      if (row.refundRequest) expect(hasFastProperties(row.refundRequest)).toBe(true);
    }
  });

  it('answers a page that is already as its schema writes it, so JSON.stringify writes it (decision 360)', async () => {
    const query = {
      search: '',
      status: 'All',
      sort: 'des',
      page: 1,
      limit: 10,
      trackingStatus: undefined,
    } as const;
    const answer = await readOrders(app.ctx, { userId: alice.id, query });
    expect(answer.orders).toHaveLength(4);
    expect(answer.orders.some((order) => order.refundRequest)).toBe(true);
    expect(exactFitOf(orderListResponse)!(answer)).toBe(true);
  });
});
