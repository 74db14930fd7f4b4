import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseRequests } from '../../../../test/fakes/fake-upstream.ts';
import { startShippoFake, type ShippoFake } from '../../../../test/fakes/shippo-fake.ts';
import { sampleShipment } from '../../fixtures.ts';
import { UpstreamRejectedError } from '../upstream-provider.ts';
import { createShippoAdapter } from './shippo-adapter.ts';
import { UpstreamUnknownOutcomeError } from './upstream-errors.ts';
import { UpstreamNotBoughtError, type UpstreamAdapterOptions } from './upstream-adapter.ts';

const shipment = sampleShipment('priority', { weight: 2, signature: true });

describe('Shippo adapter through the shippo client against a local Shippo', () => {
  let fake: ShippoFake;
  beforeAll(async () => {
    fake = await startShippoFake();
  });
  afterAll(() => fake.close());

  const adapter = (options: Partial<UpstreamAdapterOptions> = {}) =>
    createShippoAdapter({
      credentials: { apiKey: fake.apiKey, baseUrl: fake.url },
      allowPrivateTargets: true,
      timeoutMs: 2_000,
      labelWaitMs: 2_000,
      ...options,
    });
  const { request, boughtFor } = purchaseRequests(() => fake, shipment, 'usps_priority');

  it('buys the mapped service level: tracking, carrier, cost and the PDF bytes Shippo made', async () => {
    const { req, recorded } = request();
    const label = await adapter().purchase(req);
    const [bought] = boughtFor(req.reference);
    expect(bought).toBeDefined();
    expect(label.trackingNumber).toBe(bought!.tracking);
    expect(Buffer.from(label.pdf).equals(Buffer.from(bought!.pdf))).toBe(true);
    expect(label.carrier).toBe('usps');
    const transaction = fake.transactions.get(label.upstreamId)!;
    expect(transaction.metadata).toBe(req.reference);
    expect(transaction.label_file_type).toBe('PDF_4x6');
    const stored = fake.shipments.get(recorded.id!)!;
    expect(stored.metadata).toBe(req.reference);
    const rate = (
      stored.rates as { object_id: string; amount: string; servicelevel: { token: string } }[]
    ).find((r) => r.object_id === transaction.rate)!;
    expect(rate.servicelevel.token).toBe('usps_priority');
    expect(label.costCents).toBe(Math.round(Number(rate.amount) * 100));
    expect((stored.parcels as { weight: string; mass_unit: string }[])[0]).toMatchObject({
      weight: '32',
      mass_unit: 'oz',
    });
    // The shipment id was stored before anything was bought.
    expect(recorded).toEqual({ id: bought!.shipmentId, purchasesThen: fake.purchases.length - 1 });
  });

  it("quotes the service level's rate on a new shipment, and the purchase buys that rate on it (decision 332)", async () => {
    const { req } = request();
    const ep = adapter();
    const quote = await ep.quote!({ shipment, service: 'usps_priority', reference: 'order-q' });
    const quotedShipment = fake.shipments.get(quote.upstreamId!)!;
    const rates = quotedShipment.rates as {
      object_id: string;
      amount: string;
      servicelevel: { token: string };
    }[];
    const rate = rates.find((r) => r.object_id === quote.rateId)!;
    expect(rate.servicelevel.token).toBe('usps_priority');
    expect(quote.amountCents).toBe(Math.round(Number(rate.amount) * 100));
    const shipmentsBefore = fake.shipments.size;
    const label = await ep.purchase({
      ...req,
      upstreamId: quote.upstreamId!,
      quoted: { upstreamId: quote.upstreamId!, rateId: quote.rateId! },
    });
    expect(fake.shipments.size).toBe(shipmentsBefore);
    expect(fake.transactions.get(label.upstreamId)!.rate).toBe(quote.rateId);
    expect(label.costCents).toBe(quote.amountCents);
    await expect(ep.quote!({ shipment, service: 'no_such_level', reference: 'order-q' })).rejects.toThrow(
      UpstreamRejectedError,
    );
  });

  it('waits for a queued label until Shippo has made it', async () => {
    const { req } = request();
    fake.queueNextLabel();
    const label = await adapter({ pollMs: 20 }).purchase(req);
    expect(fake.transactions.get(label.upstreamId)!.status).toBe('SUCCESS');
    expect(label.trackingNumber).toBe(boughtFor(req.reference)[0]!.tracking);
  });

  it('reads test or live mode from the key', () => {
    expect(adapter().mode).toBe('test');
    const live = createShippoAdapter({ credentials: { apiKey: 'shippo_live_0000000000' } });
    expect(live.mode).toBe('live');
  });

  it.each([
    ['the connection drops after buying', { kind: 'drop-after-buy' } as const],
    ['the answer comes after the timeout', { kind: 'slow-after-buy', delayMs: 1_500 } as const],
    ['a 500 comes after buying', { kind: 'error-after-buy' } as const],
    ["the client's validation refuses the answer", null],
  ])('%s: an unknown outcome, then the lookup finds the one label bought', async (_, fault) => {
    const ep = adapter({ timeoutMs: 700 });
    const { req, recorded } = request();
    if (fault) fake.failNextBuy(fault);
    else fake.garbleNextBuy();
    const error = await ep.purchase(req).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamUnknownOutcomeError);
    const lookup = await ep.lookup({ ...req, upstreamId: recorded.id });
    expect(lookup.state).toBe('bought');
    const [bought] = boughtFor(req.reference);
    if (lookup.state === 'bought') {
      expect(lookup.label.trackingNumber).toBe(bought!.tracking);
      expect(Buffer.from(lookup.label.pdf).equals(Buffer.from(bought!.pdf))).toBe(true);
    }
    // A retry of the purchase with the recorded shipment hands back the same label.
    const again = await ep.purchase({ ...req, upstreamId: recorded.id });
    expect(again.trackingNumber).toBe(bought!.tracking);
    expect(boughtFor(req.reference)).toHaveLength(1);
  });

  it('429: not bought, with the Retry-After, and the retry buys once on the same shipment', async () => {
    const ep = adapter();
    const { req, recorded } = request();
    fake.failNextBuy({ kind: 'rate-limit', retryAfterSeconds: 7 });
    const error = await ep.purchase(req).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamNotBoughtError);
    expect((error as UpstreamNotBoughtError).retryAfterMs).toBe(7_000);
    expect(boughtFor(req.reference)).toHaveLength(0);
    await ep.purchase({ ...req, upstreamId: recorded.id });
    expect(boughtFor(req.reference).map((p) => p.shipmentId)).toEqual([recorded.id]);
  });

  it('a refused purchase (no funds) and an undeliverable address are definite rejections', async () => {
    const ep = adapter();
    const funds = request();
    fake.failNextBuy({ kind: 'reject', reason: 'funds' });
    const refused = await ep.purchase(funds.req).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UpstreamRejectedError);
    expect((refused as Error).message).toMatch(/Insufficient funds/);
    const bad = request();
    bad.req.shipment = { ...shipment, to: { ...shipment.to, street1: 'Old Meridian Road' } };
    await expect(ep.purchase(bad.req)).rejects.toThrow(/House number is missing/);
    expect(bad.recorded.id).toBeNull();
    await expect(ep.purchase(bad.req)).rejects.toThrow(UpstreamRejectedError);
    const unknownService = request('usps_teleport');
    await expect(ep.purchase(unknownService.req)).rejects.toThrow(/no usps_teleport rate.*usps_priority/);
    expect(boughtFor(funds.req.reference)).toHaveLength(0);
  });

  it('lookup: nothing recorded is not bought; an unbought shipment is pending, then not bought', async () => {
    const ep = adapter({ timeoutMs: 1_000, labelWaitMs: 100 });
    const { req } = request();
    expect((await ep.lookup(req)).state).toBe('not-bought');
    fake.failNextBuy({ kind: 'rate-limit', retryAfterSeconds: 1 });
    const ids: string[] = [];
    await ep.purchase({ ...req, recordUpstreamId: async (id) => void ids.push(id) }).catch(() => {});
    expect((await ep.lookup({ ...req, upstreamId: ids[0]! })).state).toBe('pending');
    await sleep(1_300); // 2 x 100 ms + the 1 s timeout
    expect(await ep.lookup({ ...req, upstreamId: ids[0]! })).toMatchObject({ state: 'not-bought' });
    // Reported never bought: a fresh shipment replaces it.
    const label = await ep.purchase({
      ...req,
      upstreamId: ids[0]!,
      recordUpstreamId: async (id) => void ids.push(id),
    });
    expect(ids[1]).not.toBe(ids[0]);
    expect(boughtFor(req.reference).map((p) => p.shipmentId)).toEqual([ids[1]]);
    expect(label.trackingNumber).toBe(boughtFor(req.reference)[0]!.tracking);
  });

  it("a lookup the provider refuses leaves the purchase undecided, never 'not bought'", async () => {
    const { req, recorded } = request();
    await adapter().purchase(req);
    const refused = createShippoAdapter({
      credentials: { apiKey: 'shippo_test_wrongwrong', baseUrl: fake.url },
      allowPrivateTargets: true,
    });
    const error = await refused.lookup({ ...req, upstreamId: recorded.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamUnknownOutcomeError);
    expect(error).not.toBeInstanceOf(UpstreamRejectedError);
  });

  it("void status without the refund's id reads every page of refunds to find the label's", async () => {
    const ep = adapter();
    const { req } = request();
    const label = await ep.purchase(req);
    fake.answerRefundsWith('QUEUED');
    const asked = await ep.voidLabel({ upstreamId: label.upstreamId, voidId: null });
    expect(asked.state).toBe('submitted');
    // Newer refunds of other labels push this one onto a later page.
    fake.pageRefundsBy(3);
    for (let i = 0; i < 7; i++) {
      const id = `other${i}${Date.now()}`;
      fake.refunds.set(id, { ...[...fake.refunds.values()].at(-1)!, object_id: id, transaction: `t${id}` });
    }
    try {
      expect(await ep.voidStatus({ upstreamId: label.upstreamId, voidId: null })).toMatchObject({
        state: 'submitted',
      });
      fake.settleRefund(label.upstreamId, 'SUCCESS');
      expect(await ep.voidStatus({ upstreamId: label.upstreamId, voidId: null })).toEqual({
        state: 'refunded',
      });
    } finally {
      fake.pageRefundsBy(5);
    }
  });

  it('test connection: one real call, and a clear message for a bad key', async () => {
    expect(await adapter().testConnection()).toEqual({
      ok: true,
      message: 'Connected to Shippo (test key)',
    });
    const bad = createShippoAdapter({
      credentials: { apiKey: 'shippo_test_wrongwrong', baseUrl: fake.url },
      allowPrivateTargets: true,
    });
    expect(await bad.testConnection()).toEqual({ ok: false, message: 'Shippo refused the API key (401)' });
  });
});
