import type {
  Carrier,
  LabelDpi,
  ProviderCredentials,
  ProviderMode,
  UpstreamKind,
  WeightUnit,
} from '@portal/shared';
import type { Address, Shipment } from '../../types.ts';
import type { IncomingTrackingEvent } from './provider-tracking.ts';

/**
 * One upstream label API (another LabelPort, EasyPost, Shippo) behind one interface. The purchase
 * orchestrator (`buy-label.ts`) records every attempt before calling `purchase`, and after an answer it
 * cannot read calls `lookup` before anything else, so one order never gets two labels. An adapter's job
 * is to tell the three outcomes apart by throwing the right error:
 * - `UpstreamRejectedError`: nothing was bought and a retry will not change that (bad address, no
 *   balance, unknown service); the orchestrator fails over to the next provider of the route.
 * - `UpstreamNotBoughtError`: nothing was bought, but a retry later may succeed (429, connection refused
 *   before the request was sent, 503 on a read); `retryAfterMs` when the provider said how long to wait.
 * - anything else (timeout, reset connection, 5xx on a buying call, a body that does not parse):
 *   unknown outcome; the orchestrator looks the purchase up.
 */
export type UpstreamPurchaseRequest = {
  shipment: Shipment;
  /**
   * What the label type is called at this provider (the route's mapping): an upstream label type uid
   * (`labelport`), `CARRIER:Service` as EasyPost names rates (`USPS:Priority`), a service level token
   * (Shippo, `usps_priority`).
   */
  service: string;
  /**
   * Ours, stable for this order at this provider across every retry: the `Idempotency-Key` of a
   * `labelport` purchase, the reference or metadata of an EasyPost or Shippo shipment.
   */
  reference: string;
  /**
   * When this purchase was first tried at this provider (its reference first sent): a `labelport`
   * upstream forgets an Idempotency-Key after a while, and an older purchase is then found by its
   * reference instead of asked for again. Absent: a new purchase.
   */
  startedAt?: Date | undefined;
  /** The upstream object recorded by an earlier try of this purchase (EasyPost/Shippo shipment), if any. */
  upstreamId: string | null;
  /** Stores the upstream's object id as soon as it is known, before the call that buys. */
  recordUpstreamId(id: string): Promise<void>;
  /**
   * The shipment and rate a live quote made for this purchase moments ago (EasyPost), already recorded as
   * its `upstreamId`: the quoted rate is the one bought, with no new shipment or quote (decision 332).
   */
  quoted?: { upstreamId: string; rateId: string } | undefined;
};

/** A live quote is asked with the order's shipment and the route's service there (decision 332). */
export type UpstreamQuoteRequest = {
  shipment: Shipment;
  service: string;
  /** Ours, for the upstream object a quote makes (an EasyPost or Shippo shipment): the order's id. */
  reference: string;
};

/**
 * What the provider would charge us for the label, in cents; where the quote made an upstream shipment,
 * its id and the quoted rate's, so the purchase buys that very rate.
 */
export type UpstreamQuote = { amountCents: number; upstreamId?: string; rateId?: string };

export type UpstreamLabelResult = {
  /** The upstream's id of what was bought (labelport order, EasyPost shipment, Shippo transaction). */
  upstreamId: string;
  trackingNumber: string;
  carrier: Carrier;
  /** What the label cost us, in cents. */
  costCents: number;
  pdf: Uint8Array;
};

/**
 * A service the provider says it sells for a carrier (decision 334): what a route sends it (EasyPost's
 * `service`, Shippo's token, an upstream portal's label type uid), its name, and a unit when it has one.
 */
export type ReportedService = { service: string; name: string; weightUnit: WeightUnit | null };

export type UpstreamLookup =
  | { state: 'bought'; label: UpstreamLabelResult }
  | { state: 'not-bought'; reason: string }
  /** The provider holds the purchase but its label is not ready yet (ask again later). */
  | { state: 'pending' };

/** A lookup may learn the upstream's id (a replayed `labelport` purchase); it stores it when it does. */
export type UpstreamLookupRequest = Omit<UpstreamPurchaseRequest, 'recordUpstreamId'> &
  Partial<Pick<UpstreamPurchaseRequest, 'recordUpstreamId'>>;

/**
 * Where a label's void (refund) stands at the provider (decision 280): `none` when nothing was asked
 * there yet (ask), `submitted` while the provider or carrier decides (`voidId` names the provider's own
 * refund object, Shippo's), `refunded` once the provider credited us, `rejected` with its reason.
 */
export type UpstreamVoid =
  | { state: 'none' }
  | { state: 'submitted'; voidId?: string }
  | { state: 'refunded' }
  | { state: 'rejected'; reason: string };

/** The bought label (`upstreamId` as the purchase recorded it) and the provider's refund id, if any. */
export type UpstreamVoidRequest = { upstreamId: string; voidId: string | null; reason?: string };

/** A bought label whose tracking is asked for: the provider's id of the purchase and the carrier's number. */
export type UpstreamTrackingRequest = { upstreamId: string | null; tracking: string; carrier: Carrier };

/** Where the provider should send its news (our inbound URL) and the secret to sign or carry it with. */
export type UpstreamWebhookRequest = { url: string; secret: string; isTest: boolean };

/** The provider's id of a registered webhook and the secret its messages are verified with. */
export type UpstreamWebhook = { id: string; secret: string };

/** One bought label as a SCAN form or pickup names it at its provider. */
export type UpstreamLabelRef = { upstreamId: string; tracking: string };

/** A place as the provider is told it (a SCAN form's from-address, a pickup's address). */
export type UpstreamPlace = {
  name: string;
  company: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
};

/** Labels bought at this provider, of one from-address and ship date (decision 328). */
export type UpstreamScanFormRequest = {
  labels: UpstreamLabelRef[];
  from: UpstreamPlace;
  /** YYYY-MM-DD. */
  shipDate: string;
};

/** The provider's SCAN form: its id, the tracking numbers it holds, its PDF. */
export type UpstreamScanForm = { upstreamId: string; trackingNumbers: string[]; pdf: Uint8Array };

/** A pickup asked of the provider for labels bought there (decision 329). */
export type UpstreamPickupRequest = {
  labels: UpstreamLabelRef[];
  /** Our carrier code of the labels (usps, ups, fedex). */
  carrier: Carrier;
  address: UpstreamPlace;
  minDatetime: string;
  maxDatetime: string;
  instructions: string;
  packageCount: number;
  totalWeightOz: number;
  /** Ours, the same for a quote and its booking. */
  reference: string;
};

/** What the provider would charge us for the pickup. */
export type UpstreamPickupQuote = { costCents: number };

/** A pickup the provider booked: its id there, the carrier's confirmation number, what it cost us. */
export type UpstreamPickup = { upstreamId: string; confirmation: string; costCents: number };

/** The provider cannot do this at all (no SCAN forms, no pickup cancel): the message says what it can. */
export class UpstreamUnsupportedError extends Error {
  override readonly name = 'UpstreamUnsupportedError';
}

export interface UpstreamAdapter {
  readonly kind: UpstreamKind;
  /** Test or live keys, from the key's own form where the provider has one. */
  readonly mode: ProviderMode;
  purchase(request: UpstreamPurchaseRequest): Promise<UpstreamLabelResult>;
  /**
   * What the label would cost us now, without buying it (decision 332). A provider that does not sell
   * the service for this shipment throws `UpstreamRejectedError`; one that cannot say now, another error.
   */
  quote?(request: UpstreamQuoteRequest): Promise<UpstreamQuote>;
  /** What, if anything, was bought for this reference; throws when the provider cannot say now. */
  lookup(request: UpstreamLookupRequest): Promise<UpstreamLookup>;
  /** One cheap real call that proves the credentials work; the message is shown to staff. */
  testConnection(): Promise<{ ok: boolean; message: string }>;
  /** The services this account sells for the carrier, for staff making a label type; throws when it cannot say. */
  serviceChoices?(carrier: Carrier): Promise<ReportedService[]>;
  /**
   * A bought label in another format than its PDF, made by the provider itself (never converted by
   * us); throws `LabelFormatUnavailableError` when the provider cannot make it exactly.
   */
  labelFile?(request: UpstreamLabelFileRequest): Promise<Uint8Array>;
  /**
   * The provider's address verification (EasyPost verify, Shippo validation). Answers what the provider
   * found; throws when it could not ask (outage, refused key), and the caller falls back to its own check.
   */
  verifyAddress?(address: AddressToVerify): Promise<AddressVerification>;
  /**
   * Asks the provider to void the label and refund it. A refusal (past its window, already used) is a
   * `rejected` answer; a failure that says nothing (timeout, 5xx) throws, and the void is asked again.
   */
  voidLabel(request: UpstreamVoidRequest): Promise<UpstreamVoid>;
  /** Where the label's void stands now; throws when the provider cannot say. */
  voidStatus(request: UpstreamVoidRequest): Promise<UpstreamVoid>;
  /** The label's tracking as the provider knows it (polling, when its webhooks say nothing). */
  trackingEvents(request: UpstreamTrackingRequest): Promise<IncomingTrackingEvent[]>;
  /**
   * Registers our inbound URL for the provider's tracking and refund news (decision 277). Returns the
   * webhook's id there and the secret to verify with (ours, or the one the provider made).
   */
  registerWebhook(request: UpstreamWebhookRequest): Promise<UpstreamWebhook>;
  /** Removes a webhook registered earlier; one already gone at the provider is no failure. */
  removeWebhook(id: string): Promise<void>;
  /** A SCAN form (USPS manifest) of labels bought here, made by the provider (decision 328). */
  createScanForm?(request: UpstreamScanFormRequest): Promise<UpstreamScanForm>;
  /** What a pickup would cost, asked before it is booked; nothing is bought. */
  quotePickup?(request: UpstreamPickupRequest): Promise<UpstreamPickupQuote>;
  /** Books (buys) the pickup. */
  schedulePickup?(request: UpstreamPickupRequest): Promise<UpstreamPickup>;
  /** Cancels a booked pickup; a refusal (too late, not supported) throws `UpstreamRejectedError`. */
  cancelPickup?(upstreamId: string): Promise<void>;
}

/** An address a provider is asked to verify: a label's address without its company and phone. */
export type AddressToVerify = Partial<Pick<Address, 'name'>> &
  Pick<Address, 'street1' | 'street2' | 'city' | 'state' | 'zip' | 'country'>;

/** A provider's answer about one address, in its own words. */
export type AddressVerification = {
  /** The provider found the address and can deliver to it. */
  isValid: boolean;
  /** The address as the provider knows it (its corrections), when it found it. */
  verified: { street1: string; city: string; state: string; zip: string } | null;
  /** What the provider said is wrong: `field` is its own (street1, city, state, zip, address). */
  messages: { field: string; message: string }[];
};

/** A bought label (the provider's id of the purchase) asked for as ZPL or PNG at a resolution. */
export type UpstreamLabelFileRequest = { upstreamId: string; format: 'zpl' | 'png'; dpi: LabelDpi };

/** The provider cannot give the label in that format or resolution: the message says what it can. */
export class LabelFormatUnavailableError extends Error {
  override readonly name = 'LabelFormatUnavailableError';
}

const ZPL_START = /^\s*\^XA/;
const PNG_SIGNATURE = '89504e470d0a1a0a';

/**
 * The largest PNG label taken (decision 313): 4000 px a side and 8 million pixels. A 4x6 label at
 * 300 dpi is 1200 x 1800 (2.2 million); the bound leaves room for other sizes and resolutions while a
 * decoded image stays under 32 MB, where a small file claiming 60000 x 60000 would decode to gigabytes.
 */
export const MAX_PNG_SIDE = 4000;
export const MAX_PNG_PIXELS = 8_000_000;

/**
 * ZPL commands that change the printer rather than draw a label (decision 313): resets (~JR), saved
 * settings (^JU), network and interface settings (^NC, ^ND, ^NS, ^NP, ^NN, ^NT, ~NC, ~NT, ^NB, ^NW),
 * passwords (^KP, ~KP), wireless settings (^WA, ^WE, ^WI, ^WL, ^WP, ^WR, ^WS, ^WX, ~WR), configuration
 * and diagnostics (~WC, ~JD, ~JE, ~JN, ~JO, ~JS, ^JJ, ^JZ, ^KC, ^KL, ^KN, ^SC, ^SL, ^SX, ^SZ, ~DY for
 * firmware and objects kept), the command characters changed (^CC, ~CC, ^CD, ~CD, ^CT, ~CT: a later
 * command could then hide). A graphic downloaded for the label and recalled (~DG, ^XG, ^ID) stays: some
 * carriers draw their logos so.
 */
const ZPL_PRINTER_COMMANDS =
  /[\^~](JR|JU|NC|ND|NS|NP|NN|NT|NB|NW|KP|DY|WA|WE|WI|WL|WP|WR|WS|WX|WC|JD|JE|JN|JO|JS|JJ|JZ|KC|KL|KN|SC|SL|SX|SZ|CC|CD|CT)/i;

/** Width and height of a PNG, from its header (IHDR, the first chunk). */
export const pngDimensions = (png: Uint8Array): { width: number; height: number } => {
  const view = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
};

/**
 * Why the bytes are not a label file we hand out in that format, or null: ZPL starts with ^XA and
 * carries no printer-configuration command; a PNG has its signature, its IHDR first, and a pixel size
 * within bounds (decision 313).
 */
export function labelFileFlaw(format: 'zpl' | 'png', bytes: Uint8Array): string | null {
  if (format === 'zpl') {
    const text = new TextDecoder('latin1').decode(bytes);
    if (!ZPL_START.test(text.slice(0, 64))) return 'the label is not ZPL';
    const command = ZPL_PRINTER_COMMANDS.exec(text);
    return command ? `the ZPL label carries the printer command ${command[0]}` : null;
  }
  if (Buffer.from(bytes.subarray(0, 8)).toString('hex') !== PNG_SIGNATURE) return 'the label is not PNG';
  if (bytes.length < 24 || new TextDecoder('latin1').decode(bytes.subarray(12, 16)) !== 'IHDR')
    return 'the PNG label has no header';
  const { width, height } = pngDimensions(bytes);
  if (
    width === 0 ||
    height === 0 ||
    width > MAX_PNG_SIDE ||
    height > MAX_PNG_SIDE ||
    width * height > MAX_PNG_PIXELS
  )
    return `the PNG label is ${width} x ${height} pixels, past ${MAX_PNG_SIDE} a side or ${MAX_PNG_PIXELS} in all`;
  return null;
}

/** True when the bytes are a label file of the format we hand out (`labelFileFlaw` finds nothing). */
export const isLabelFileOf = (format: 'zpl' | 'png', bytes: Uint8Array): boolean =>
  labelFileFlaw(format, bytes) === null;

export type UpstreamAdapterOptions = {
  credentials: ProviderCredentials;
  /** Per-call time limit in ms (default 30 s). */
  timeoutMs?: number;
  /**
   * The provider may be reached on a private or loopback address (ALLOW_PRIVATE_PROVIDER_TARGETS=1);
   * link-local ones are refused whatever this says (decision 312). Default: refused.
   */
  allowPrivateTargets?: boolean;
  /**
   * How long a purchase waits for an upstream's label to be made (labelport; default 10 s); a label
   * not ready by then is looked up again later, without holding a slot meanwhile.
   */
  labelWaitMs?: number;
  /** How long that wait pauses before its first read (default 50 ms), doubling up to `pollMs` (500 ms). */
  firstPollMs?: number;
  pollMs?: number;
};

/** Nothing was bought and retrying later may work (rate limit, provider unavailable before the call). */
export class UpstreamNotBoughtError extends Error {
  override readonly name = 'UpstreamNotBoughtError';
  constructor(
    message: string,
    readonly retryAfterMs?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
