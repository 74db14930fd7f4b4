import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providers } from '../../db/schema.ts';
import { signUpReseller, type ApiReseller } from '../../../test/account-fixtures.ts';
import type { TestApp } from '../../../test/helper.ts';
import { freePort } from '../../../test/postgres-cluster.ts';
import { orderBody, waitFor, placeOrder } from '../../../test/order-fixtures.ts';
import {
  startDownstreamPortal,
  startUpstreamPortal,
  type UpstreamPortal,
} from '../../../test/two-portals.ts';
import { createEndpoint, startReceiver } from '../webhooks/test-support.ts';

type Timeline = { trackingStatus: string | null; trackingEvents: { status: string; description: string }[] };

/**
 * Tracking through another LabelPort (issue 36): B's test-mode walk reaches A's order, pushed by B's
 * `order.tracking_updated` webhook to the URL A registered when staff added B (A with PUBLIC_URL), or
 * pulled by polling B's read-order (A without it), and A tells its own reseller by webhook.
 */
describe('tracking from an upstream LabelPort', () => {
  let portalB: UpstreamPortal;
  let b: TestApp;
  let onB: ApiReseller;

  beforeAll(async () => {
    portalB = await startUpstreamPortal({
      env: { TEST_TRACKING_STEP_SECONDS: '0.25', WEBHOOK_RETRY_BASE_SECONDS: '1' },
      webhooks: true,
    });
    ({ app: b, account: onB } = portalB);
  }, 120_000);
  afterAll(() => portalB.close());

  /** Portal A buying ground_oz labels on B, and a reseller of A with a webhook endpoint. */
  async function portalA(env: Record<string, string>) {
    const portal = await startDownstreamPortal({
      env: { WEBHOOK_RETRY_BASE_SECONDS: '1', ...env },
      webhooks: true,
    });
    const providerId = (await portal.addUpstream({ apiKey: onB.apiKey, baseUrl: portalB.url }))._id;
    await portal.route('ground_oz', [providerId]);
    const groundOz = await portal.labelTypeId('ground_oz');
    const reseller = await signUpReseller(portal.app, 100_00);
    const receiver = await startReceiver();
    await createEndpoint(portal.app, reseller.headers, {
      url: receiver.url,
      events: ['order.tracking_updated'],
    });
    const close = async () => {
      await portal.close();
      await receiver.close();
    };
    return { a: portal.app, admin: portal.admin, providerId, groundOz, reseller, receiver, close };
  }

  async function buyAndFollow(setup: Awaited<ReturnType<typeof portalA>>) {
    const { a, reseller, groundOz } = setup;
    const id = await placeOrder(a, reseller.headers, orderBody(groundOz));
    const read = async () =>
      (await a.inject({ method: 'GET', url: `/api/v1/order/read/${id}`, headers: reseller.headers })).json()
        .order as Timeline;
    const done = await waitFor(read, (o) => o.trackingStatus === 'delivered', 30_000);
    return { id, done };
  }

  it("B's walk reaches A's order by B's webhook, registered when B was added, and A's reseller hears of it", async () => {
    const port = await freePort();
    const setup = await portalA({ PUBLIC_URL: `http://127.0.0.1:${port}` });
    const { a, providerId, receiver } = setup;
    try {
      await a.listen({ port, host: '127.0.0.1' });
      const [row] = await a.ctx.db.select().from(providers).where(eq(providers.id, providerId));
      expect(row!.webhookId).toBeTruthy();
      expect(row!.webhookSecretSealed).toBeTruthy();
      const onBHooks = await b.inject({ method: 'GET', url: '/api/v1/webhooks', headers: onB.headers });
      expect(onBHooks.json().endpoints).toMatchObject([
        {
          url: `http://127.0.0.1:${port}/api/v1/tracking/inbound/${providerId}`,
          events: ['order.tracking_updated', 'order.cancelled', 'order.refund_rejected'],
        },
      ]);

      const { id, done } = await buyAndFollow(setup);
      expect(done.trackingEvents.map((e) => e.status)).toEqual([
        'pre_transit',
        'in_transit',
        'in_transit',
        'out_for_delivery',
        'delivered',
      ]);
      // A's reseller got order.tracking_updated, the last one delivered, each with only the new events.
      await waitFor(
        async () => receiver.received.map((r) => JSON.parse(r.body).data.trackingStatus as string),
        (statuses) => statuses.includes('delivered'),
        30_000,
      );
      const payloads = receiver.received.map((r) => JSON.parse(r.body));
      expect(payloads.every((p) => p.type === 'order.tracking_updated' && p.data._id === id)).toBe(true);
      const sent = payloads.flatMap((p) => p.data.newEvents as { description: string }[]);
      expect(new Set(sent.map((e) => e.description)).size).toBe(sent.length);
      // Deliveries may arrive in any order (several at once per endpoint): the delivered one is there.
      expect(payloads.map((p) => p.data)).toContainEqual(
        expect.objectContaining({ status: 'completed', trackingStatus: 'delivered' }),
      );
      // Staff see the same on A; B's reseller API shows B's own order with its timeline.
      const staffView = (await setup.admin('GET', `/orders/${id}`)).json().order;
      expect(staffView).toMatchObject({ trackingStatus: 'delivered' });
      expect(staffView.trackingEvents).toHaveLength(5);
      const listed = (await setup.admin('GET', '/orders?limit=100')).json().orders as {
        _id: string;
        trackingStatus: string;
      }[];
      expect(listed.find((o) => o._id === id)?.trackingStatus).toBe('delivered');
      const onBOrders = await b.inject({
        method: 'GET',
        url: '/api/v2/order/read-orders?trackingStatus=delivered',
        headers: { 'x-api-key': onB.apiKey },
      });
      const bOrder = (onBOrders.json().orders as { _id: string; trackingStatus: string }[])[0]!;
      expect(bOrder.trackingStatus).toBe('delivered');
      const bOne = await b.inject({
        method: 'GET',
        url: `/api/v2/order/read-order/${bOrder._id}`,
        headers: { 'x-api-key': onB.apiKey },
      });
      expect((bOne.json().order.trackingEvents as { status: string }[]).map((e) => e.status)).toEqual(
        done.trackingEvents.map((e) => e.status),
      );
    } finally {
      await setup.close();
    }
  }, 90_000);

  it("without a public URL, A polls B's read-order (backoff from TRACKING_POLL_SECONDS) until delivered", async () => {
    const setup = await portalA({ TRACKING_POLL_SECONDS: '0.25' });
    const { a, providerId, receiver } = setup;
    try {
      const [row] = await a.ctx.db.select().from(providers).where(eq(providers.id, providerId));
      expect(row!.webhookId).toBeNull();
      const { done } = await buyAndFollow(setup);
      expect(done.trackingEvents.at(-1)).toMatchObject({
        status: 'delivered',
        description: 'Delivered, front door',
      });
      expect(new Set(done.trackingEvents.map((e) => e.description)).size).toBe(done.trackingEvents.length);
      await receiver.waitFor(1);
    } finally {
      await setup.close();
    }
  }, 90_000);
});
