import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, users, webhookEvents } from '../../db/schema.ts';
import { startEasyPostFake, type EasyPostFake } from '../../../test/fakes/easypost-fake.ts';
import { startShippoFake, type ShippoFake } from '../../../test/fakes/shippo-fake.ts';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import {
  labelTypeIds,
  adminCall,
  balanceCents,
  createOrder,
  fund,
  ledgerOf,
  orderBody,
  resellerOf,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { generateLabel } from '../purchases/label-job.ts';
import { signUpStaff } from '../../../test/account-fixtures.ts';
import { requestRefund, staffRefund, statusOf } from './test-support.ts';
import { voidUnusedLabels } from './unused-labels.ts';
import { checkVoids, creditRefund } from './voids.service.ts';

/**
 * Refunds of labels bought at EasyPost and Shippo (issue 36): the label is voided at the provider first
 * and the balance is credited once, when the provider confirms. PGlite has one connection, so the races
 * here run on real PostgreSQL.
 */
describe('refunds that void the label at the provider, on postgres', () => {
  let app: TestApp;
  let easypost: EasyPostFake;
  let shippo: ShippoFake;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let staff: Reseller;
  let types: Record<string, string>;
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    adminCall(app, staff.headers, method, url, payload);

  beforeAll(async () => {
    [easypost, shippo, smtp] = await Promise.all([startEasyPostFake(), startShippoFake(), startSmtpSink()]);
    app = await createTestApp({
      engine: 'postgres',
      poolSize: 20,
      env: { PROVIDER_TIMEOUT_SECONDS: '2', PROVIDER_LABEL_WAIT_SECONDS: '5', SMTP_URL: smtp.url },
    });
    staff = await signUpStaff(app);
    types = await labelTypeIds(app, staff.headers);
    const providerOf = async (kind: 'easypost' | 'shippo', fake: EasyPostFake | ShippoFake) => {
      const created = await admin('POST', '/providers', {
        kind,
        name: kind,
        credentials: { apiKey: fake.apiKey, baseUrl: fake.url },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().provider._id as string;
    };
    const ep = await providerOf('easypost', easypost);
    const sh = await providerOf('shippo', shippo);
    for (const [uid, providerId, service] of [
      ['priority', ep, 'USPS:Priority'],
      ['ups_standard', ep, 'UPS:Ground'],
      ['ground_oz', sh, 'usps_ground_advantage'],
    ] as const) {
      const routed = await admin('PUT', `/label-types/${types[uid]}/route`, {
        route: [{ providerId, service }],
      });
      expect(routed.statusCode, routed.body).toBe(200);
    }
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([easypost.close(), shippo.close(), smtp.close()]);
  });

  let mailboxes = 0;
  /** A reseller with $100, a verified e-mail and a webhook endpoint for refund news. */
  async function newReseller() {
    const reseller = await resellerOf(app, (await signUp(app)).headers);
    const email = `voids-${process.pid}-${++mailboxes}@example.com`;
    await app.database.db.update(users).set({ email, emailVerified: true }).where(eq(users.id, reseller.id));
    await fund(app.database.db, reseller.id, 100_00);
    const hook = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: reseller.headers,
      payload: { url: 'http://127.0.0.1:9/hooks', events: ['order.cancelled', 'order.refund_rejected'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    return { ...reseller, email };
  }

  /** One order of `uid`, its label bought at the type's provider by the label job. */
  async function boughtOrder(reseller: Reseller, uid: string) {
    const res = await createOrder(
      app,
      reseller.headers,
      orderBody(types[uid]!, uid === 'priority' ? { design: 'pitney' } : {}),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().orders[0]._id as string;
    await generateLabel(app.ctx, id);
    const order = await statusOf(app, id);
    expect(order.status).toBe('completed');
    expect(order.providerId).not.toBeNull();
    return { id, priceCents: order.priceCents };
  }

  const shipmentOf = (tracking: string) =>
    easypost.purchases.find((p) => p.tracking === tracking)!.shipmentId;
  const transactionOf = (tracking: string) =>
    [...shippo.transactions.values()].find((t) => t.tracking_number === tracking)!.object_id as string;
  const refundsOf = async (userId: string) =>
    (await ledgerOf(app.database.db, userId)).entries.filter((e) => e.kind === 'refund');
  const eventsOf = async (userId: string, type: string) =>
    app.database.db
      .select({ payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.userId, userId), eq(webhookEvents.type, type)));
  const viewOf = async (reseller: Reseller, id: string) =>
    (await app.inject({ url: `/api/v1/order/read?search=`, headers: reseller.headers }))
      .json()
      .orders.find((o: { _id: string }) => o._id === id);

  it('EasyPost: submitted first, nothing credited; "refunded" delivered twice at once credits once', async () => {
    const reseller = await newReseller();
    const { id, priceCents } = await boughtOrder(reseller, 'priority');
    const before = await balanceCents(app.database.db, reseller.id);

    const res = await staffRefund(app, staff.headers, id, 'Wrong address');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Void of LBL-\d+ submitted to its provider/);
    expect(res.json().order).toMatchObject({ status: 'completed', refundStatus: 'submitted' });
    const shipmentId = shipmentOf((await statusOf(app, id)).tracking!);
    expect(easypost.refundCalls.get(shipmentId)).toBe(1);
    expect(await balanceCents(app.database.db, reseller.id)).toBe(before);
    expect(await refundsOf(reseller.id)).toHaveLength(0);
    expect((await viewOf(reseller, id)).refundStatus).toBe('submitted');

    // A poll while the carrier decides changes nothing.
    await checkVoids(app.ctx, { orderIds: [id] });
    expect(await balanceCents(app.database.db, reseller.id)).toBe(before);

    easypost.settleRefund(shipmentId, 'refunded');
    await Promise.all([
      checkVoids(app.ctx, { orderIds: [id] }),
      checkVoids(app.ctx, { orderIds: [id] }),
      creditRefund(app.ctx, id),
      creditRefund(app.ctx, id),
    ]);
    expect(await refundsOf(reseller.id)).toHaveLength(1);
    expect(await balanceCents(app.database.db, reseller.id)).toBe(before + priceCents);
    const ledger = await ledgerOf(app.database.db, reseller.id);
    expect(ledger.sum).toBe(await balanceCents(app.database.db, reseller.id));
    expect(await statusOf(app, id)).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
    expect(await eventsOf(reseller.id, 'order.cancelled')).toHaveLength(1);
    const mail = await smtp.waitForMail(reseller.email);
    expect(mail.subject).toMatch(/^Order LBL-\d+ was refunded$/);
    // A staff refund afterwards is refused and moves nothing.
    expect((await staffRefund(app, staff.headers, id)).statusCode).toBe(409);
    expect(await refundsOf(reseller.id)).toHaveLength(1);
  });

  it('Shippo: a rejected void tells the reseller why and moves nothing; retried, it credits once', async () => {
    const reseller = await newReseller();
    const { id, priceCents } = await boughtOrder(reseller, 'ground_oz');
    const before = await balanceCents(app.database.db, reseller.id);
    const transactionId = transactionOf((await statusOf(app, id)).tracking!);

    expect((await staffRefund(app, staff.headers, id, 'Never shipped')).statusCode).toBe(200);
    expect(await statusOf(app, id)).toMatchObject({ refundStatus: 'submitted' });
    shippo.settleRefund(transactionId, 'ERROR');
    expect(await checkVoids(app.ctx, { orderIds: [id] })).toMatchObject({ rejected: 1 });

    const rejected = await viewOf(reseller, id);
    expect(rejected).toMatchObject({
      status: 'completed',
      refundStatus: 'rejected',
      refundNote: 'The carrier would not void this label, so it was not refunded',
    });
    const forStaff = await admin('GET', `/orders/${id}`);
    expect(forStaff.json().order.refundNote).toBe('Shippo (the carrier) rejected the refund of this label');
    expect(await balanceCents(app.database.db, reseller.id)).toBe(before);
    const events = await eventsOf(reseller.id, 'order.refund_rejected');
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.payload).data).toMatchObject({ _id: id, refundStatus: 'rejected' });
    const mail = await smtp.waitForMail(reseller.email);
    expect(mail.subject).toMatch(/^Refund of LBL-\d+ rejected$/);
    expect(mail.text).toContain('The carrier would not void this label, so it was not refunded');
    expect(mail.text).not.toContain('Shippo');
    expect(mail.text).toContain('Your balance was not changed.');

    // Retried: a new refund at Shippo, and this time the carrier agrees.
    const again = await staffRefund(app, staff.headers, id, 'Never shipped, asked again');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order.refundStatus).toBe('submitted');
    shippo.settleRefund(transactionId, 'SUCCESS');
    // The first refund (ERROR) is not confused with the second.
    const live = [...shippo.refunds.values()].filter((r) => r.transaction === transactionId);
    expect(live.map((r) => r.status).sort()).toEqual(['ERROR', 'SUCCESS']);
    await Promise.all([checkVoids(app.ctx, { orderIds: [id] }), checkVoids(app.ctx, { orderIds: [id] })]);
    expect(await refundsOf(reseller.id)).toHaveLength(1);
    expect(await balanceCents(app.database.db, reseller.id)).toBe(before + priceCents);
    expect(await statusOf(app, id)).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
  });

  it("a staff refund and the approval of the reseller's request at once: one void, one credit", async () => {
    for (let round = 0; round < 3; round++) {
      const reseller = await newReseller();
      const { id, priceCents } = await boughtOrder(reseller, 'priority');
      const before = await balanceCents(app.database.db, reseller.id);
      const asked = await requestRefund(app, reseller.headers, id, 'Bought twice');
      expect(asked.statusCode, asked.body).toBe(201);
      expect((await viewOf(reseller, id)).refundStatus).toBe('requested');
      easypost.answerRefundsWith('refunded');
      const [byStaff, approved, again] = await Promise.all([
        staffRefund(app, staff.headers, id),
        admin('POST', `/refund-requests/${asked.json().refundRequest._id}/approve`),
        staffRefund(app, staff.headers, id),
      ]);
      easypost.answerRefundsWith('submitted');
      const codes = [byStaff.statusCode, approved.statusCode, again.statusCode];
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(2);
      expect(easypost.refundCalls.get(shipmentOf((await statusOf(app, id)).tracking!))).toBe(1);
      expect(await refundsOf(reseller.id)).toHaveLength(1);
      expect(await balanceCents(app.database.db, reseller.id)).toBe(before + priceCents);
      expect(await statusOf(app, id)).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
    }
  });

  it('a void answer that was lost is asked again by the poller, never twice at the provider', async () => {
    const reseller = await newReseller();
    const { id, priceCents } = await boughtOrder(reseller, 'priority');
    const before = await balanceCents(app.database.db, reseller.id);
    const shipmentId = shipmentOf((await statusOf(app, id)).tracking!);
    // The provider took the refund, but our claim never learnt it (the answer was lost).
    await app.database.db
      .update(orders)
      .set({
        refundStatus: 'requested',
        refundReason: 'Lost answer',
        voidRequestedAt: new Date(),
        voidCheckAt: new Date(),
      })
      .where(eq(orders.id, id));
    easypost.shipments.get(shipmentId)!.refund_status = 'refunded';
    await checkVoids(app.ctx, { orderIds: [id] });
    expect(easypost.refundCalls.get(shipmentId) ?? 0).toBe(0);
    expect(await balanceCents(app.database.db, reseller.id)).toBe(before + priceCents);
    expect(await refundsOf(reseller.id)).toHaveLength(1);
  });

  it('two polls asking a lost void again at once: one refund at the provider, and no false rejection', async () => {
    const reseller = await newReseller();
    const { id } = await boughtOrder(reseller, 'priority');
    const shipmentId = shipmentOf((await statusOf(app, id)).tracking!);
    // The claim was made but the provider never got the call.
    await app.database.db
      .update(orders)
      .set({ refundStatus: 'requested', voidRequestedAt: new Date(), voidCheckAt: new Date() })
      .where(eq(orders.id, id));
    await Promise.all([checkVoids(app.ctx, { orderIds: [id] }), checkVoids(app.ctx, { orderIds: [id] })]);
    expect(easypost.shipments.get(shipmentId)!.refund_status).toBe('submitted');
    expect(await statusOf(app, id)).toMatchObject({ status: 'completed', refundStatus: 'submitted' });
    expect(await eventsOf(reseller.id, 'order.refund_rejected')).toHaveLength(0);
  });

  it('void windows per label type, editable and audited; past the window the refund is refused', async () => {
    const listed = (await admin('GET', '/label-types')).json().labelTypes as {
      uid: string;
      voidWindowDays: number;
    }[];
    expect(listed.find((t) => t.uid === 'priority')!.voidWindowDays).toBe(30);
    expect(listed.find((t) => t.uid === 'ups_standard')!.voidWindowDays).toBe(90);

    const reseller = await newReseller();
    const usps = await boughtOrder(reseller, 'priority');
    const ups = await boughtOrder(reseller, 'ups_standard');
    const age = (id: string, days: number) =>
      app.database.db
        .update(orders)
        .set({ createdAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(orders.id, id));
    await age(usps.id, 31);
    await age(ups.id, 31);
    const late = await staffRefund(app, staff.headers, usps.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(
      /^LBL-\d+ can no longer be voided: USPS labels of this type can be voided within 30 days of purchase$/,
    );
    // The reseller's request is refused at once.
    expect((await requestRefund(app, reseller.headers, usps.id)).statusCode).toBe(409);
    // UPS keeps 90 days.
    expect((await staffRefund(app, staff.headers, ups.id)).statusCode).toBe(200);

    const current = (await admin('GET', '/label-types'))
      .json()
      .labelTypes.find((t: { uid: string }) => t.uid === 'priority');
    const widened = await admin('PUT', `/label-types/${types.priority}`, {
      name: current.name,
      uid: current.uid,
      maxWeight: current.maxWeight,
      status: current.status,
      prices: current.prices,
      voidWindowDays: 45,
    });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(widened.json().labelType.voidWindowDays).toBe(45);
    const [row] = await app.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'label_type.update'), eq(auditLog.targetId, types.priority!)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect([row!.before, row!.after].map((v) => (v as { voidWindowDays: number }).voidWindowDays)).toEqual([
      30, 45,
    ]);
    expect((await staffRefund(app, staff.headers, usps.id)).statusCode).toBe(200);
    // Put back for the other tests.
    await admin('PUT', `/label-types/${types.priority}`, { ...current, voidWindowDays: 30 });
    expect(await refundsOf(reseller.id)).toHaveLength(0);
  });

  it('a label the carrier scanned cannot be voided, and says so', async () => {
    const reseller = await newReseller();
    const { id } = await boughtOrder(reseller, 'priority');
    await app.database.db.update(orders).set({ trackingStatus: 'in_transit' }).where(eq(orders.id, id));
    const res = await staffRefund(app, staff.headers, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^LBL-\d+ cannot be voided: the carrier has scanned it \(tracking says in transit\), so the label was used$/,
    );
    expect((await requestRefund(app, reseller.headers, id)).statusCode).toBe(409);
    expect(easypost.refundCalls.get(shipmentOf((await statusOf(app, id)).tracking!)) ?? 0).toBe(0);
    expect(await statusOf(app, id)).toMatchObject({ status: 'completed', refundStatus: null });
  });

  it('unused labels: off by default; on, labels with no scan after N days are voided, scanned ones kept', async () => {
    const setting = () => app.inject({ url: '/api/v1/user/unused-labels', headers: staff.headers });
    expect((await setting()).json()).toEqual({ enabled: false, days: null });
    expect(await voidUnusedLabels(app.ctx)).toEqual({ asked: 0, refused: 0 });

    const saved = await admin('PUT', '/settings', { unusedLabelVoidDays: 28 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().unusedLabelVoidDays).toBe(28);
    expect((await setting()).json()).toEqual({ enabled: true, days: 28 });

    const reseller = await newReseller();
    const unused = await boughtOrder(reseller, 'priority');
    const scanned = await boughtOrder(reseller, 'priority');
    const fresh = await boughtOrder(reseller, 'priority');
    for (const id of [unused.id, scanned.id])
      await app.database.db
        .update(orders)
        .set({ createdAt: sql`now() - interval '29 days'` })
        .where(eq(orders.id, id));
    await app.database.db
      .update(orders)
      .set({ trackingStatus: 'delivered' })
      .where(eq(orders.id, scanned.id));
    await app.database.db
      .update(orders)
      .set({ trackingStatus: 'pre_transit' })
      .where(eq(orders.id, unused.id));
    const before = await balanceCents(app.database.db, reseller.id);
    await voidUnusedLabels(app.ctx);
    expect(await statusOf(app, unused.id)).toMatchObject({ refundStatus: 'submitted' });
    expect(await statusOf(app, scanned.id)).toMatchObject({ refundStatus: null, status: 'completed' });
    expect(await statusOf(app, fresh.id)).toMatchObject({ refundStatus: null, status: 'completed' });
    easypost.settleRefund(shipmentOf((await statusOf(app, unused.id)).tracking!), 'refunded');
    await checkVoids(app.ctx, { orderIds: [unused.id] });
    expect(await balanceCents(app.database.db, reseller.id)).toBe(before + unused.priceCents);
    // A second run asks nothing more.
    await voidUnusedLabels(app.ctx);
    expect(await refundsOf(reseller.id)).toHaveLength(1);
    await admin('PUT', '/settings', { unusedLabelVoidDays: null });
  });
});
