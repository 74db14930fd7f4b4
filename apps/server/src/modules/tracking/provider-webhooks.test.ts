import { createHmac } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, providerCalls } from '../../db/schema.ts';
import type { EasyPostFake } from '../../../test/fakes/easypost-fake.ts';
import type { ShippoFake } from '../../../test/fakes/shippo-fake.ts';
import { shippingApiPortal, type ShippingApiPortal } from '../../../test/shipping-api-portal.ts';
import type { TestApp } from '../../../test/helper.ts';
import { freePort } from '../../../test/postgres-cluster.ts';
import {
  adminCall,
  balanceCents,
  createOrder,
  ledgerOf,
  orderBody,
  waitFor,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { staffRefund, statusOf } from '../refunds/test-support.ts';
import { pollTracking } from './tracking-polls.ts';

/**
 * The providers' webhooks as staff change them (decision 304), and refund news arriving there (decision
 * 303): new credentials re-register the webhook (new secret, the old one removed at the provider),
 * disabling removes it, a provider that cannot be reached is reported and the change is kept; EasyPost's
 * `refund.successful` and Shippo's `transaction_updated` settle the void at once, credited once.
 */
describe('provider webhooks and refund news', () => {
  let app: TestApp;
  let easypost: EasyPostFake;
  let shippo: ShippoFake;
  let staff: Reseller;
  let reseller: Reseller;
  let types: Record<string, string>;
  const ids: Record<string, string> = {};
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    adminCall(app, staff.headers, method, url, payload);

  let portal: ShippingApiPortal;

  beforeAll(async () => {
    portal = await shippingApiPortal({
      PROVIDER_TIMEOUT_SECONDS: '2',
      PROVIDER_LABEL_WAIT_SECONDS: '5',
      REFUND_VOID_CHECK_SECONDS: '3600',
    });
    ({ app, easypost, shippo, staff, reseller, types } = portal);
    Object.assign(ids, portal.providers);
  }, 120_000);
  afterAll(async () => portal.close());

  async function bought(uid: string) {
    const res = await createOrder(
      app,
      reseller.headers,
      orderBody(types[uid]!, uid === 'priority' ? { design: 'pitney' } : {}),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().orders[0]._id as string;
    return waitFor(
      () => statusOf(app, id),
      (o) => o.status === 'completed',
      20_000,
    );
  }
  const refundsOf = async (orderId: string) =>
    (await ledgerOf(app.ctx.db, reseller.id)).entries.filter(
      (e) => e.kind === 'refund' && e.sourceKey === `refund:order:${orderId}`,
    );
  const lastAudit = async (action: string) =>
    (
      await app.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, action))
        .orderBy(desc(auditLog.createdAt))
        .limit(1)
    )[0];
  const signedEasyPost = (secret: string, body: string) =>
    `hmac-sha256-hex=${createHmac('sha256', Buffer.from(secret.normalize('NFKD')))
      .update(body)
      .digest('hex')}`;
  const postInbound = (providerId: string, body: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/tracking/inbound/${providerId}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });

  it("EasyPost's refund.successful settles the submitted void at once, credited once; a replay is refused", async () => {
    const order = await bought('priority');
    const before = await balanceCents(app.ctx.db, reseller.id);
    const res = await staffRefund(app, staff.headers, order.id, 'Wrong address');
    expect(res.json().order).toMatchObject({ refundStatus: 'submitted' });
    const shipmentId = easypost.purchases.find((p) => p.tracking === order.tracking)!.shipmentId;

    // The next check is an hour away: only the webhook can settle it now.
    expect(await easypost.settleRefund(shipmentId, 'refunded', true)).toEqual([200]);
    expect(await statusOf(app, order.id)).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
    expect(await balanceCents(app.ctx.db, reseller.id)).toBe(before + order.priceCents);
    expect(await refundsOf(order.id)).toHaveLength(1);

    // The same event again (EasyPost retries) is refused by its id and credits nothing.
    const hook = easypost.webhooks[0]!;
    const body = JSON.stringify({
      id: 'evt_replayed',
      object: 'Event',
      description: 'refund.successful',
      created_at: new Date().toISOString(),
      result: { object: 'Refund', shipment_id: shipmentId, status: 'refunded' },
    });
    const headers = { 'x-hmac-signature': signedEasyPost(hook.secret, body) };
    expect((await postInbound(ids.easypost!, body, headers)).statusCode).toBe(200);
    expect((await postInbound(ids.easypost!, body, headers)).statusCode).toBe(409);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await balanceCents(app.ctx.db, reseller.id)).toBe(before + order.priceCents);
  });

  it("Shippo's transaction_updated (its webhook for all events) settles the void at once", async () => {
    expect(shippo.webhooks.map((h) => h.event)).toEqual(['all']);
    const order = await bought('ground_oz');
    const before = await balanceCents(app.ctx.db, reseller.id);
    expect((await staffRefund(app, staff.headers, order.id, 'Not needed')).json().order).toMatchObject({
      refundStatus: 'submitted',
    });
    const transaction = [...shippo.transactions.values()].find((t) => t.tracking_number === order.tracking)!;
    expect(await shippo.settleRefund(transaction.object_id as string, 'SUCCESS', true)).toEqual([200]);
    expect(await statusOf(app, order.id)).toMatchObject({ refundStatus: 'refunded' });
    expect(await balanceCents(app.ctx.db, reseller.id)).toBe(before + order.priceCents);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it('tracking polls go through the provider client and are recorded as its calls', async () => {
    const order = await bought('priority');
    await easypost.scan(order.tracking!, 'in_transit', 'Accepted');
    await pollTracking(app.ctx, order.id, new Date(Date.now() + 48 * 3600_000));
    await app.ctx.providers.flush();
    const calls = await app.ctx.db
      .select({ outcome: providerCalls.outcome })
      .from(providerCalls)
      .where(and(eq(providerCalls.providerId, ids.easypost!), eq(providerCalls.operation, 'track')));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.outcome === 'ok')).toBe(true);
  });

  it('new credentials re-register the webhook: new secret sealed, the old one removed, audited in the write', async () => {
    const [old] = easypost.webhooks;
    const saved = await admin('PUT', `/providers/${ids.easypost}`, {
      credentials: { apiKey: easypost.apiKey, baseUrl: easypost.url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('easypost saved');
    expect(easypost.webhooks).toHaveLength(1);
    const [now] = easypost.webhooks;
    expect(now!.id).not.toBe(old!.id);
    expect(now!.secret).not.toBe(old!.secret);

    // Messages signed with the old secret are refused; the new secret verifies.
    const body = JSON.stringify({ id: 'evt_other', description: 'batch.created', result: {} });
    expect(
      (await postInbound(ids.easypost!, body, { 'x-hmac-signature': signedEasyPost(old!.secret, body) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await postInbound(ids.easypost!, body, { 'x-hmac-signature': signedEasyPost(now!.secret, body) }))
        .statusCode,
    ).toBe(200);
    const audit = await lastAudit('provider.update');
    expect(audit?.after).toMatchObject({
      credentialsReplaced: true,
      webhookId: now!.id,
      webhookRemoved: old!.id,
    });
  });

  it('a provider that cannot be reached is reported, and the credential change is kept', async () => {
    const [kept] = easypost.webhooks;
    const dead = `http://127.0.0.1:${await freePort()}`;
    const saved = await admin('PUT', `/providers/${ids.easypost}`, {
      credentials: { apiKey: 'EZTKchanged0000', baseUrl: dead },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toMatch(
      /^easypost saved, but its tracking webhook could not be registered at easypost \(.+\); its orders are polled meanwhile/,
    );
    expect(saved.json().provider).toMatchObject({ credentialHint: '0000', baseUrl: dead });
    expect((await lastAudit('provider.update'))?.after).toMatchObject({
      credentialsReplaced: true,
      webhookError: expect.any(String),
    });
    // The registered webhook is still the old one (its messages still verify).
    expect(easypost.webhooks).toEqual([kept]);
    // Saved again with reachable credentials: registered anew, and the old one removed after all.
    const again = await admin('PUT', `/providers/${ids.easypost}`, {
      credentials: { apiKey: easypost.apiKey, baseUrl: easypost.url },
    });
    expect(again.json().message).toBe('easypost saved');
    expect(easypost.webhooks).toHaveLength(1);
    expect(easypost.webhooks[0]!.id).not.toBe(kept!.id);
  });

  it('disabling a provider removes its webhook at the provider; its inbound URL then knows no webhook', async () => {
    expect(shippo.webhooks).toHaveLength(1);
    const disabled = await admin('PUT', `/providers/${ids.shippo}`, { enabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(shippo.webhooks).toHaveLength(0);
    expect((await lastAudit('provider.update'))?.after).toMatchObject({ enabled: false, webhookId: null });
    const res = await postInbound(ids.shippo!, '{"event":"track_updated"}', {});
    expect(res.statusCode).toBe(404);
    // Enabled again, it is registered again.
    await admin('PUT', `/providers/${ids.shippo}`, { enabled: true });
    expect(shippo.webhooks).toHaveLength(1);
  });

  it('deleting a provider removes its webhook there, audited with the deletion', async () => {
    const created = await admin('POST', '/providers', {
      kind: 'easypost',
      name: 'easypost spare',
      credentials: { apiKey: easypost.apiKey, baseUrl: easypost.url },
    });
    const spare = created.json().provider._id as string;
    expect(easypost.webhooks).toHaveLength(2);
    const hookId = easypost.webhooks[1]!.id;
    const deleted = await admin('DELETE', `/providers/${spare}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe('easypost spare deleted');
    expect(easypost.webhooks.map((h) => h.id)).not.toContain(hookId);
    expect((await lastAudit('provider.delete'))?.after).toMatchObject({ webhookRemoved: hookId });
  });
});
