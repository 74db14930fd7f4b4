import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../db/schema.ts';
import { startWorkers } from '../../jobs/index.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';
import { type TestApp } from '../../../test/helper.ts';
import { labelTypeIds, orderBody, placeOrder, waitFor, type Reseller } from '../../../test/order-fixtures.ts';
import {
  createEndpoint,
  drainWebhookDeliveries,
  startReceiver,
  startWebhookApp,
} from '../webhooks/test-support.ts';
import { hubBetween } from './test-walk.ts';
import { applyTrackingEvents } from './tracking.service.ts';

type Event = { time: string; status: string; description: string; city: string | null; state: string | null };
type Payload = { type: string; data: { _id: string; trackingEvents: Event[]; newEvents: Event[] } };

/**
 * Issue 51: the test-mode walk goes from the order's From city through a hub to its To city, and every
 * `order.tracking_updated` says which events are new in it, each event in one message only.
 */
describe('the test-mode walk and its tracking webhooks', () => {
  let app: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let alice: Reseller;
  let webhook: Webhook;
  let orderId = '';
  const payloads = () =>
    receiver.received.map((r) => webhook.verify(r.body, r.headers as Record<string, string>) as Payload);
  const trackingMessages = () =>
    app.ctx.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.userId, alice.id), eq(webhookEvents.type, 'order.tracking_updated')));

  beforeAll(async () => {
    app = await startWebhookApp(undefined, { TEST_TRACKING_STEP_SECONDS: '1' });
    await startWorkers(app.ctx);
    receiver = await startReceiver();
    alice = await signUpReseller(app, 100_00);
    const { secret } = await createEndpoint(app, alice.headers, {
      url: receiver.url,
      events: ['order.tracking_updated'],
    });
    webhook = new Webhook(secret);
  });
  afterAll(async () => {
    await drainWebhookDeliveries(app);
    await app.close();
    await receiver.close();
  });

  it('walks from Mountain View, CA through a hub between to New York, NY', async () => {
    const ids = await labelTypeIds(app, alice.headers);
    orderId = await placeOrder(
      app,
      alice.headers,
      orderBody(ids.ground_oz!, {
        FromStreet: '1600 Amphitheatre Pkwy',
        FromCity: 'Mountain View',
        FromState: 'CA',
        FromZip: '94043',
        ToStreet: '350 5th Ave',
        ToStreet2: '',
        ToCity: 'New York',
        ToState: 'NY',
        ToZip: '10118',
      }),
    );
    const read = async () =>
      (
        await app.inject({ method: 'GET', url: `/api/v1/order/read/${orderId}`, headers: alice.headers })
      ).json().order as { trackingStatus: string; trackingEvents: Event[] };
    const done = await waitFor(read, (o) => o.trackingStatus === 'delivered', 30_000);
    const hub = hubBetween({ city: 'Mountain View', state: 'CA' }, { city: 'New York', state: 'NY' });
    expect(hub.city).not.toMatch(/Mountain View|New York/);
    // A hub in the middle of the country, neither at the coast it left nor the one it goes to.
    expect(['CO', 'KS', 'MO', 'NE', 'IL', 'UT', 'MN']).toContain(hub.state);
    expect(done.trackingEvents.map((e) => [e.status, e.description, `${e.city}, ${e.state}`])).toEqual([
      ['pre_transit', 'Shipping label created', 'Mountain View, CA'],
      ['in_transit', 'Accepted at origin facility', 'Mountain View, CA'],
      ['in_transit', 'Arrived at regional hub', `${hub.city}, ${hub.state}`],
      ['out_for_delivery', 'Out for delivery', 'New York, NY'],
      ['delivered', 'Delivered, front door', 'New York, NY'],
    ]);

    // Each message names its new events; together they are the timeline, every event exactly once.
    const sent = await waitFor(
      async () => payloads().filter((p) => p.type === 'order.tracking_updated' && p.data._id === orderId),
      (list) => list.flatMap((p) => p.data.newEvents ?? []).length >= 5,
      30_000,
    );
    expect(sent.length).toBe((await trackingMessages()).length);
    for (const p of sent) {
      expect(p.data.newEvents.length).toBeGreaterThan(0);
      // The whole timeline up to this message ends with the events new in it.
      expect(p.data.trackingEvents.slice(-p.data.newEvents.length)).toEqual(p.data.newEvents);
    }
    const everyNew = sent.flatMap((p) => p.data.newEvents).sort((a, b) => a.time.localeCompare(b.time));
    expect(everyNew).toEqual(done.trackingEvents);
  }, 60_000);

  it('never stores or sends an event twice, even when a second source gives it another key', async () => {
    const before = (await trackingMessages()).length;
    const event = {
      time: new Date('2026-11-28T10:00:00Z'),
      status: 'delivered' as const,
      description: 'Delivered, left with neighbor',
      city: 'New York',
      state: 'NY',
    };
    const first = await applyTrackingEvents(app.ctx, {
      orderId,
      source: 'shippo',
      events: [{ ...event, key: 'shippo:evt_1' }],
    });
    expect(first.added).toBe(1);
    // The same scan from polling, which has no id for it: a digest key instead.
    const again = await applyTrackingEvents(app.ctx, {
      orderId,
      source: 'shippo',
      events: [{ ...event, key: 'shippo:3f1d2a' }],
    });
    expect(again.added).toBe(0);
    expect((await trackingMessages()).length).toBe(before + 1);
  });
});
