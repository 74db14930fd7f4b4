import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { balanceCents, type Reseller } from '../../../test/order-fixtures.ts';
import { createCourier, quote } from '../courier/test-support.ts';
import { requestRefund, resellerWithOrder, staffRefund } from '../refunds/test-support.ts';
import { signUpStaff, promoteToStaff } from '../../../test/account-fixtures.ts';

/** A staff member who also buys as a reseller never decides their own money: another staff member does. */
describe('staff writes on their own account, order or request', () => {
  let app: TestApp;
  let other: Reseller;
  let self: Reseller;
  let orderId: string;
  let requestId: string;
  let courierId: string;
  let invoiceId: string;
  beforeAll(async () => {
    app = await createTestApp();
    other = await signUpStaff(app);
    ({ reseller: self, orderId } = await resellerWithOrder(app));
    requestId = (await requestRefund(app, self.headers, orderId, 'Mine')).json().refundRequest._id;
    courierId = await createCourier(app, self.headers);
    invoiceId = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/invoices/create-invoice',
        headers: self.headers,
        payload: { amount: 25, type: 'cashapp' },
      })
    ).json().data.invoice._id;
    await promoteToStaff(app, self);
  });
  afterAll(() => app.close());

  const post = (url: string, payload: object = {}) =>
    app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers: self.headers, payload });
  const auditedBy = async (actorId: string) =>
    (await app.database.db.select().from(auditLog).where(eq(auditLog.actorId, actorId))).map((r) => r.action);

  it('refuses refunding their own order, alone or in a bulk refund, and moves no money', async () => {
    const balance = await balanceCents(app.database.db, self.id);
    const single = await staffRefund(app, self.headers, orderId);
    expect(single.statusCode).toBe(403);
    expect(single.json()).toEqual({ message: 'You cannot refund your own order' });
    const bulk = await post('/orders/refund', { ids: [orderId], reason: 'Mine' });
    expect(bulk.json()).toMatchObject({
      refunded: [],
      skipped: [{ _id: orderId, message: 'You cannot refund your own order' }],
    });
    expect(await balanceCents(app.database.db, self.id)).toBe(balance);
  });

  it('refuses approving or rejecting their own refund request', async () => {
    const approve = await post(`/refund-requests/${requestId}/approve`);
    expect(approve.statusCode).toBe(403);
    expect(approve.json()).toEqual({ message: 'You cannot approve your own refund request' });
    const reject = await post(`/refund-requests/${requestId}/reject`, { reason: 'No' });
    expect(reject.statusCode).toBe(403);
    expect(reject.json()).toEqual({ message: 'You cannot decide your own refund request' });
  });

  it('refuses quoting or cancelling their own courier order', async () => {
    const quoted = await quote(app, self.headers, courierId, 1);
    expect(quoted.statusCode).toBe(403);
    expect(quoted.json()).toEqual({
      message: 'You cannot quote, complete or cancel your own courier order',
    });
    const cancelled = await post(`/courier/${courierId}/cancel`, { note: 'Mine' });
    expect(cancelled.statusCode).toBe(403);
  });

  it('refuses cancelling their own invoice', async () => {
    const cancelled = await post(`/invoices/${invoiceId}/cancel`, { reason: 'Mine' });
    expect(cancelled.statusCode).toBe(403);
    expect(cancelled.json()).toEqual({ message: 'You cannot cancel your own invoice' });
  });

  it('audits none of the refused writes, and another staff member may do each of them', async () => {
    // Only their own enrolment in two-factor sign-in.
    expect(await auditedBy(self.id)).toEqual(['two_factor.enable']);
    const approve = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/refund-requests/${requestId}/approve`,
      headers: other.headers,
    });
    expect(approve.statusCode).toBe(200);
    expect((await quote(app, other.headers, courierId, 1)).statusCode).toBe(200);
  });
});
