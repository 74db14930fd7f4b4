import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, orders } from '../../db/schema.ts';
import { createProviderRegistry, createTestModeProvider, type LabelProvider } from '../../labels/index.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { OPEN_STATUSES, refundOrder } from '../refunds/refund-order.ts';
import { generateLabels } from './label-job.ts';
import {
  balanceCents,
  createOrder,
  labelTypeIds,
  orderBody,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

/**
 * The label job batch on its own (no workers run here, so nothing races the calls): one round trip
 * for many orders must still treat each order on its own.
 */
describe('label job batches', () => {
  let app: TestApp;
  let alice: Reseller;
  let ids: Record<string, string>;
  /** Recipients whose name contains a key fail (or cancel their own order) as the value says. */
  const behaviour = new Map<string, 'fail-once' | 'cancel-while-drawing'>();
  const failedOnce = new Set<string>();

  const provider = (): LabelProvider => {
    const real = createTestModeProvider();
    return {
      name: 'scripted',
      async purchase(shipment, options) {
        const key = [...behaviour.keys()].find((k) => shipment.to.name.includes(k));
        const what = key ? behaviour.get(key) : undefined;
        if (what === 'fail-once' && !failedOnce.has(shipment.orderId)) {
          failedOnce.add(shipment.orderId);
          throw new Error('Carrier timed out');
        }
        const label = await real.purchase(shipment, options);
        if (what === 'cancel-while-drawing') {
          const [row] = await app.database.db
            .select({ id: orders.id })
            .from(orders)
            .where(eq(orders.orderNumber, Number(shipment.orderId.replace(/\D/g, ''))));
          // As staff cancel it (the job's own refunds give the reseller a plain reason instead).
          await refundOrder(app.ctx, { orderId: row!.id, reason: 'Cancelled by staff', from: OPEN_STATUSES });
        }
        return label;
      },
    };
  };

  const place = async (toName: string, quantity = 1): Promise<string[]> => {
    const res = await createOrder(
      app,
      alice.headers,
      orderBody(ids.ground_oz!, { ToName: toName, quantity }),
    );
    expect(res.statusCode).toBe(201);
    return (res.json().orders as { _id: string }[]).map((o) => o._id);
  };
  const rowsOf = (orderIds: string[]) =>
    app.database.db.select().from(orders).where(inArray(orders.id, orderIds));

  beforeAll(async () => {
    app = await createTestApp();
    app.ctx.labels = createProviderRegistry([provider()], { default: 'scripted' });
    alice = await signUpReseller(app, 100_00);
    ids = await labelTypeIds(app, alice.headers);
  });
  afterAll(async () => app.close());

  it('completes the good labels of a batch and hands back only the one that failed, for a retry', async () => {
    behaviour.set('Flaky', 'fail-once');
    const good = await place('Rita Receiver', 3);
    const [flaky] = await place('Flaky Carrier');
    const failed = await generateLabels(app.ctx, [...good, flaky!]);

    expect([...failed.keys()]).toEqual([flaky]);
    expect(failed.get(flaky!)?.message).toBe('Carrier timed out');
    const rows = await rowsOf([...good, flaky!]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of good) {
      expect(byId.get(id)).toMatchObject({ status: 'completed', failureReason: null });
      expect(byId.get(id)!.tracking).toMatch(/^\d{22,34}$/);
      expect(byId.get(id)!.labelFileId).toBeTruthy();
    }
    expect(byId.get(flaky!)).toMatchObject({
      status: 'processing',
      // A passing failure: staff read the provider's words, the reseller no reason yet (decision 314).
      failureReason: null,
      providerNote: 'Carrier timed out',
      tracking: null,
    });
    // Every label is its own file, named by its tracking number.
    const stored = await app.database.db
      .select({ id: files.id, name: files.name })
      .from(files)
      .where(
        inArray(
          files.id,
          good.map((id) => byId.get(id)!.labelFileId!),
        ),
      );
    expect(stored.map((f) => f.name).sort()).toEqual(
      good.map((id) => `${byId.get(id)!.tracking}.pdf`).sort(),
    );

    // The retry makes the missing label and leaves the finished ones alone.
    expect((await generateLabels(app.ctx, [...good, flaky!])).size).toBe(0);
    const after = new Map((await rowsOf([...good, flaky!])).map((r) => [r.id, r]));
    expect(after.get(flaky!)).toMatchObject({ status: 'completed', failureReason: null, providerNote: null });
    for (const id of good) expect(after.get(id)!.tracking).toBe(byId.get(id)!.tracking);
  });

  it('keeps an order cancelled while its label was drawn cancelled, refunded once, with no file left', async () => {
    behaviour.set('Cancelled Midway', 'cancel-while-drawing');
    const before = await balanceCents(app.database.db, alice.id);
    const [cancelled] = await place('Cancelled Midway');
    const [kept] = await place('Rita Receiver');
    const filesBefore = await app.database.db.select({ id: files.id }).from(files);

    expect((await generateLabels(app.ctx, [cancelled!, kept!])).size).toBe(0);
    const rows = new Map((await rowsOf([cancelled!, kept!])).map((r) => [r.id, r]));
    expect(rows.get(cancelled!)).toMatchObject({
      status: 'cancelled',
      tracking: null,
      labelFileId: null,
      failureReason: 'Cancelled by staff',
    });
    expect(rows.get(kept!)!.status).toBe('completed');
    const filesAfter = await app.database.db.select({ id: files.id }).from(files);
    expect(filesAfter.length - filesBefore.length).toBe(1);
    // Charged twice, refunded once: the balance is down by one label.
    expect(await balanceCents(app.database.db, alice.id)).toBe(before - 275);
  });

  it('leaves finished orders alone when their jobs run again', async () => {
    const [done] = await place('Rita Receiver');
    await generateLabels(app.ctx, [done!]);
    const [first] = await rowsOf([done!]);
    const filesBefore = await app.database.db.select({ id: files.id }).from(files);
    expect((await generateLabels(app.ctx, [done!, done!])).size).toBe(0);
    const [again] = await rowsOf([done!]);
    expect(again).toMatchObject({
      status: 'completed',
      tracking: first!.tracking,
      labelFileId: first!.labelFileId,
    });
    expect(await app.database.db.select({ id: files.id }).from(files)).toHaveLength(filesBefore.length);
  });
});
