import { describe, expect, it } from 'vitest';
import { startShippoFake } from '../../../../test/fakes/shippo-fake.ts';
import { adapterKit, faultsAfterBuying } from '../../../../test/upstream-adapter-fixtures.ts';
import { UpstreamRejectedError } from '../upstream-provider.ts';
import { createShippoAdapter } from './shippo-adapter.ts';

describe('Shippo adapter through the shippo client against a local Shippo', () => {
  const kit = adapterKit(startShippoFake, createShippoAdapter, 'usps_priority', 'shippo_test_wrongwrong');
  const { adapter, request, boughtFor, shipment } = kit;

  it('buys the mapped service level: tracking, carrier, cost and the PDF bytes Shippo made', async () => {
    const { req, recorded } = request();
    const label = await adapter().purchase(req);
    const bought = kit.expectTheLabelSold(req.reference, label);
    const transaction = kit.fake.transactions.get(label.upstreamId)!;
    expect(transaction.metadata).toBe(req.reference);
    expect(transaction.label_file_type).toBe('PDF_4x6');
    const stored = kit.fake.shipments.get(recorded.id!)!;
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
    expect(recorded).toEqual({ id: bought.shipmentId, purchasesThen: kit.fake.purchases.length - 1 });
  });

  it("quotes the service level's rate on a new shipment, and the purchase buys that rate on it (decision 332)", async () => {
    const { req } = request();
    const ep = adapter();
    const quote = await ep.quote!({ shipment, service: 'usps_priority', reference: 'order-q' });
    const quotedShipment = kit.fake.shipments.get(quote.upstreamId!)!;
    const rates = quotedShipment.rates as {
      object_id: string;
      amount: string;
      servicelevel: { token: string };
    }[];
    const rate = rates.find((r) => r.object_id === quote.rateId)!;
    expect(rate.servicelevel.token).toBe('usps_priority');
    expect(quote.amountCents).toBe(Math.round(Number(rate.amount) * 100));
    const shipmentsBefore = kit.fake.shipments.size;
    const label = await ep.purchase({
      ...req,
      upstreamId: quote.upstreamId!,
      quoted: { upstreamId: quote.upstreamId!, rateId: quote.rateId! },
    });
    expect(kit.fake.shipments.size).toBe(shipmentsBefore);
    expect(kit.fake.transactions.get(label.upstreamId)!.rate).toBe(quote.rateId);
    expect(label.costCents).toBe(quote.amountCents);
    await expect(ep.quote!({ shipment, service: 'no_such_level', reference: 'order-q' })).rejects.toThrow(
      UpstreamRejectedError,
    );
  });

  it('waits for a queued label until Shippo has made it', async () => {
    const { req } = request();
    kit.fake.queueNextLabel();
    const label = await adapter({ pollMs: 20 }).purchase(req);
    expect(kit.fake.transactions.get(label.upstreamId)!.status).toBe('SUCCESS');
    expect(label.trackingNumber).toBe(boughtFor(req.reference)[0]!.tracking);
  });

  it('reads test or live mode from the key', () => {
    expect(adapter().mode).toBe('test');
    const live = createShippoAdapter({ credentials: { apiKey: 'shippo_live_0000000000' } });
    expect(live.mode).toBe('live');
  });

  it.each([...faultsAfterBuying, ["the client's validation refuses the answer", null] as const])(
    '%s: an unknown outcome, then the lookup finds the one label bought',
    (_, fault) =>
      kit.unknownOutcomeThenLookup(() => (fault ? kit.fake.failNextBuy(fault) : kit.fake.garbleNextBuy())),
  );

  it('429: not bought, with the Retry-After, and the retry buys once on the same shipment', async () => {
    const { ep, req, recorded } = await kit.rateLimitedPurchase();
    await ep.purchase({ ...req, upstreamId: recorded.id });
    expect(boughtFor(req.reference).map((p) => p.shipmentId)).toEqual([recorded.id]);
  });

  it('a refused purchase (no funds) and an undeliverable address are definite rejections', () =>
    kit.refusedPurchases(
      {
        addressError: /House number is missing/,
        unknownService: 'usps_teleport',
        unknownServiceError: /no usps_teleport rate.*usps_priority/,
      },
      (ep, req) => expect(ep.purchase(req)).rejects.toThrow(UpstreamRejectedError),
    ));

  it('lookup: nothing recorded is not bought; an unbought shipment is pending, then not bought', async () => {
    const { ep, req, ids } = await kit.pendingThenNotBought(1_300); // 2 x 100 ms + the 1 s timeout
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

  it("void status without the refund's id reads every page of refunds to find the label's", async () => {
    const ep = adapter();
    const { req } = request();
    const label = await ep.purchase(req);
    kit.fake.answerRefundsWith('QUEUED');
    const asked = await ep.voidLabel({ upstreamId: label.upstreamId, voidId: null });
    expect(asked.state).toBe('submitted');
    // Newer refunds of other labels push this one onto a later page.
    kit.fake.pageRefundsBy(3);
    for (let i = 0; i < 7; i++) {
      const id = `other${i}${Date.now()}`;
      kit.fake.refunds.set(id, {
        ...[...kit.fake.refunds.values()].at(-1)!,
        object_id: id,
        transaction: `t${id}`,
      });
    }
    try {
      expect(await ep.voidStatus({ upstreamId: label.upstreamId, voidId: null })).toMatchObject({
        state: 'submitted',
      });
      kit.fake.settleRefund(label.upstreamId, 'SUCCESS');
      expect(await ep.voidStatus({ upstreamId: label.upstreamId, voidId: null })).toEqual({
        state: 'refunded',
      });
    } finally {
      kit.fake.pageRefundsBy(5);
    }
  });

  kit.itAnswersLikeEveryAdapter({
    connected: 'Connected to Shippo (test key)',
    keyRefused: 'Shippo refused the API key (401)',
  });
});
