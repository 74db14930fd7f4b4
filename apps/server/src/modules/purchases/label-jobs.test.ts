import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, webhookEvents } from '../../db/schema.ts';
import { startWorkers } from '../../jobs/index.ts';
import {
  createProviderRegistry,
  createTestModeProvider,
  UpstreamRejectedError,
  type LabelProvider,
} from '../../labels/index.ts';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { cancelAndRefund } from '../refunds/refund-order.ts';
import { generateLabel } from './label-job.ts';
import {
  balanceCents,
  createOrder,
  labelTypeIds,
  ledgerOf,
  orderBody,
  waitFor,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { signUpReseller, signUpStaff } from '../../../test/account-fixtures.ts';

/** The test-mode provider, except for recipients whose name asks for a failure (the carrier is the fake). */
const providerFailingFor = (attempts: Map<string, number>): LabelProvider => {
  const real = createTestModeProvider();
  return {
    name: 'failing-for-marker',
    async purchase(shipment, options) {
      attempts.set(shipment.orderId, (attempts.get(shipment.orderId) ?? 0) + 1);
      if (shipment.to.name.includes('REJECT'))
        throw new UpstreamRejectedError('Address rejected by the carrier');
      if (shipment.to.name.includes('LEAKY'))
        throw new UpstreamRejectedError(
          'ShipCo: insufficient funds at http://10.0.4.7:8080 (balance $3.10, label cost $4.21)',
        );
      if (shipment.to.name.includes('BADADDR'))
        throw new UpstreamRejectedError('ShipCo: address_to: House number is missing (cost $4.21)');
      if (shipment.to.name.includes('DOWN')) throw new Error('503 Service Unavailable');
      return real.purchase(shipment, options);
    },
  };
};

describe('label jobs', () => {
  let app: TestApp;
  let alice: Reseller;
  let ids: Record<string, string>;
  const attempts = new Map<string, number>();
  const statusOf = async (id: string) =>
    (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  beforeAll(async () => {
    app = await createTestApp({ env: { LABEL_RETRY_LIMIT: '1', LABEL_RETRY_DELAY_SECONDS: '0' } });
    app.ctx.labels = createProviderRegistry([providerFailingFor(attempts)], {
      default: 'failing-for-marker',
    });
    await startWorkers(app.ctx);
    alice = await signUpReseller(app, 100_00);
    ids = await labelTypeIds(app, alice.headers);
  });
  afterAll(async () => app.close());

  it('makes the label and serves it to its owner as {tracking}.pdf', async () => {
    const res = await createOrder(app, alice.headers, orderBody(ids.priority!, { design: 'pitney' }));
    const { _id } = res.json().orders[0];
    const done = await waitFor(
      () => statusOf(_id),
      (o) => o.status === 'completed',
    );
    expect(done.tracking).toMatch(/^\d{22,34}$/);
    const history = await app.inject({ method: 'GET', url: '/api/v1/order/read', headers: alice.headers });
    const shown = history.json().orders.find((o: { _id: string }) => o._id === _id);
    expect(shown).toMatchObject({
      status: 'completed',
      tracking: done.tracking,
      pdf: `/api/v1/order/download/${_id}`,
      trackingUrl: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${done.tracking}`,
    });
    const file = await app.inject({
      method: 'GET',
      url: `/api/v1/order/download/${_id}`,
      headers: alice.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${done.tracking}.pdf"`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const bob = (await signUp(app)).headers;
    const stolen = await app.inject({ method: 'GET', url: `/api/v1/order/download/${_id}`, headers: bob });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: 'Order not found' });
  });

  it('cancels and refunds a label the carrier rejects, exactly once even when the job runs again', async () => {
    const before = await balanceCents(app.database.db, alice.id);
    const res = await createOrder(
      app,
      alice.headers,
      orderBody(ids.ground_oz!, { ToName: 'REJECT Me', quantity: 2 }),
    );
    const created = res.json().orders as { _id: string }[];
    // The charge happened (the refunds may already be under way, the workers are fast).
    const charges = (await ledgerOf(app.database.db, alice.id)).entries.filter(
      (e) => e.kind === 'order_charge',
    );
    expect(charges.map((e) => e.amountCents)).toContain(-550);
    for (const { _id } of created)
      await waitFor(
        () => statusOf(_id),
        (o) => o.status === 'cancelled',
      );
    expect(await balanceCents(app.database.db, alice.id)).toBe(before);

    for (const { _id } of created) {
      await generateLabel(app.ctx, _id);
      expect(await cancelAndRefund(app.ctx, _id, 'again')).toBe(false);
      expect(await statusOf(_id)).toMatchObject({
        failureReason: 'The carrier refused this label: the address could not be used',
        providerNote: 'Address rejected by the carrier',
      });
    }
    expect(await balanceCents(app.database.db, alice.id)).toBe(before);
    const ledger = await ledgerOf(app.database.db, alice.id);
    const refunds = ledger.entries.filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => [e.sourceKey, e.amountCents]).sort()).toEqual(
      created.map(({ _id }) => [`refund:order:${_id}`, 275]).sort(),
    );
    expect(ledger.sum).toBe(await balanceCents(app.database.db, alice.id));
  });

  it("tells the reseller a plain reason for a refused label, and keeps the provider's words for staff", async () => {
    const staff = await signUpStaff(app);
    const cases = [
      ['LEAKY Funds', 'We could not buy this label; you were refunded', /10\.0\.4\.7.*balance \$3\.10/],
      ['BADADDR Street', 'The carrier refused this label: the address could not be used', /House number/],
    ] as const;
    for (const [name, plain, providerWords] of cases) {
      const res = await createOrder(app, alice.headers, orderBody(ids.ground_oz!, { ToName: name }));
      const { _id } = res.json().orders[0];
      const cancelled = await waitFor(
        () => statusOf(_id),
        (o) => o.status === 'cancelled',
      );
      expect(cancelled.failureReason).toBe(plain);
      // The refund's reason (the ledger's note, the order.cancelled webhook's) is the plain one too.
      const ledger = await ledgerOf(app.database.db, alice.id);
      const refund = ledger.entries.find((e) => e.sourceKey === `refund:order:${_id}`)!;
      expect(refund.note).toBe(`Refund for ${res.json().orders[0].OrderId}: ${plain}`);
      const events = await app.database.db.select().from(webhookEvents);
      for (const event of events) expect(JSON.stringify(event)).not.toMatch(/ShipCo|10\.0\.4\.7|\$4\.21/);
      // Staff see what the provider said.
      const view = await app.inject({ url: `/api/v1/admin/orders/${_id}`, headers: staff.headers });
      expect(view.json().order.failureReason).toMatch(providerWords);
    }
  });

  it('retries a label that keeps failing, then cancels and refunds it once', async () => {
    const before = await balanceCents(app.database.db, alice.id);
    const res = await createOrder(app, alice.headers, orderBody(ids.ground_oz!, { ToName: 'DOWN Carrier' }));
    const order = res.json().orders[0];
    const cancelled = await waitFor(
      () => statusOf(order._id),
      (o) => o.status === 'cancelled',
    );
    expect(cancelled).toMatchObject({
      failureReason: 'We could not buy this label; you were refunded',
      providerNote: '503 Service Unavailable',
    });
    expect(attempts.get(order.OrderId)).toBe(2);
    expect(await balanceCents(app.database.db, alice.id)).toBe(before);
    const download = await app.inject({
      method: 'GET',
      url: `/api/v1/order/download/${order._id}`,
      headers: alice.headers,
    });
    expect(download.statusCode).toBe(409);
    expect(download.json()).toEqual({ message: 'Only completed orders can be downloaded' });
  });
});
