import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refundRequests } from '../../db/schema.ts';
import { startWorkers } from '../../jobs/index.ts';
import {
  apiReseller,
  signUpReseller,
  signUpStaff,
  type ApiReseller,
} from '../../../test/account-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { freePort } from '../../../test/postgres-cluster.ts';
import {
  adminCall,
  balanceCents,
  labelTypeIds,
  ledgerOf,
  orderBody,
  waitForLabelJobs,
  waitFor,
} from '../../../test/order-fixtures.ts';
import { startWebhookWorkers } from '../webhooks/webhook-delivery.ts';
import { drainWebhookDeliveries } from '../webhooks/test-support.ts';
import { staffRefund, statusOf } from './test-support.ts';

/**
 * Refund news from an upstream LabelPort (decision 303): when B's staff approve the refund A asked for,
 * B's `order.cancelled` reaches the inbound URL A registered (A with PUBLIC_URL) and A credits its
 * reseller at once, with its own void check an hour away. Both are real servers.
 */
describe("an upstream's order.cancelled settles the void at once", () => {
  let a: TestApp;
  let b: TestApp;
  let onB: ApiReseller;
  let bUrl: string;

  beforeAll(async () => {
    b = await createTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '0', API_PURCHASES_PER_SECOND: '0', WEBHOOK_RETRY_BASE_SECONDS: '1' },
    });
    await startWorkers(b.ctx);
    await startWebhookWorkers(b.ctx);
    await b.listen({ port: 0, host: '127.0.0.1' });
    bUrl = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
    onB = await apiReseller(b, 50_00);
    const port = await freePort();
    a = await createTestApp({
      env: {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        PROVIDER_LABEL_WAIT_SECONDS: '20',
        REFUND_VOID_CHECK_SECONDS: '3600',
      },
    });
    await startWorkers(a.ctx);
    await a.listen({ port, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await waitForLabelJobs(a);
    await waitForLabelJobs(b);
    await drainWebhookDeliveries(b);
    await a.close();
    await b.close();
  });

  it("B's order.cancelled reaches A's inbound URL and A credits its reseller at once, once", async () => {
    const staffA = await signUpStaff(a);
    const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      adminCall(a, staffA.headers, method, url, payload);
    const added = await admin('POST', '/providers', {
      kind: 'labelport',
      name: 'Portal B',
      credentials: {
        apiKey: onB.apiKey,
        baseUrl: bUrl,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const providerId = added.json().provider._id as string;
    const groundOz = (await labelTypeIds(a, staffA.headers)).ground_oz!;
    await admin('PUT', `/label-types/${groundOz}/route`, { route: [{ providerId, service: 'ground_oz' }] });
    const reseller = await signUpReseller(a, 100_00);

    const res = await a.inject({
      method: 'POST',
      url: '/api/v1/order/create',
      headers: reseller.headers,
      payload: orderBody(groundOz),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().orders[0]._id as string;
    const order = await waitFor(
      () => statusOf(a, id),
      (o) => o.status === 'completed',
      30_000,
    );
    const before = await balanceCents(a.ctx.db, reseller.id);
    const asked = await staffRefund(a, staffA.headers, id, 'Customer cancelled');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().order).toMatchObject({ refundStatus: 'submitted' });

    // B's staff approve B's request; B tells A by webhook, and A asks B and credits at once.
    const [onBOrder] = await b.ctx.db.select().from(orders).where(eq(orders.tracking, order.tracking!));
    const [request] = await b.ctx.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.orderId, onBOrder!.id));
    const staffB = await signUpStaff(b);
    const approved = await b.inject({
      method: 'POST',
      url: `/api/v1/admin/refund-requests/${request!.id}/approve`,
      headers: staffB.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const refunded = await waitFor(
      () => statusOf(a, id),
      (o) => o.refundStatus === 'refunded',
      20_000,
    );
    expect(refunded.status).toBe('cancelled');
    expect(await balanceCents(a.ctx.db, reseller.id)).toBe(before + order.priceCents);
    await drainWebhookDeliveries(b);
    const refunds = (await ledgerOf(a.ctx.db, reseller.id)).entries.filter((e) => e.kind === 'refund');
    expect(refunds).toHaveLength(1);
  }, 90_000);
});
