import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { balanceCents, ledgerOf, type Reseller } from '../../../test/order-fixtures.ts';
import { saveSettings } from '../settings/settings.service.ts';
import { requestRefund, resellerWithOrder, staffRefund } from './test-support.ts';
import { signUpStaff, signUpReseller } from '../../../test/account-fixtures.ts';

describe('refund requests', () => {
  let app: TestApp;
  let staff: Reseller;
  beforeAll(async () => {
    app = await createTestApp();
    staff = await signUpStaff(app);
  });
  afterAll(() => app.close());

  const historyOf = async (reseller: Reseller, orderId: string) => {
    const res = await app.inject({ url: '/api/v1/order/read', headers: reseller.headers });
    return res.json().orders.find((o: { _id: string }) => o._id === orderId);
  };
  const queue = (status = 'pending') =>
    app
      .inject({
        url: '/api/v1/admin/refund-requests',
        query: { status, limit: '100' },
        headers: staff.headers,
      })
      .then((r) => r.json());

  it('a reseller requests once; staff approve; the balance comes back and the dashboard says so', async () => {
    const { reseller, orderId } = await resellerWithOrder(app);
    expect((await historyOf(reseller, orderId)).refundableUntil).toEqual(expect.any(String));

    const res = await requestRefund(app, reseller.headers, orderId, 'Printed twice by mistake');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Refund requested',
      refundRequest: { status: 'pending', reason: 'Printed twice by mistake' },
    });
    const twice = await requestRefund(app, reseller.headers, orderId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A refund was already requested for this order');
    expect(await historyOf(reseller, orderId)).toMatchObject({
      refundRequest: { status: 'pending' },
      refundableUntil: null,
    });

    const pending = await queue();
    const entry = pending.requests.find((r: { order: { _id: string } }) => r.order._id === orderId);
    expect(entry).toMatchObject({ status: 'pending', reseller: { _id: reseller.id } });

    const approved = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/refund-requests/${entry._id}/approve`,
      headers: staff.headers,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().request).toMatchObject({ status: 'approved', order: { status: 'cancelled' } });
    expect(await balanceCents(app.database.db, reseller.id)).toBe(100_00);
    expect(await historyOf(reseller, orderId)).toMatchObject({
      status: 'cancelled',
      refundRequest: { status: 'approved' },
    });
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/refund-requests/${entry._id}/approve`,
      headers: staff.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This refund request was already approved');
    expect(
      (await ledgerOf(app.database.db, reseller.id)).entries.filter((e) => e.kind === 'refund'),
    ).toHaveLength(1);
    const audits = await app.database.db.select().from(auditLog).where(eq(auditLog.targetId, entry._id));
    expect(audits.map((a) => a.action)).toEqual(['refund_request.approve']);
  });

  it('staff reject with a reason the reseller then reads; nothing moves', async () => {
    const { reseller, orderId } = await resellerWithOrder(app);
    const { refundRequest } = (await requestRefund(app, reseller.headers, orderId)).json();
    const noReason = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/refund-requests/${refundRequest._id}/reject`,
      headers: staff.headers,
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/refund-requests/${refundRequest._id}/reject`,
      headers: staff.headers,
      payload: { reason: 'The label was already scanned by the carrier' },
    });
    expect(res.statusCode).toBe(200);
    expect(await historyOf(reseller, orderId)).toMatchObject({
      status: 'completed',
      refundRequest: { status: 'rejected', rejectionReason: 'The label was already scanned by the carrier' },
      refundableUntil: null,
    });
    expect(await balanceCents(app.database.db, reseller.id)).toBe(100_00 - 275);
    const approve = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/refund-requests/${refundRequest._id}/approve`,
      headers: staff.headers,
    });
    expect(approve.statusCode).toBe(409);
    expect((await queue('rejected')).requests.map((r: { _id: string }) => r._id)).toContain(
      refundRequest._id,
    );
  });

  it('answers 404 to a request for another reseller’s order or an unknown id', async () => {
    const { orderId } = await resellerWithOrder(app);
    const other = await signUpReseller(app);
    const foreign = await requestRefund(app, other.headers, orderId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Order not found');
    expect((await requestRefund(app, other.headers, 'x')).statusCode).toBe(404);
  });

  it('refuses a request for an order that is not completed', async () => {
    const open = await resellerWithOrder(app, { open: true });
    const pending = await requestRefund(app, open.reseller.headers, open.orderId);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('Only completed orders can be refunded on request');
  });

  it('refuses a request outside the refund window, and takes it once staff widen the window', async () => {
    const other = await resellerWithOrder(app);
    await app.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(orders.id, other.orderId));
    expect((await historyOf(other.reseller, other.orderId)).refundableUntil).toBeNull();
    const late = await requestRefund(app, other.reseller.headers, other.orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Refunds can be requested within 30 days of the order; this order is older',
    );
    // Staff widen the window in Settings: the same order can be requested again.
    await app.database.db.transaction((tx) => saveSettings(tx, { refundWindowDays: 45 }));
    expect((await requestRefund(app, other.reseller.headers, other.orderId)).statusCode).toBe(201);
    await app.database.db.transaction((tx) => saveSettings(tx, { refundWindowDays: 30 }));
  });

  it('a staff refund from the Orders page settles the order’s pending request', async () => {
    const { reseller, orderId } = await resellerWithOrder(app);
    const { refundRequest } = (await requestRefund(app, reseller.headers, orderId)).json();
    expect((await staffRefund(app, staff.headers, orderId)).statusCode).toBe(200);
    expect((await historyOf(reseller, orderId)).refundRequest).toMatchObject({
      _id: refundRequest._id,
      status: 'approved',
    });
    expect((await queue()).requests.map((r: { _id: string }) => r._id)).not.toContain(refundRequest._id);
  });
});
