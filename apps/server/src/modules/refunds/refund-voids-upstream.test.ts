import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refundRequests } from '../../db/schema.ts';
import { signUpReseller, signUpStaff, type ApiReseller } from '../../../test/account-fixtures.ts';
import type { TestApp } from '../../../test/helper.ts';
import {
  balanceCents,
  ledgerOf,
  orderBody,
  waitFor,
  placeOrder,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { twoPortals } from '../../../test/two-portals.ts';
import { staffRefund, statusOf } from './test-support.ts';
import { checkVoids } from './voids.service.ts';

/**
 * A refund on portal A of a label A bought on portal B (issue 36): A asks B for the refund through B's
 * `/api/v2/order/refund-order`, B's staff decide it as any refund request, and A credits its reseller
 * once B's order says `refunded`. Both are real servers on their own databases.
 */
describe('refunds of labels bought on an upstream LabelPort', () => {
  let portals: Awaited<ReturnType<typeof twoPortals>>;
  let a: TestApp;
  let b: TestApp;
  let onB: ApiReseller;
  let staffA: Reseller;
  let staffB: Reseller;
  let groundOz: string;

  beforeAll(async () => {
    portals = await twoPortals({ downstream: { engine: 'postgres' }, routed: ['ground_oz'] });
    ({ app: a, staff: staffA } = portals.a);
    ({ app: b, account: onB } = portals.b);
    staffB = await signUpStaff(b);
    groundOz = await portals.a.labelTypeId('ground_oz');
  }, 120_000);
  afterAll(() => portals.close());

  /** A reseller of A with one label bought on B; the order on B that holds it. */
  async function boughtOnB() {
    const reseller = await signUpReseller(a, 100_00);
    const id = await placeOrder(a, reseller.headers, orderBody(groundOz));
    const order = await waitFor(
      () => statusOf(a, id),
      (o) => o.status !== 'pending' && o.status !== 'processing',
      20_000,
    );
    expect(order.status).toBe('completed');
    const [onBOrder] = await b.ctx.db.select().from(orders).where(eq(orders.tracking, order.tracking!));
    return { reseller, id, priceCents: order.priceCents, onBOrder: onBOrder! };
  }

  const requestOnB = async (orderId: string) =>
    (await b.ctx.db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId)))[0]!;
  const decideOnB = (requestId: string, verb: 'approve' | 'reject', reason?: string) =>
    b.inject({
      method: 'POST',
      url: `/api/v1/admin/refund-requests/${requestId}/${verb}`,
      headers: staffB.headers,
      ...(reason ? { payload: { reason } } : {}),
    });
  const refundsOf = async (app: TestApp, userId: string) =>
    (await ledgerOf(app.ctx.db, userId)).entries.filter((e) => e.kind === 'refund');

  it("a refund on A voids on B first; B's refund credits A once, and A credits its reseller once", async () => {
    const { reseller, id, priceCents, onBOrder } = await boughtOnB();
    const aBefore = await balanceCents(a.ctx.db, reseller.id);
    const bBefore = await balanceCents(b.ctx.db, onB.id);

    const asked = await staffRefund(a, staffA.headers, id, 'Customer cancelled');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().order).toMatchObject({ status: 'completed', refundStatus: 'submitted' });
    // B holds a refund request for A's label; nobody was credited yet.
    const request = await requestOnB(onBOrder.id);
    expect(request).toMatchObject({ status: 'pending', reason: 'Customer cancelled' });
    const readOnB = await b.inject({
      url: `/api/v2/order/read-order/${onBOrder.id}`,
      headers: { 'x-api-key': onB.apiKey },
    });
    expect(readOnB.json().order).toMatchObject({ refundStatus: 'requested', refundNote: null });
    await checkVoids(a.ctx, { orderIds: [id] });
    expect(await balanceCents(a.ctx.db, reseller.id)).toBe(aBefore);
    expect(await balanceCents(b.ctx.db, onB.id)).toBe(bBefore);

    // B's staff approve: B's own label is test mode, so B credits A's account on B at once.
    expect((await decideOnB(request.id, 'approve')).statusCode).toBe(200);
    expect(await balanceCents(b.ctx.db, onB.id)).toBe(bBefore + onBOrder.priceCents);

    // A hears it (twice at once) and credits its reseller once.
    await Promise.all([checkVoids(a.ctx, { orderIds: [id] }), checkVoids(a.ctx, { orderIds: [id] })]);
    expect(await balanceCents(a.ctx.db, reseller.id)).toBe(aBefore + priceCents);
    expect(await refundsOf(a, reseller.id)).toHaveLength(1);
    expect(await refundsOf(b, onB.id)).toHaveLength(1);
    expect(await statusOf(a, id)).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' });
    expect((await ledgerOf(a.ctx.db, reseller.id)).sum).toBe(await balanceCents(a.ctx.db, reseller.id));
  });

  it("B's staff reject: A's staff read B's reason, A's reseller a plain one, nothing moves; asked again and approved, once", async () => {
    const { reseller, id, priceCents, onBOrder } = await boughtOnB();
    const aBefore = await balanceCents(a.ctx.db, reseller.id);
    const bBefore = await balanceCents(b.ctx.db, onB.id);
    expect((await staffRefund(a, staffA.headers, id, 'Duplicate')).statusCode).toBe(200);
    const first = await requestOnB(onBOrder.id);
    expect((await decideOnB(first.id, 'reject', 'The parcel was handed to USPS')).statusCode).toBe(200);
    await checkVoids(a.ctx, { orderIds: [id] });
    expect(await statusOf(a, id)).toMatchObject({
      status: 'completed',
      refundStatus: 'rejected',
      refundNote: 'The carrier would not void this label, so it was not refunded',
      voidNote: 'The parcel was handed to USPS',
    });
    expect(await balanceCents(a.ctx.db, reseller.id)).toBe(aBefore);

    // Retried: B's request opens again, B's staff approve it this time.
    const again = await staffRefund(a, staffA.headers, id, 'Duplicate, label never used');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order.refundStatus).toBe('submitted');
    const second = await requestOnB(onBOrder.id);
    expect(second).toMatchObject({ id: first.id, status: 'pending' });
    expect((await decideOnB(second.id, 'approve')).statusCode).toBe(200);
    await checkVoids(a.ctx, { orderIds: [id] });
    await checkVoids(a.ctx, { orderIds: [id] });
    expect(await balanceCents(a.ctx.db, reseller.id)).toBe(aBefore + priceCents);
    expect(await balanceCents(b.ctx.db, onB.id)).toBe(bBefore + onBOrder.priceCents);
    expect(await refundsOf(a, reseller.id)).toHaveLength(1);
    expect(await refundsOf(b, onB.id)).toHaveLength(2);
  });
});
