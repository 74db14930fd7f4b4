import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, orders } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { generateLabel } from '../purchases/label-job.ts';
import { balanceCents, ledgerOf, type Reseller } from '../../../test/order-fixtures.ts';
import { requestRefund, resellerWithOrder, staffRefund, statusOf } from './test-support.ts';
import { signUpStaff } from '../../../test/account-fixtures.ts';

// PGlite has one connection, so races there prove nothing: this runs on real PostgreSQL only.
describe('refunds under concurrency on postgres', () => {
  let app: TestApp;
  let staff: Reseller;
  beforeAll(async () => {
    app = await createTestApp({ engine: 'postgres', poolSize: 30 });
    staff = await signUpStaff(app);
  });
  afterAll(() => app.close());

  it('20 simultaneous refunds of one order refund it once', async () => {
    const { reseller, orderId } = await resellerWithOrder(app);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => staffRefund(app, staff.headers, orderId, `race ${i}`)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const ledger = await ledgerOf(app.database.db, reseller.id);
    expect(ledger.entries.filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect(await balanceCents(app.database.db, reseller.id)).toBe(100_00);
    expect(ledger.sum).toBe(100_00);
  });

  it('approving and rejecting one request at once ends in one decision and at most one refund', async () => {
    const { reseller, orderId } = await resellerWithOrder(app);
    const { refundRequest } = (await requestRefund(app, reseller.headers, orderId)).json();
    const decide = (verb: 'approve' | 'reject') =>
      app.inject({
        method: 'POST',
        url: `/api/v1/admin/refund-requests/${refundRequest._id}/${verb}`,
        headers: staff.headers,
        payload: verb === 'reject' ? { reason: 'No' } : undefined,
      });
    await Promise.all([decide('approve'), decide('reject'), decide('approve'), decide('reject')]);
    const order = await statusOf(app, orderId);
    const history = await app.inject({ url: '/api/v1/order/read', headers: reseller.headers });
    const request = history.json().orders[0].refundRequest;
    const ledger = await ledgerOf(app.database.db, reseller.id);
    const refunds = ledger.entries.filter((e) => e.kind === 'refund');
    // Either approved (cancelled, refunded once) or rejected (completed, nothing moved): never a mix.
    if (request.status === 'approved') {
      expect(order.status).toBe('cancelled');
      expect(refunds).toHaveLength(1);
    } else {
      expect(request.status).toBe('rejected');
      expect(order.status).toBe('completed');
      expect(refunds).toHaveLength(0);
    }
    expect(ledger.sum).toBe(await balanceCents(app.database.db, reseller.id));
  });

  it('a refund racing the label job ends cancelled, refunded once, with no label kept', async () => {
    for (let round = 0; round < 5; round++) {
      const { reseller, orderId } = await resellerWithOrder(app, { open: true });
      const [refund] = await Promise.all([
        staffRefund(app, staff.headers, orderId, 'Bought by mistake'),
        generateLabel(app.ctx, orderId),
      ]);
      expect(refund.statusCode).toBe(200);
      const order = await statusOf(app, orderId);
      expect(order.status).toBe('cancelled');
      const ledger = await ledgerOf(app.database.db, reseller.id);
      expect(ledger.entries.filter((e) => e.kind === 'refund')).toHaveLength(1);
      expect(ledger.sum).toBe(await balanceCents(app.database.db, reseller.id));
      expect(await balanceCents(app.database.db, reseller.id)).toBe(100_00);
      // A label drawn before the refund stays only if the order completed first; it is never downloadable.
      const download = await app.inject({
        url: `/api/v1/order/download/${orderId}`,
        headers: reseller.headers,
      });
      expect(download.statusCode).toBe(409);
      if (order.labelFileId === null) {
        const kept = await app.database.db
          .select({ id: files.id })
          .from(files)
          .where(eq(files.userId, reseller.id));
        expect(kept).toHaveLength(0);
      }
      // The job running again (a retry) changes nothing.
      await generateLabel(app.ctx, orderId);
      expect((await app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe(
        'cancelled',
      );
    }
  });
});
