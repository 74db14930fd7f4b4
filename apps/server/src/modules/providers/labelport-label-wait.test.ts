import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { startWorkers } from '../../jobs/index.ts';
import { sampleShipment } from '../../labels/fixtures.ts';
import { createLabelportAdapter } from '../../labels/providers/upstream/labelport-adapter.ts';
import { UpstreamRejectedError } from '../../labels/providers/upstream-provider.ts';
import { apiReseller } from '../../../test/account-fixtures.ts';
import { startFaultProxy, type FaultProxy } from '../../../test/fault-proxy.ts';
import { startUpstreamPortal, type UpstreamPortal } from '../../../test/two-portals.ts';

type Calls = { create: number; read: number; download: number };

/**
 * A label bought on another LabelPort takes two calls, create-order and download (decision 346): the
 * download answers 409 until B has made the label and is tried again, without reading the order in
 * between. B is a real LabelPort whose label workers start only when a test says so.
 */
describe('labelport purchase: create and download, no read in between', () => {
  let b: UpstreamPortal;
  let proxy: FaultProxy;
  let calls: Calls;

  beforeAll(async () => {
    b = await startUpstreamPortal({ workers: false });
    proxy = await startFaultProxy(
      b.url,
      ({ path }) => {
        if (path.endsWith('/order/create-order')) calls.create++;
        else if (path.includes('/order/read-order/')) calls.read++;
        else if (path.includes('/order/download/')) calls.download++;
        return 'pass';
      },
      { slowMs: 0 },
    );
  }, 120_000);
  afterAll(async () => {
    await proxy.close();
    await b.close();
  });

  const adapterFor = async (timing: { firstPollMs: number; pollMs: number; labelWaitMs: number }) => {
    const account = await apiReseller(b.app, 100_00);
    calls = { create: 0, read: 0, download: 0 };
    return createLabelportAdapter({
      credentials: { apiKey: account.apiKey, baseUrl: proxy.url },
      ...timing,
      // B listens on loopback (decision 312).
      allowPrivateTargets: true,
    });
  };
  const purchase = (adapter: ReturnType<typeof createLabelportAdapter>, ids: string[]) =>
    adapter.purchase({
      shipment: sampleShipment('ground_oz'),
      service: 'ground_oz',
      reference: crypto.randomUUID(),
      upstreamId: null,
      recordUpstreamId: async (id) => void ids.push(id),
    });
  const orderOnB = async (id: string) =>
    (await b.app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('ends the wait when B cancels the order while its label is not made', async () => {
    const adapter = await adapterFor({ firstPollMs: 20, pollMs: 40, labelWaitMs: 20_000 });
    const ids: string[] = [];
    // B's workers are stopped: its order stays open until B cancels it here.
    const pending = purchase(adapter, ids).catch((error: unknown) => error);
    await expect.poll(() => ids.length, { timeout: 30_000 }).toBe(1);
    await b.app.ctx.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, ids[0]!));
    const error = await pending;
    expect(error).toBeInstanceOf(UpstreamRejectedError);
    expect((error as Error).message).toBe('The upstream portal cancelled the order and refunded it');
    expect(calls.read).toBeGreaterThanOrEqual(1);
  });

  it('downloads again while B answers 409, reading the order only every third time, and ends with the label', async () => {
    const adapter = await adapterFor({ firstPollMs: 20, pollMs: 40, labelWaitMs: 20_000 });
    const ids: string[] = [];
    const bought = purchase(adapter, ids);
    // B makes no label until its workers start: A's downloads meet 409 meanwhile.
    await expect.poll(() => calls.download, { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    await startWorkers(b.app.ctx);
    const label = await bought;
    const onB = await orderOnB(ids[0]!);
    expect(onB.status).toBe('completed');
    expect(label).toMatchObject({
      upstreamId: onB.id,
      trackingNumber: onB.tracking,
      costCents: onB.priceCents,
    });
    expect(new TextDecoder().decode(label.pdf.subarray(0, 5))).toBe('%PDF-');
    expect(calls.create).toBe(1);
    expect(calls.read).toBeGreaterThanOrEqual(1);
    expect(calls.read).toBeLessThanOrEqual(Math.floor(calls.download / 3));
  }, 60_000);

  it('buys a label B has made by the first download in two calls: create-order, then download', async () => {
    // B's workers run now; the first download goes once B has surely drawn the label.
    const adapter = await adapterFor({ firstPollMs: 2_000, pollMs: 2_000, labelWaitMs: 20_000 });
    const ids: string[] = [];
    const label = await purchase(adapter, ids);
    const onB = await orderOnB(ids[0]!);
    expect(label).toMatchObject({
      upstreamId: onB.id,
      trackingNumber: onB.tracking,
      costCents: onB.priceCents,
    });
    expect(onB.tracking).toBeTruthy();
    expect(calls).toEqual({ create: 1, read: 0, download: 1 });
  }, 60_000);
});
