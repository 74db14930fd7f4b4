import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SAMPLE_FROM, SAMPLE_TO } from '../../src/labels/fixtures.ts';
import { drawTestScanForm } from '../../src/labels/scan-form-pdf.ts';
import { inlineRenderer } from '../../src/labels/render-pool/label-renderer.ts';
import type { UpstreamPurchaseRequest } from '../../src/labels/providers/upstream/upstream-adapter.ts';
import type { Address, Shipment } from '../../src/labels/types.ts';

/**
 * What the EasyPost and Shippo fakes share: a real HTTP server on loopback, one-shot faults on the
 * buying call, and real 4x6 PDF labels drawn by the project's test-mode renderer.
 */
export type UpstreamFault =
  /** The label is bought, then the connection is cut before any answer. */
  | { kind: 'drop-after-buy' }
  /** The label is bought, and the answer comes `delayMs` later (past the client's timeout). */
  | { kind: 'slow-after-buy'; delayMs: number }
  /** The label is bought, and the answer is a 500. */
  | { kind: 'error-after-buy' }
  /** Nothing is bought: 429 with `Retry-After`. */
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  /** Nothing is bought: the provider refuses the purchase for good. */
  | { kind: 'reject'; reason: 'address' | 'funds' };

export type FakePurchase = {
  reference: string;
  shipmentId: string;
  tracking: string;
  pdf: Uint8Array;
  /** The same label as ZPL, where the provider converts labels (EasyPost). */
  zpl?: Uint8Array;
  /** The declared value insured with the label, as the provider was asked for it (dollars, text). */
  insurance?: string | null;
  /** The shipment was marked as a return (EasyPost `is_return`, Shippo `extra.is_return`). */
  isReturn?: boolean;
};

export const newId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
export const isoNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: object = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** The provider's own bodies for the answers a fault gives. */
export type FaultAnswers = {
  rejection: (reason: 'address' | 'funds') => { status: number; body: unknown };
  rateLimited: unknown;
  serverError: unknown;
};

/**
 * Carries out the fault (if any) around a purchase: `buy` records the purchase at the fake; the
 * answer is then sent, delayed, replaced by a 500 or never sent. Returns false when it answered itself.
 */
export async function withFault(
  fault: UpstreamFault | undefined,
  res: ServerResponse,
  buy: () => Promise<void>,
  answers: FaultAnswers,
): Promise<boolean> {
  if (fault?.kind === 'rate-limit') {
    sendJson(res, 429, answers.rateLimited, { 'retry-after': String(fault.retryAfterSeconds) });
    return false;
  }
  if (fault?.kind === 'reject') {
    const { status, body } = answers.rejection(fault.reason);
    sendJson(res, status, body);
    return false;
  }
  await buy();
  if (fault?.kind === 'drop-after-buy') {
    res.socket?.destroy();
    return false;
  }
  if (fault?.kind === 'error-after-buy') {
    sendJson(res, 500, answers.serverError);
    return false;
  }
  if (fault?.kind === 'slow-after-buy') await sleep(fault.delayMs);
  return !res.destroyed;
}

let serial = 7_000n;
/** What the test-mode renderer is asked to draw for a label an upstream sells (a fresh tracking serial each). */
const labelRequest = (labelTypeUid: string, from: Address, to: Address, weightOz: number) => ({
  shipment: {
    orderId: 'UPSTREAM',
    labelTypeUid,
    from,
    to,
    weight: labelTypeUid.endsWith('_oz') ? weightOz : Math.max(0.1, weightOz / 16),
    date: new Date(),
  },
  trackingSerial: serial++,
  isTestLabel: true,
});

/** A real 4x6 label (test-mode drawing) and its tracking number, as a carrier would print it. */
export async function drawLabel(labelTypeUid: string, from: Address, to: Address, weightOz: number) {
  const { tracking, file: pdf } = await inlineRenderer.render(labelRequest(labelTypeUid, from, to, weightOz));
  return { tracking: tracking.trackingNumber, pdf };
}

/** The same label as `drawLabel` also as ZPL II at 203 dpi: what a carrier converts a bought label to. */
export async function drawLabelWithZpl(labelTypeUid: string, from: Address, to: Address, weightOz: number) {
  const request = labelRequest(labelTypeUid, from, to, weightOz);
  const [pdf, zpl] = await Promise.all([
    inlineRenderer.render(request),
    inlineRenderer.render({ ...request, output: { format: 'zpl', dpi: 203 } }),
  ]);
  return { tracking: pdf.tracking.trackingNumber, pdf: pdf.file, zpl: zpl.file };
}

/** The first label loads the drawing code: draw one at start so no test's first purchase waits for it. */
/**
 * The SCAN form a carrier's fake hands back (EasyPost's ScanForm, Shippo's manifest): drawn like ours, from
 * the companies' shared address shape (`street1`, `street2`, `zip`) and the labels on it.
 */
export const drawFakeScanForm = (
  formId: string,
  shipDate: string,
  from: Record<string, unknown>,
  labels: { orderId: string; tracking: string }[],
) =>
  drawTestScanForm({
    formId,
    carrier: 'usps',
    shipDate,
    from: {
      name: String(from.name ?? ''),
      company: String(from.company ?? ''),
      street: String(from.street1 ?? ''),
      street2: String(from.street2 ?? ''),
      city: String(from.city ?? ''),
      state: String(from.state ?? ''),
      zip: String(from.zip ?? ''),
    },
    labels: labels.map((label) => ({ ...label, service: 'USPS' })),
  });

/** A label's address from the companies' shared address shape (`street1`, `street2`, `zip`). */
export const labelAddress = (address: Record<string, unknown>): Address => ({
  name: String(address.name ?? ''),
  company: (address.company as string | null | undefined) ?? undefined,
  street1: String(address.street1 ?? ''),
  street2: (address.street2 as string | null | undefined) || undefined,
  city: String(address.city ?? ''),
  state: String(address.state ?? ''),
  zip: String(address.zip ?? ''),
});

export const warmUpLabels = () => drawLabel('priority', SAMPLE_FROM, SAMPLE_TO, 16);

/** Posts a JSON event to a webhook as the company does (with its signature `headers`); answers the status. */
export async function postEvent(url: string, body: string, headers: Record<string, string> = {}) {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return answer.status;
}

export type FakeServer = { url: string; host: string; close(): Promise<void> };

/**
 * What the EasyPost and Shippo fakes both are: a server taking one test key, the labels it sold, the
 * shipments made at it, and a one-shot fault for the next buying call.
 */
export type ShippingApiFake = FakeServer & {
  apiKey: string;
  /** Every label bought, in order: what "exactly once per reference" is checked against. */
  purchases: FakePurchase[];
  shipments: Map<string, Record<string, unknown>>;
  /** The next buying call meets this fault (one-shot). */
  failNextBuy(fault: UpstreamFault): void;
};

export async function listen(
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>,
): Promise<FakeServer> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    handle(req, res, url).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Where a fake provider's address verification knows better: street1 (any case) -> its city, state, ZIP+4. */
export type KnownAddresses = Map<string, { city: string; state: string; zip: string }>;

/** The fake's verified form of an address: a known street's own city, state and ZIP, else as given. */
export function knownFormOf(known: KnownAddresses, input: Record<string, unknown>): Record<string, unknown> {
  const place = known.get(
    String(input.street1 ?? '')
      .trim()
      .toUpperCase(),
  );
  return place ? { ...input, ...place } : input;
}

/**
 * Purchase requests for an adapter test, each with a fresh reference, recording the upstream id it is
 * given (and how many labels the fake had sold by then) as the orchestrator would; and the labels the
 * fake sold for a reference. `fake` is read when called, so it may be started in `beforeAll`.
 */
export function purchaseRequests(
  fake: () => { purchases: FakePurchase[] },
  shipment: Shipment,
  defaultService: string,
) {
  let n = 0;
  const request = (service = defaultService) => {
    const recorded: { id: string | null; purchasesThen: number } = { id: null, purchasesThen: -1 };
    const req: UpstreamPurchaseRequest = {
      shipment,
      service,
      reference: `purchase-${++n}`,
      upstreamId: null,
      recordUpstreamId: async (id) => {
        recorded.id = id;
        recorded.purchasesThen = fake().purchases.length;
      },
    };
    return { req, recorded };
  };
  const boughtFor = (reference: string) => fake().purchases.filter((p) => p.reference === reference);
  return { request, boughtFor };
}
