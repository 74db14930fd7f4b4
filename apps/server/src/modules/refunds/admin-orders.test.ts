import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  labelPurchases,
  ledgerEntries,
  mailOutbox,
  orders,
  providers,
  users,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { balanceCents, ledgerOf, type Reseller } from '../../../test/order-fixtures.ts';
import { resellerWithOrder, staffRefund, statusOf } from './test-support.ts';
import { signUpStaff } from '../../../test/account-fixtures.ts';

describe('staff orders and refunds', () => {
  let app: TestApp;
  let staff: Reseller;
  beforeAll(async () => {
    app = await createTestApp();
    staff = await signUpStaff(app);
  });
  afterAll(() => app.close());

  it('refunds a completed order once: cancelled, one refund entry, audited, the reseller mailed', async () => {
    const { reseller, orderId } = await resellerWithOrder(app);
    await app.database.db
      .update(users)
      .set({ email: 'buyer@example.com', emailVerified: true })
      .where(eq(users.id, reseller.id));
    expect(await balanceCents(app.database.db, reseller.id)).toBe(100_00 - 275);

    const res = await staffRefund(app, staff.headers, orderId, 'Carrier lost the parcel');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^LBL-\d+ cancelled and \$2\.75 refunded$/);
    expect(res.json().order).toMatchObject({ status: 'cancelled', pdf: null });
    expect(await balanceCents(app.database.db, reseller.id)).toBe(100_00);

    const again = await staffRefund(app, staff.headers, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/is already cancelled and refunded$/);
    const ledger = await ledgerOf(app.database.db, reseller.id);
    expect(ledger.entries.filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect(ledger.sum).toBe(await balanceCents(app.database.db, reseller.id));

    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.targetId, orderId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({
      status: 'cancelled',
      refund: 2.75,
      reason: 'Carrier lost the parcel',
    });
    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'buyer@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('refunded $2.75 to your balance (reason: Carrier lost the parcel)');

    const download = await app.inject({
      url: `/api/v1/order/download/${orderId}`,
      headers: reseller.headers,
    });
    expect(download.statusCode).toBe(409);
  });

  it('refunds a pending order, and the label job that runs afterwards leaves it cancelled', async () => {
    const { reseller, orderId } = await resellerWithOrder(app, { open: true });
    expect((await staffRefund(app, staff.headers, orderId)).statusCode).toBe(200);
    const { generateLabel } = await import('../purchases/label-job.ts');
    await generateLabel(app.ctx, orderId);
    expect(await statusOf(app, orderId)).toMatchObject({ status: 'cancelled', labelFileId: null });
    expect(await balanceCents(app.database.db, reseller.id)).toBe(100_00);
  });

  it('waits for a label still being bought upstream: refused, then refunded once nothing was bought', async () => {
    const { reseller, orderId } = await resellerWithOrder(app, { open: true });
    const [provider] = await app.database.db
      .insert(providers)
      .values({
        kind: 'labelport',
        name: `upstream-${orderId}`,
        credentialsSealed: 'x',
        credentialHint: 'x',
        mode: 'live',
      })
      .returning();
    await app.database.db.update(orders).set({ status: 'processing' }).where(eq(orders.id, orderId));
    // The label job asked the provider and its answer was lost: a label may be bought.
    const [purchase] = await app.database.db
      .insert(labelPurchases)
      .values({ orderId, providerId: provider!.id, service: 'priority', state: 'unknown', tries: 1 })
      .returning();

    const refused = await staffRefund(app, staff.headers, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^The label of LBL-\d+ is still being bought from its provider: refund it once the purchase has settled$/,
    );
    expect(await statusOf(app, orderId)).toMatchObject({ status: 'processing' });
    expect(await balanceCents(app.database.db, reseller.id)).toBe(100_00 - 275);

    // The provider said nothing was bought: the refund goes through, and no purchase starts after it.
    await app.database.db
      .update(labelPurchases)
      .set({ state: 'not_bought' })
      .where(eq(labelPurchases.id, purchase!.id));
    expect((await staffRefund(app, staff.headers, orderId)).statusCode).toBe(200);
    expect(await balanceCents(app.database.db, reseller.id)).toBe(100_00);
    const { startPurchase } = await import('../purchases/label-purchases.repository.ts');
    expect(
      await startPurchase(app.ctx.db, { orderId, providerId: provider!.id, service: 'priority' }),
    ).toBeNull();
  });

  it('refuses bad input, unknown orders and resellers', async () => {
    const { reseller, orderId } = await resellerWithOrder(app, { open: true });
    const noReason = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/refund`,
      headers: staff.headers,
      payload: { reason: '  ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Reason is required');
    expect((await staffRefund(app, staff.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await staffRefund(app, staff.headers, 'not-an-id')).statusCode).toBe(404);
    expect((await staffRefund(app, reseller.headers, orderId)).statusCode).toBe(403);
    expect((await statusOf(app, orderId)).status).toBe('pending');
  });

  it('lists every reseller’s orders with search by OrderId, name and reseller, and filters', async () => {
    const a = await resellerWithOrder(app);
    const b = await resellerWithOrder(app, { open: true });
    const list = (query: Record<string, string>) =>
      app.inject({ url: '/api/v1/admin/orders', query, headers: staff.headers }).then((r) => r.json());

    const all = await list({ limit: '100' });
    const ids = all.orders.map((o: { _id: string }) => o._id);
    expect(ids).toEqual(expect.arrayContaining([a.orderId, b.orderId]));
    const shownA = all.orders.find((o: { _id: string }) => o._id === a.orderId);
    expect(shownA.reseller.discordId).toMatch(/^reseller_/);

    const byOrderId = await list({ search: shownA.OrderId });
    expect(byOrderId.orders.map((o: { _id: string }) => o._id)).toEqual([a.orderId]);
    const byTracking = await list({ search: shownA.tracking });
    expect(byTracking.orders.map((o: { _id: string }) => o._id)).toEqual([a.orderId]);
    const byReseller = await list({ search: shownA.reseller.discordId });
    expect(byReseller.orders.map((o: { _id: string }) => o._id)).toEqual([a.orderId]);
    const byName = await list({ search: 'Rita', limit: '100' });
    expect(byName.total).toBeGreaterThanOrEqual(2);

    const pending = await list({ status: 'pending', limit: '100' });
    expect(pending.orders.every((o: { status: string }) => o.status === 'pending')).toBe(true);
    expect(pending.orders.map((o: { _id: string }) => o._id)).toContain(b.orderId);
    const byType = await list({ labelType: shownA.labelType._id, limit: '100' });
    expect(
      byType.orders.every((o: { labelType: { _id: string } }) => o.labelType._id === shownA.labelType._id),
    ).toBe(true);
    const labelled = await list({ trackingStatus: shownA.trackingStatus, limit: '100' });
    expect(labelled.orders.map((o: { _id: string }) => o._id)).toContain(a.orderId);
    expect(labelled.orders.map((o: { _id: string }) => o._id)).not.toContain(b.orderId);
    expect(
      labelled.orders.every((o: { trackingStatus: string }) => o.trackingStatus === shownA.trackingStatus),
    ).toBe(true);
    expect((await list({ trackingStatus: 'return_to_sender' })).total).toBe(0);
    expect((await list({ from: '2000-01-01', to: '2000-12-31' })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ from: today, to: today, limit: '100' })).total).toBe(all.total);

    const detail = await app.inject({ url: `/api/v1/admin/orders/${a.orderId}`, headers: staff.headers });
    expect(detail.json().order).toMatchObject({ _id: a.orderId, status: 'completed', refundRequest: null });
    const badDate = await app.inject({ url: '/api/v1/admin/orders?from=yesterday', headers: staff.headers });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe('From must be a date (YYYY-MM-DD)');
  });

  it('pages every reseller’s orders and counts them per status exactly as a plain query does', async () => {
    for (let i = 0; i < 3; i++) await resellerWithOrder(app, { open: i === 1 });
    type Rows = { rows: { id: string; n?: number }[] };
    for (const status of ['All', 'pending', 'processing', 'completed', 'cancelled']) {
      const where = status === 'All' ? sql`true` : sql`status = ${status}`;
      const counted = (await app.database.db.execute(
        sql`SELECT count(*)::int AS n FROM orders WHERE ${where}`,
      )) as unknown as Rows;
      const want = counted.rows[0]!.n!;
      for (const page of [1, 2, 3]) {
        const plain = (await app.database.db.execute(sql`SELECT id FROM orders WHERE ${where}
          ORDER BY created_at DESC, order_number DESC LIMIT 2 OFFSET ${(page - 1) * 2}`)) as unknown as Rows;
        const res = await app.inject({
          url: '/api/v1/admin/orders',
          query: { status, page: String(page), limit: '2' },
          headers: staff.headers,
        });
        const body = res.json() as { orders: { _id: string }[]; total: number };
        expect({ ids: body.orders.map((o) => o._id), total: body.total }, `${status} ${page}`).toEqual({
          ids: plain.rows.map((r) => r.id),
          total: want,
        });
      }
    }
  });

  it('refunds the selected orders and reports the ones it skipped', async () => {
    const a = await resellerWithOrder(app);
    const b = await resellerWithOrder(app, { open: true });
    await staffRefund(app, staff.headers, b.orderId);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders/refund',
      headers: staff.headers,
      payload: { ids: [a.orderId, b.orderId, 'nope'], reason: 'Outage' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: '1 order refunded ($2.75); 2 skipped',
      refunded: [a.orderId],
      skipped: [
        { _id: b.orderId, message: expect.stringMatching(/already cancelled/) },
        { _id: 'nope', message: 'Order not found' },
      ],
    });
    const refunds = await app.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sourceKey, `refund:order:${b.orderId}`));
    expect(refunds).toHaveLength(1);
    expect(await balanceCents(app.database.db, a.reseller.id)).toBe(100_00);
  });
});
