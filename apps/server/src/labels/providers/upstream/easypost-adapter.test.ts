import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEasyPostFake, type EasyPostFake } from '../../../../test/fakes/easypost-fake.ts';
import { adapterKit, faultsAfterBuying } from '../../../../test/upstream-adapter-fixtures.ts';
import { createEasyPostAdapter } from './easypost-adapter.ts';
import { UpstreamUnknownOutcomeError } from './upstream-errors.ts';

describe('EasyPost adapter through @easypost/api against a local EasyPost', () => {
  const kit = adapterKit(startEasyPostFake, createEasyPostAdapter, 'USPS:Priority', 'EZTKwrongwrongwrong');
  const { adapter, request, boughtFor } = kit;

  it('buys the mapped rate: tracking, carrier, cost and the PDF bytes EasyPost made', async () => {
    const { req, recorded } = request();
    const label = await adapter().purchase(req);
    kit.expectTheLabelSold(req.reference, label);
    const stored = kit.fake.shipments.get(label.upstreamId)!;
    expect(stored.reference).toBe(req.reference);
    expect((stored.selected_rate as { service: string }).service).toBe('Priority');
    expect(label.costCents).toBe(Math.round(Number((stored.selected_rate as { rate: string }).rate) * 100));
    expect((stored.options as { label_format: string }).label_format).toBe('PDF');
    expect((stored.parcel as { weight: number }).weight).toBe(32);
    // The shipment id was stored before anything was bought.
    expect(recorded).toEqual({ id: label.upstreamId, purchasesThen: kit.fake.purchases.length - 1 });
  });

  it('reads test or live mode from the key', () => {
    expect(adapter().mode).toBe('test');
    const live = createEasyPostAdapter({ credentials: { apiKey: 'EZAKlive000000000000' } });
    expect(live.mode).toBe('live');
  });

  it.each(faultsAfterBuying)(
    '%s: an unknown outcome, then the lookup finds the one label bought',
    (_, fault) => kit.unknownOutcomeThenLookup(() => kit.fake.failNextBuy(fault)),
  );

  it('429: not bought, with the Retry-After, and the retry buys once on the same shipment', async () => {
    const { ep, req, recorded } = await kit.rateLimitedPurchase();
    const label = await ep.purchase({ ...req, upstreamId: recorded.id });
    expect(label.upstreamId).toBe(recorded.id);
    expect(boughtFor(req.reference)).toHaveLength(1);
  });

  it('two tries buying one shipment at once: one label, and the other try learns of it', async () => {
    const ep = adapter();
    const { req, recorded } = request();
    kit.fake.failNextBuy({ kind: 'rate-limit', retryAfterSeconds: 1 });
    await ep.purchase(req).catch(() => {});
    const tries = await Promise.allSettled(
      [1, 2].map(() => ep.purchase({ ...req, upstreamId: recorded.id })),
    );
    expect(boughtFor(req.reference)).toHaveLength(1);
    const [bought] = boughtFor(req.reference);
    for (const t of tries) {
      if (t.status === 'fulfilled') expect(t.value.trackingNumber).toBe(bought!.tracking);
      else expect(t.reason).toBeInstanceOf(UpstreamUnknownOutcomeError);
    }
    expect(tries.some((t) => t.status === 'fulfilled')).toBe(true);
    const lookup = await ep.lookup({ ...req, upstreamId: recorded.id });
    expect(lookup).toMatchObject({ state: 'bought', label: { trackingNumber: bought!.tracking } });
  });

  it('a refused purchase (no funds) and an undeliverable address are definite rejections', () =>
    kit.refusedPurchases({
      addressError: /Unable to verify address/,
      unknownService: 'USPS:Teleport',
      unknownServiceError: /no USPS:Teleport rate.*USPS:Priority/,
    }));

  it('lookup: nothing recorded is not bought; an unbought shipment is pending, then not bought', async () => {
    // 2 x 100 ms + the 1 s timeout, and EasyPost's times are to the second
    const { ep, req, ids } = await kit.pendingThenNotBought(2_300);
    // Reported never bought: a fresh shipment replaces it.
    const label = await ep.purchase({
      ...req,
      upstreamId: ids[0]!,
      recordUpstreamId: async (id) => void ids.push(id),
    });
    expect(label.upstreamId).toBe(ids[1]);
    expect(ids[1]).not.toBe(ids[0]);
    expect(boughtFor(req.reference)).toHaveLength(1);
  });

  it('a shipment recorded longer ago than a purchase waits is never bought later, only replaced once reported not bought', async () => {
    const ep = adapter({ timeoutMs: 1_000, labelWaitMs: 1_000 }); // bought within 1 s, reported not bought after 3 s
    const { req, recorded } = request();
    kit.fake.failNextBuy({ kind: 'rate-limit', retryAfterSeconds: 1 });
    await ep.purchase(req).catch(() => {});
    const recordedShipment = kit.fake.shipments.get(recorded.id!)!;
    const backdate = (ms: number) =>
      (recordedShipment.created_at = new Date(Date.now() - ms).toISOString().replace(/\.\d+Z$/, 'Z'));
    backdate(2_000);
    const error = await ep.purchase({ ...req, upstreamId: recorded.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamUnknownOutcomeError);
    expect(boughtFor(req.reference)).toHaveLength(0);
    expect(recordedShipment.postage_label ?? null).toBeNull();
    // Once a lookup may call it never bought, a fresh shipment is made and bought instead.
    backdate(5_000);
    expect(await ep.lookup({ ...req, upstreamId: recorded.id })).toMatchObject({ state: 'not-bought' });
    const ids: string[] = [];
    const label = await ep.purchase({
      ...req,
      upstreamId: recorded.id,
      recordUpstreamId: async (id) => void ids.push(id),
    });
    expect(label.upstreamId).toBe(ids[0]);
    expect(ids[0]).not.toBe(recorded.id);
    expect(boughtFor(req.reference).map((p) => p.shipmentId)).toEqual([ids[0]]);
  });

  kit.itAnswersLikeEveryAdapter({
    connected: 'Connected to EasyPost as LabelPort Fake (test key)',
    keyRefused: 'EasyPost refused the API key (401)',
  });
});

/** The fake answers with the shapes of EasyPost's own recorded traffic (the HAR files in test/fixtures/easypost). */
describe('the EasyPost fake against recorded EasyPost traffic', () => {
  const har = (name: string, entry: number) => {
    const file = new URL(`../../../../test/fixtures/easypost/${name}.har`, import.meta.url);
    const log = JSON.parse(readFileSync(file, 'utf8')) as {
      log: { entries: { response: { status: number; content: { text: string } } }[] };
    };
    const response = log.log.entries[entry]!.response;
    return { status: response.status, body: JSON.parse(response.content.text) as unknown };
  };
  /**
   * Every key of the recording is in the answer (and no other), down every object both have; a
   * shipment's `options` echo what each request asked for, so they are not compared.
   */
  const sameShape = (recorded: unknown, answer: unknown, path = '$'): string[] => {
    if (path === '$.options') return [];
    if (Array.isArray(recorded) && Array.isArray(answer) && recorded.length && answer.length)
      return sameShape(recorded[0], answer[0], `${path}[0]`);
    if (!recorded || !answer || typeof recorded !== 'object' || typeof answer !== 'object') return [];
    if (Array.isArray(recorded) || Array.isArray(answer)) return [];
    const a = answer as Record<string, unknown>;
    const r = recorded as Record<string, unknown>;
    const missing = Object.keys(r)
      .filter((k) => !(k in a))
      .map((k) => `${path}.${k} missing`);
    const extra = Object.keys(a)
      .filter((k) => !(k in r))
      .map((k) => `${path}.${k} not recorded`);
    return [...missing, ...extra, ...Object.keys(r).flatMap((k) => sameShape(r[k], a[k], `${path}.${k}`))];
  };

  let fake: EasyPostFake;
  const call = async (method: string, path: string, body?: object) => {
    const res = await fetch(`${fake.url}/v2/${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${fake.apiKey}:`).toString('base64')}`,
        'content-type': 'application/json',
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  beforeAll(async () => {
    fake = await startEasyPostFake();
  });
  afterAll(() => fake.close());

  it('shipment create, buy, retrieve, label format, refund, tracker and address answers', async () => {
    const shipmentBody = {
      shipment: {
        reference: 'shape-check',
        from_address: {
          name: 'Jack Sparrow',
          street1: '388 Townsend St',
          city: 'San Francisco',
          state: 'CA',
          zip: '94107',
        },
        to_address: {
          name: 'Elizabeth Swan',
          street1: '179 N Harbor Dr',
          city: 'Redondo Beach',
          state: 'CA',
          zip: '90277',
        },
        parcel: { length: 10, width: 8, height: 4, weight: 15.4 },
        options: { label_format: 'PDF', invoice_number: '123' },
      },
    };
    const created = await call('POST', 'shipments', shipmentBody);
    const id = created.body.id as string;
    const rate = (created.body.rates as { id: string; service: string }[]).find(
      (r) => r.service === 'Priority',
    )!;
    const retrieved = await call('GET', `shipments/${id}`);
    const bought = await call('POST', `shipments/${id}/buy`, { rate: { id: rate.id } });
    const converted = await call('GET', `shipments/${id}/label?file_format=ZPL`);
    const refunded = await call('POST', `shipments/${id}/refund`);
    const tracker = await call('POST', 'trackers', {
      tracker: { tracking_code: 'EZ1000000001', carrier: 'USPS' },
    });
    const trackerAgain = await call('GET', `trackers/${tracker.body.id as string}`);
    const verified = await call('POST', 'addresses/create_and_verify', {
      address: shipmentBody.shipment.to_address,
    });
    const unverifiable = await call('POST', 'addresses', {
      address: { street1: 'UNDELIVERABLE ST', zip: '00000' },
    });
    const refused = await call('GET', `addresses/${unverifiable.body.id as string}/verify`);

    // customs_info is an object in the recording and null here (domestic): its inside is not compared.
    const cases: [string, number, { status: number; body: unknown }][] = [
      ['creates-a-shipment', 0, created],
      ['buys-a-shipment', 1, bought],
      ['retrieves-a-shipment', 1, retrieved],
      ['converts-the-label-format-of-a-shipment', 2, converted],
      ['refunds-a-shipment', 1, refunded],
      ['creates-a-tracker', 0, tracker],
      ['retrieves-a-tracker', 1, trackerAgain],
      ['creates-a-verified-address', 0, verified],
      ['throws-an-error-when-we-cannot-verify-an-address', 1, refused],
    ];
    for (const [name, entry, answer] of cases) {
      const recorded = har(name, entry);
      expect({ name, status: answer.status }).toEqual({ name, status: recorded.status });
      expect({ name, differences: sameShape(recorded.body, answer.body) }).toEqual({ name, differences: [] });
    }
    expect((refunded.body as { refund_status: string }).refund_status).toBe('submitted');
    expect(String((converted.body.postage_label as { label_zpl_url: string }).label_zpl_url)).toMatch(
      /\.zpl$/,
    );
  });
});
