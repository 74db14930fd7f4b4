import { createHmac, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpstreamKind } from '@portal/shared';
import { labelPurchases, orders, providers, webhookEvents } from '../../db/schema.ts';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import {
  createOrder,
  fund,
  labelTypeIds,
  orderBody,
  resellerOf,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { signedHeaders } from '../webhooks/webhook-delivery.ts';
import { createEndpoint } from '../webhooks/test-support.ts';
import { inboundPath } from '../providers/providers.service.ts';
import { shippoSignature } from './tracking-inbound.ts';

/**
 * Signed inbound tracking webhooks of each source (issue 36): a valid message applies, a bad signature,
 * a replay and a stale message are refused, a duplicate adds nothing, an event arriving late never moves
 * the status backwards; the order ends with the right status and one event each.
 */
describe('inbound tracking webhooks', () => {
  let app: TestApp;
  let reseller: Reseller;
  let groundOz: string;

  beforeAll(async () => {
    app = await createTestApp();
    reseller = await resellerOf(app, (await signUp(app)).headers);
    await fund(app.ctx.db, reseller.id, 100_00);
    groundOz = (await labelTypeIds(app, reseller.headers)).ground_oz!;
    // Events are recorded for resellers who subscribed to them (no worker runs: they stay pending).
    await createEndpoint(app, reseller.headers, {
      url: 'http://127.0.0.1:9/hooks',
      events: ['order.tracking_updated'],
    });
  }, 60_000);
  afterAll(async () => app.close());

  /** A provider with a registered webhook secret, and one order whose label was bought there. */
  async function setUp(kind: UpstreamKind) {
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const [provider] = await app.ctx.db
      .insert(providers)
      .values({
        kind,
        name: `${kind} ${randomBytes(3).toString('hex')}`,
        credentialsSealed: app.ctx.sealer.seal(
          JSON.stringify({ apiKey: 'key', baseUrl: 'http://127.0.0.1:9' }),
        ),
        credentialHint: 'key',
        mode: 'test',
        webhookSecretSealed: app.ctx.sealer.seal(secret),
        webhookId: 'hook_1',
      })
      .returning();
    const created = await createOrder(app, reseller.headers, orderBody(groundOz));
    expect(created.statusCode).toBe(201);
    const orderId = created.json().orders[0]._id as string;
    const tracking = `9400${randomBytes(8).toString('hex')}`;
    const upstreamId = `up_${randomBytes(6).toString('hex')}`;
    await app.ctx.db
      .update(orders)
      .set({ status: 'completed', tracking, trackingStatus: 'pre_transit', providerId: provider!.id })
      .where(eq(orders.id, orderId));
    await app.ctx.db.insert(labelPurchases).values({
      orderId,
      providerId: provider!.id,
      service: 'x',
      state: 'bought',
      upstreamId,
      tracking,
    });
    return { secret, providerId: provider!.id, orderId, tracking, upstreamId };
  }

  const post = (providerId: string, body: string, headers: Record<string, string>, query = '') =>
    app.inject({
      method: 'POST',
      url: `${inboundPath(providerId)}${query}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });

  async function orderState(orderId: string) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/order/read/${orderId}`,
      headers: reseller.headers,
    });
    expect(res.statusCode).toBe(200);
    const order = res.json().order as {
      trackingStatus: string;
      trackingEvents: { status: string; time: string }[];
    };
    const events = await app.ctx.db
      .select({ id: webhookEvents.id, payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.userId, reseller.id), eq(webhookEvents.type, 'order.tracking_updated')));
    const about = events.filter((e) => JSON.parse(e.payload).data._id === orderId);
    return { status: order.trackingStatus, timeline: order.trackingEvents, webhooks: about.length };
  }

  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes)).toISOString();
  /** A LabelPort timeline event, `minutes` after noon. */
  const ev = (status: string, minutes: number, description: string) => ({
    time: at(minutes),
    status,
    description,
    city: 'Austin',
    state: 'TX',
  });

  it('EasyPost tracker.updated: verified by X-Hmac-Signature, replays refused, late events kept in their place', async () => {
    const { secret, providerId, orderId, tracking, upstreamId } = await setUp('easypost');
    const detail = (status: string, minutes: number, message: string, city: string | null) => ({
      object: 'TrackingDetail',
      message,
      description: '',
      status,
      status_detail: 'status_update',
      datetime: at(minutes),
      source: 'USPS',
      carrier_code: '',
      tracking_location: {
        object: 'TrackingLocation',
        city,
        state: city ? 'TX' : null,
        country: null,
        zip: null,
      },
    });
    const event = (id: string, status: string, details: object[], updatedAt = new Date().toISOString()) =>
      JSON.stringify({
        object: 'Event',
        id,
        mode: 'test',
        description: 'tracker.updated',
        created_at: updatedAt,
        updated_at: updatedAt,
        result: {
          object: 'Tracker',
          id: 'trk_1',
          mode: 'test',
          tracking_code: tracking,
          status,
          shipment_id: upstreamId,
          carrier: 'USPS',
          weight: null,
          tracking_details: details,
        },
      });
    const sign = (body: string, key = secret) => ({
      'x-hmac-signature': `hmac-sha256-hex=${createHmac('sha256', key.normalize('NFKD')).update(body).digest('hex')}`,
    });
    const early = [
      detail('pre_transit', 0, 'Shipping Label Created', null),
      detail('in_transit', 60, 'Arrived at USPS Facility', 'HOUSTON'),
    ];
    const delivered = [...early, detail('delivered', 600, 'Delivered', 'AUSTIN')];

    const first = event('evt_1', 'in_transit', early);
    expect((await post(providerId, first, sign(first))).statusCode).toBe(200);
    expect((await orderState(orderId)).status).toBe('in_transit');

    const forged = event('evt_2', 'delivered', delivered);
    expect((await post(providerId, forged, sign(forged, 'not the secret'))).statusCode).toBe(401);
    expect((await post(providerId, forged, {})).statusCode).toBe(401);
    expect((await orderState(orderId)).status).toBe('in_transit');

    expect((await post(providerId, first, sign(first))).statusCode).toBe(409);
    const stale = event(
      'evt_3',
      'delivered',
      delivered,
      new Date(Date.now() - 4 * 24 * 3600_000).toISOString(),
    );
    expect((await post(providerId, stale, sign(stale))).statusCode).toBe(401);

    const last = event('evt_4', 'delivered', delivered);
    expect((await post(providerId, last, sign(last))).statusCode).toBe(200);
    // The same tracker again under a new event id: nothing new.
    const duplicate = event('evt_5', 'delivered', delivered);
    expect((await post(providerId, duplicate, sign(duplicate))).statusCode).toBe(200);
    // A late event of an earlier scan: stored in its place, the status stays delivered.
    const late = event('evt_6', 'in_transit', [
      detail('in_transit', 300, 'Departed USPS Facility', 'DALLAS'),
    ]);
    expect((await post(providerId, late, sign(late))).statusCode).toBe(200);

    const state = await orderState(orderId);
    expect(state.status).toBe('delivered');
    expect(state.timeline.map((e) => e.status)).toEqual([
      'pre_transit',
      'in_transit',
      'in_transit',
      'delivered',
    ]);
    expect(state.timeline.map((e) => e.time)).toEqual([at(0), at(60), at(300), at(600)]);
    // One reseller webhook per message that brought news (first, last, late).
    expect(state.webhooks).toBe(3);
  });

  it('Shippo track_updated: verified by Shippo-Auth-Signature (or the URL token), replays refused', async () => {
    const { secret, providerId, orderId, tracking } = await setUp('shippo');
    const item = (id: string, status: string, minutes: number, details: string, code?: string) => ({
      object_id: id,
      status,
      substatus: code ? { code, text: details, action_required: false } : null,
      status_details: details,
      status_date: at(minutes),
      location: { city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    });
    // Shippo stamps the status with when it recorded it (`object_updated`): a token-signed message's time.
    const body = (history: ReturnType<typeof item>[], recorded: Date | null = new Date()) =>
      JSON.stringify({
        event: 'track_updated',
        test: true,
        data: {
          carrier: 'usps',
          tracking_number: tracking,
          tracking_status: {
            ...history.at(-1),
            ...(recorded ? { object_updated: recorded.toISOString() } : {}),
          },
          tracking_history: history,
        },
      });
    const sign = (raw: string, key = secret, t = Math.floor(Date.now() / 1000)) => ({
      'shippo-auth-signature': shippoSignature(key, t, raw),
    });
    const h1 = [
      item('h1', 'PRE_TRANSIT', 0, 'Label created'),
      item('h2', 'TRANSIT', 60, 'Out for delivery', 'out_for_delivery'),
    ];
    const first = body(h1);
    const firstHeaders = sign(first);
    expect((await post(providerId, first, firstHeaders)).statusCode).toBe(200);
    expect((await orderState(orderId)).status).toBe('out_for_delivery');
    expect((await post(providerId, first, firstHeaders)).statusCode).toBe(409);
    expect((await post(providerId, first, sign(first, 'wrong'))).statusCode).toBe(401);
    expect((await post(providerId, first, {}, '?token=wrong')).statusCode).toBe(401);
    const old = sign(first, secret, Math.floor(Date.now() / 1000) - 4 * 24 * 3600);
    expect((await post(providerId, first, old)).statusCode).toBe(401);

    const token = `?token=${encodeURIComponent(secret)}`;
    // The token vouches for the sender, not the time: a stale message (or one with no time) is refused
    // with the status a stale signature gets.
    const recorded = (days: number) => new Date(Date.now() - days * 24 * 3600_000);
    const delivered = [...h1, item('h3', 'DELIVERED', 120, 'Delivered')];
    expect((await post(providerId, body(delivered, recorded(4)), {}, token)).statusCode).toBe(401);
    expect((await post(providerId, body(delivered, recorded(-4)), {}, token)).statusCode).toBe(401);
    expect((await post(providerId, body(delivered, null), {}, token)).statusCode).toBe(401);
    expect((await orderState(orderId)).status).toBe('out_for_delivery');

    const done = body(delivered);
    expect((await post(providerId, done, {}, token)).statusCode).toBe(200);
    // Duplicate under a new signature time, then a late TRANSIT: nothing moves back.
    expect(
      (await post(providerId, done, sign(done, secret, Math.floor(Date.now() / 1000) - 5))).statusCode,
    ).toBe(200);
    const late = body([item('h4', 'TRANSIT', 90, 'Arrived at post office')]);
    expect((await post(providerId, late, sign(late))).statusCode).toBe(200);

    const state = await orderState(orderId);
    expect(state.status).toBe('delivered');
    expect(state.timeline.map((e) => e.status)).toEqual([
      'pre_transit',
      'out_for_delivery',
      'in_transit',
      'delivered',
    ]);
    expect(state.webhooks).toBe(3);
  });

  it("an upstream LabelPort's order.tracking_updated: Standard Webhooks signature, replays refused", async () => {
    const { secret, providerId, orderId, upstreamId } = await setUp('labelport');
    const message = (id: string, trackingStatus: string, events: object[]) => {
      const payload = JSON.stringify({
        id,
        type: 'order.tracking_updated',
        created: new Date().toISOString(),
        data: { _id: upstreamId, status: 'completed', trackingStatus, trackingEvents: events },
      });
      return { payload, headers: signedHeaders(secret, id, payload) };
    };
    const first = message('evt_a', 'in_transit', [
      ev('pre_transit', 0, 'Label created'),
      ev('in_transit', 30, 'Accepted'),
    ]);
    expect((await post(providerId, first.payload, first.headers)).statusCode).toBe(200);
    expect((await post(providerId, first.payload, first.headers)).statusCode).toBe(409);
    const forged = message('evt_b', 'delivered', [ev('delivered', 90, 'Delivered')]);
    expect(
      (
        await post(
          providerId,
          forged.payload,
          signedHeaders('whsec_' + randomBytes(24).toString('base64'), 'evt_b', forged.payload),
        )
      ).statusCode,
    ).toBe(401);
    const stale = message('evt_c', 'delivered', [ev('delivered', 90, 'Delivered')]);
    const staleHeaders = signedHeaders(secret, 'evt_c', stale.payload, new Date(Date.now() - 3600_000));
    expect((await post(providerId, stale.payload, staleHeaders)).statusCode).toBe(401);
    expect((await orderState(orderId)).status).toBe('in_transit');

    const done = message('evt_d', 'delivered', [ev('delivered', 90, 'Delivered')]);
    expect((await post(providerId, done.payload, done.headers)).statusCode).toBe(200);
    const again = message('evt_e', 'delivered', [ev('delivered', 90, 'Delivered')]);
    expect((await post(providerId, again.payload, again.headers)).statusCode).toBe(200);
    const late = message('evt_f', 'out_for_delivery', [ev('out_for_delivery', 60, 'Out for delivery')]);
    expect((await post(providerId, late.payload, late.headers)).statusCode).toBe(200);

    const state = await orderState(orderId);
    expect(state.status).toBe('delivered');
    expect(state.timeline.map((e) => e.status)).toEqual([
      'pre_transit',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    expect(state.webhooks).toBe(3);
    // The dashboard's filter and counts see it.
    const filtered = await app.inject({
      method: 'GET',
      url: '/api/v1/order/read?trackingStatus=delivered',
      headers: reseller.headers,
    });
    expect((filtered.json().orders as { _id: string }[]).map((o) => o._id)).toContain(orderId);
    const stats = await app.inject({ method: 'GET', url: '/api/v1/order/stats', headers: reseller.headers });
    expect(stats.json().tracking.delivered).toBeGreaterThanOrEqual(1);
  });

  it("takes from an upstream LabelPort's message the events of one it missed, each stored once", async () => {
    const { secret, providerId, orderId, upstreamId } = await setUp('labelport');
    const timeline = [
      ev('pre_transit', 0, 'Label created'),
      ev('in_transit', 30, 'Accepted'),
      ev('out_for_delivery', 60, 'Out for delivery'),
    ];
    // The messages of the first two events came before the purchase was recorded here (answered 202, not
    // sent again); the third names only its own event as new, beside the whole timeline.
    const id = 'evt_missed';
    const payload = JSON.stringify({
      id,
      type: 'order.tracking_updated',
      created: new Date().toISOString(),
      data: {
        _id: upstreamId,
        status: 'completed',
        trackingStatus: 'out_for_delivery',
        trackingEvents: timeline,
        newEvents: timeline.slice(-1),
      },
    });
    expect((await post(providerId, payload, signedHeaders(secret, id, payload))).statusCode).toBe(200);
    const again = payload.replace(id, 'evt_again');
    expect((await post(providerId, again, signedHeaders(secret, 'evt_again', again))).statusCode).toBe(200);
    const state = await orderState(orderId);
    expect(state.timeline.map((e) => e.status)).toEqual(['pre_transit', 'in_transit', 'out_for_delivery']);
    expect(state.status).toBe('out_for_delivery');
  });

  it('refuses unknown providers, and ignores messages about orders that are not ours', async () => {
    const { secret, providerId } = await setUp('labelport');
    expect((await post('00000000-0000-4000-8000-000000000000', '{}', {})).statusCode).toBe(404);
    const payload = JSON.stringify({
      id: 'evt_x',
      type: 'order.tracking_updated',
      created: new Date().toISOString(),
      data: { _id: 'elsewhere', trackingEvents: [] },
    });
    expect((await post(providerId, payload, signedHeaders(secret, 'evt_x', payload))).statusCode).toBe(202);
  });
});
