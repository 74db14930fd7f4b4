import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sampleShipment } from '../src/labels/fixtures.ts';
import { UpstreamRejectedError } from '../src/labels/providers/upstream-provider.ts';
import { UpstreamUnknownOutcomeError } from '../src/labels/providers/upstream/upstream-errors.ts';
import {
  UpstreamNotBoughtError,
  type UpstreamAdapter,
  type UpstreamAdapterOptions,
  type UpstreamLabelResult,
  type UpstreamPurchaseRequest,
} from '../src/labels/providers/upstream/upstream-adapter.ts';
import { purchaseRequests, type ShippingApiFake } from './fakes/fake-upstream.ts';

const adapterShipment = sampleShipment('priority', { weight: 2, signature: true });

/**
 * An upstream adapter's test against its company's fake, called inside a `describe`: starts the fake
 * for the block; `adapter` is the adapter on the fake's test key (loopback allowed, 2 s limits), `refused`
 * the same on a key the fake refuses; `request` and `boughtFor` as `purchaseRequests` gives them.
 */
export function adapterKit<F extends ShippingApiFake>(
  start: () => Promise<F>,
  create: (options: UpstreamAdapterOptions) => UpstreamAdapter,
  service: string,
  wrongKey: string,
) {
  const kit = baseKit(start, create, service, wrongKey);
  return {
    ...kit,
    /** The company's fake, once started. */
    get fake() {
      return kit.fake();
    },
    shipment: adapterShipment,
    expectTheLabelSold: (reference: string, label: UpstreamLabelResult) =>
      expectTheLabelSold(kit, reference, label),
    unknownOutcomeThenLookup: (fault: () => void) => unknownOutcomeThenLookup(kit, fault),
    refusedPurchases: (texts: RefusalTexts, afterBadAddress?: AfterBadAddress) =>
      refusedPurchases(kit, texts, afterBadAddress),
    rateLimitedPurchase: () => rateLimitedPurchase(kit),
    pendingThenNotBought: (waitMs: number) => pendingThenNotBought(kit, waitMs),
    itAnswersLikeEveryAdapter: (texts: { connected: string; keyRefused: string }) =>
      itAnswersLikeEveryAdapter(kit, texts),
  };
}

function baseKit<F extends ShippingApiFake>(
  start: () => Promise<F>,
  create: (options: UpstreamAdapterOptions) => UpstreamAdapter,
  service: string,
  wrongKey: string,
) {
  let fake: F;
  beforeAll(async () => {
    fake = await start();
  });
  afterAll(() => fake.close());
  const adapter = (change: Partial<UpstreamAdapterOptions> = {}) =>
    create({
      credentials: { apiKey: fake.apiKey, baseUrl: fake.url },
      allowPrivateTargets: true,
      timeoutMs: 2_000,
      labelWaitMs: 2_000,
      ...change,
    });
  const refused = () =>
    create({
      credentials: { apiKey: wrongKey, baseUrl: fake.url },
      allowPrivateTargets: true,
    });
  return {
    fake: () => fake,
    adapter,
    refused,
    ...purchaseRequests(() => fake, adapterShipment, service),
  };
}

type Kit = ReturnType<typeof baseKit<ShippingApiFake>>;
type RefusalTexts = { addressError: RegExp; unknownService: string; unknownServiceError: RegExp };
type AfterBadAddress = (ep: UpstreamAdapter, req: UpstreamPurchaseRequest) => Promise<void>;

/** Faults after the label is bought: each an unknown outcome, which the lookup then settles. */
export const faultsAfterBuying = [
  ['the connection drops after buying', { kind: 'drop-after-buy' } as const],
  ['the answer comes after the timeout', { kind: 'slow-after-buy', delayMs: 1_500 } as const],
  ['a 500 comes after buying', { kind: 'error-after-buy' } as const],
] as const;

/** The label a purchase handed back is the one the fake sold for the request: its tracking and PDF, by USPS. */
function expectTheLabelSold(kit: Kit, reference: string, label: UpstreamLabelResult) {
  const [bought] = kit.boughtFor(reference);
  expect(bought).toBeDefined();
  expect(label.trackingNumber).toBe(bought!.tracking);
  expect(Buffer.from(label.pdf).equals(Buffer.from(bought!.pdf))).toBe(true);
  expect(label.carrier).toBe('usps');
  return bought!;
}

/**
 * A fault after buying (`fault` makes it happen at the fake) is an unknown outcome; the lookup then
 * finds the one label bought, and a retry on the recorded shipment hands back the same label.
 */
async function unknownOutcomeThenLookup(kit: Kit, fault: () => void) {
  const ep = kit.adapter({ timeoutMs: 700 });
  const { req, recorded } = kit.request();
  fault();
  const error = await ep.purchase(req).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UpstreamUnknownOutcomeError);
  const lookup = await ep.lookup({ ...req, upstreamId: recorded.id });
  expect(lookup.state).toBe('bought');
  const [bought] = kit.boughtFor(req.reference);
  if (lookup.state === 'bought') {
    expect(lookup.label.trackingNumber).toBe(bought!.tracking);
    expect(Buffer.from(lookup.label.pdf).equals(Buffer.from(bought!.pdf))).toBe(true);
  }
  // A retry of the purchase with the recorded shipment hands back the same label.
  const again = await ep.purchase({ ...req, upstreamId: recorded.id });
  expect(again.trackingNumber).toBe(bought!.tracking);
  expect(kit.boughtFor(req.reference)).toHaveLength(1);
}

/**
 * A refused purchase (no funds), an address the company cannot deliver to (`addressError`) and a
 * service it does not sell (`unknownService`, refused with `unknownServiceError`) are definite rejections.
 */
async function refusedPurchases(
  kit: Kit,
  texts: { addressError: RegExp; unknownService: string; unknownServiceError: RegExp },
  afterBadAddress: (
    ep: UpstreamAdapter,
    req: ReturnType<Kit['request']>['req'],
  ) => Promise<void> = async () => {},
) {
  const ep = kit.adapter();
  const funds = kit.request();
  kit.fake().failNextBuy({ kind: 'reject', reason: 'funds' });
  const refused = await ep.purchase(funds.req).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(UpstreamRejectedError);
  expect((refused as Error).message).toMatch(/Insufficient funds/);
  const bad = kit.request();
  bad.req.shipment = { ...adapterShipment, to: { ...adapterShipment.to, street1: 'Old Meridian Road' } };
  await expect(ep.purchase(bad.req)).rejects.toThrow(texts.addressError);
  expect(bad.recorded.id).toBeNull();
  await afterBadAddress(ep, bad.req);
  const unknownService = kit.request(texts.unknownService);
  await expect(ep.purchase(unknownService.req)).rejects.toThrow(texts.unknownServiceError);
  expect(kit.boughtFor(funds.req.reference)).toHaveLength(0);
}

/** A purchase refused with a 429: not bought, with the Retry-After; the retry is the caller's. */
async function rateLimitedPurchase(kit: Kit) {
  const ep = kit.adapter();
  const { req, recorded } = kit.request();
  kit.fake().failNextBuy({ kind: 'rate-limit', retryAfterSeconds: 7 });
  const error = await ep.purchase(req).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UpstreamNotBoughtError);
  expect((error as UpstreamNotBoughtError).retryAfterMs).toBe(7_000);
  expect(kit.boughtFor(req.reference)).toHaveLength(0);
  return { ep, req, recorded };
}

/**
 * Nothing recorded is not bought; a shipment made but not bought is pending, and after `waitMs` not
 * bought. Returns the adapter, the request and the shipment ids recorded (the first, the unbought one).
 */
async function pendingThenNotBought(kit: Kit, waitMs: number) {
  const ep = kit.adapter({ timeoutMs: 1_000, labelWaitMs: 100 });
  const { req } = kit.request();
  expect((await ep.lookup(req)).state).toBe('not-bought');
  kit.fake().failNextBuy({ kind: 'rate-limit', retryAfterSeconds: 1 });
  const ids: string[] = [];
  await ep.purchase({ ...req, recordUpstreamId: async (id) => void ids.push(id) }).catch(() => {});
  expect((await ep.lookup({ ...req, upstreamId: ids[0]! })).state).toBe('pending');
  await sleep(waitMs);
  expect(await ep.lookup({ ...req, upstreamId: ids[0]! })).toMatchObject({ state: 'not-bought' });
  return { ep, req, ids };
}

/** The cases every adapter answers alike: a lookup on a refused key, and the connection test. */
function itAnswersLikeEveryAdapter(kit: Kit, texts: { connected: string; keyRefused: string }) {
  it("a lookup the provider refuses leaves the purchase undecided, never 'not bought'", async () => {
    const { req, recorded } = kit.request();
    await kit.adapter().purchase(req);
    const error = await kit
      .refused()
      .lookup({ ...req, upstreamId: recorded.id })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamUnknownOutcomeError);
    expect(error).not.toBeInstanceOf(UpstreamRejectedError);
  });

  it('test connection: one real call, and a clear message for a bad key', async () => {
    expect(await kit.adapter().testConnection()).toEqual({ ok: true, message: texts.connected });
    expect(await kit.refused().testConnection()).toEqual({ ok: false, message: texts.keyRefused });
  });
}
