import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { startWorkers } from '../../jobs/index.ts';
import { TRACKING_QUEUE, type TrackingJobData } from '../../jobs/queues.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  createOrder,
  labelTypeIds,
  orderBody,
  waitFor,
  type Reseller,
} from '../../../test/order-fixtures.ts';

/**
 * Labels stored together start their tracking with one job for all of them, not a job row per label
 * in the store's transaction (decision 347). The one job still takes every order's first look, and
 * each order goes on with its own.
 */
describe('the first tracking look of labels stored together', () => {
  let app: TestApp;
  let alice: Reseller;

  beforeAll(async () => {
    app = await createTestApp({ env: { TEST_TRACKING_STEP_SECONDS: '1' } });
    alice = await signUpReseller(app, 100_00);
  });
  afterAll(() => app.close());

  const trackingJobs = async () =>
    (
      (await app.ctx.db.execute(
        sql`SELECT data FROM pgboss.job WHERE name = ${TRACKING_QUEUE}`,
      )) as unknown as {
        rows: { data: TrackingJobData }[];
      }
    ).rows.map((r) => r.data);

  it('sends one job for the labels of one batch, and that job walks every one of them on', async () => {
    const ids = await labelTypeIds(app, alice.headers);
    const res = await createOrder(app, alice.headers, { ...orderBody(ids.ground_oz!), quantity: 6 });
    expect(res.statusCode, res.body).toBe(201);
    const placed = (res.json().orders as { _id: string }[]).map((o) => o._id);
    expect(placed).toHaveLength(6);
    // The label workers start once the six jobs wait, so one batch takes them all.
    await startWorkers(app.ctx);
    const statuses = () =>
      app.ctx.db
        .select({ status: orders.status, trackingStatus: orders.trackingStatus })
        .from(orders)
        .where(inArray(orders.id, placed));
    await waitFor(statuses, (rows) => rows.every((r) => r.status === 'completed'), 60_000);

    const firstLooks = (await trackingJobs()).filter((data) => 'orderIds' in data);
    expect(firstLooks).toHaveLength(1);
    expect([...(firstLooks[0] as { orderIds: string[] }).orderIds].sort()).toEqual([...placed].sort());

    // A step a second: the one job's look moves each order on from pre-transit.
    await waitFor(statuses, (rows) => rows.every((r) => r.trackingStatus !== 'pre_transit'), 60_000);
    const [one] = await app.ctx.db.select().from(orders).where(eq(orders.id, placed[0]!));
    expect(one!.trackingStatus).not.toBe('pre_transit');
  }, 150_000);
});
