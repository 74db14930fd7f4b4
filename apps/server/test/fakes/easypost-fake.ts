import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { easypostShippingDay } from './easypost-fake-shipping-day.ts';
import {
  drawLabelWithZpl,
  isoNow,
  labelAddress,
  listen,
  newId,
  postEvent,
  readJson,
  warmUpLabels,
  sendJson,
  withFault,
  type FakePurchase,
  type FaultAnswers,
  knownFormOf,
  type ShippingApiFake,
  type KnownAddresses,
  type UpstreamFault,
} from './fake-upstream.ts';

/**
 * A local EasyPost: a real HTTP server on loopback that answers `/v2` with the shapes of EasyPost's
 * own recorded traffic (`test/fixtures/easypost/*.har`): shipments (create, retrieve, buy, label
 * format, refund), trackers, addresses (create, verify, create_and_verify) and the user. One shipment
 * holds at most one label, as at EasyPost: a second buy answers `SHIPMENT.POSTAGE.EXISTS`.
 */
export type EasyPostFake = ShippingApiFake & {
  /** The next shipment creation answers 422 (the address cannot be shipped to). */
  rejectNextShipment(): void;
  /**
   * Rates that depend on where the parcel goes, as a carrier's zones do: `price` answers the rate in
   * dollars for a `CARRIER:Service` to the destination ZIP, or undefined for the weight-only rate.
   */
  priceByDestination(price: (service: string, zip: string, ounces: number) => number | undefined): void;
  /** Streets whose verification answers another city, state or ZIP (EasyPost knows better). */
  knownAddresses: KnownAddresses;
  /** Address verification answers 503 while on (an EasyPost outage). */
  setAddressOutage(isDown: boolean): void;
  /** How many address verifications were asked for. */
  readonly verifications: number;
  /** How many refund calls each shipment got. */
  refundCalls: Map<string, number>;
  /** What a refund call sets `refund_status` to at once (default `submitted`, as EasyPost does). */
  answerRefundsWith(status: FakeRefundStatus): void;
  /**
   * The carrier decided: the shipment's refund moves to `refunded` or `rejected`; with `notify`, a
   * refund sends `refund.successful` to every webhook (their statuses).
   */
  settleRefund(shipmentId: string, status: 'refunded' | 'rejected', notify?: boolean): Promise<number[]>;
  /** ScanForms and Pickups made, by id (issue 46). */
  scanForms: Map<string, Json>;
  pickups: Map<string, Json>;
  /** Webhooks registered with `POST /v2/webhooks`, with the secret EasyPost signs with. */
  webhooks: { id: string; url: string; secret: string }[];
  /**
   * The carrier scanned the parcel: adds a tracking detail to its tracker and sends `tracker.updated`,
   * signed as EasyPost signs (`X-Hmac-Signature: hmac-sha256-hex=...`), to every webhook; their statuses.
   */
  scan(trackingCode: string, status: string, message: string): Promise<number[]>;
};

export type FakeRefundStatus = 'submitted' | 'refunded' | 'rejected';

type Json = Record<string, unknown>;
type Rate = { carrier: string; service: string; uid: string; base: number; perLb: number; days: number };

/** What the fake offers on every shipment, priced by weight; `uid` is the test label it draws. */
const RATES: Rate[] = [
  { carrier: 'USPS', service: 'Express', uid: 'priority', base: 33.1, perLb: 2.1, days: 2 },
  { carrier: 'USPS', service: 'Priority', uid: 'priority', base: 6.9, perLb: 0.85, days: 2 },
  { carrier: 'USPS', service: 'GroundAdvantage', uid: 'ground_oz', base: 5.93, perLb: 0.6, days: 3 },
  { carrier: 'UPS', service: 'Ground', uid: 'ups_standard', base: 9.45, perLb: 0.7, days: 4 },
  { carrier: 'FedEx', service: 'FEDEX_GROUND', uid: 'fedex_ground', base: 10.2, perLb: 0.75, days: 4 },
];
const priceOf = (rate: Rate, ounces: number) => (rate.base + rate.perLb * Math.ceil(ounces / 16)).toFixed(2);

const error = (code: string, message: string, errors: Json[] = []) => ({ error: { code, message, errors } });

function addressOf(input: Json | undefined, verified = false): Json {
  const a = input ?? {};
  const up = (v: unknown) => (verified && typeof v === 'string' ? v.toUpperCase() : (v ?? null));
  const at = isoNow().replace('Z', '+00:00');
  return {
    id: newId('adr_'),
    object: 'Address',
    created_at: at,
    updated_at: at,
    name: up(a.name),
    company: up(a.company),
    street1: up(a.street1),
    street2: a.street2 ?? (verified ? '' : null),
    city: up(a.city),
    state: a.state ?? null,
    zip: a.zip ?? null,
    country: a.country ?? 'US',
    phone: a.phone ?? null,
    email: a.email ?? null,
    mode: 'test',
    carrier_facility: null,
    residential: verified ? false : null,
    federal_tax_id: null,
    state_tax_id: null,
    verifications: verified
      ? {
          zip4: { success: true, errors: [], details: null },
          delivery: {
            success: true,
            errors: [],
            details: { latitude: 33.8436, longitude: -118.39177, time_zone: 'America/Los_Angeles' },
          },
        }
      : {},
  };
}

/** An address the fake cannot deliver to: no house number in the street. */
const isUndeliverable = (a: Json | undefined) => !/^\s*\d/.test(String(a?.street1 ?? ''));
const VERIFY_FAILURE = error('ADDRESS.VERIFY.FAILURE', 'Unable to verify address.', [
  { code: 'E.ADDRESS.NOT_FOUND', field: 'address', message: 'Address not found', suggestion: null },
  { code: 'E.HOUSE_NUMBER.MISSING', field: 'street1', message: 'House number is missing', suggestion: null },
]);

const FAULT_ANSWERS: FaultAnswers = {
  rejection: (reason) =>
    reason === 'funds'
      ? { status: 402, body: error('PAYMENT.REQUIRED', 'Insufficient funds to purchase this label.') }
      : { status: 422, body: VERIFY_FAILURE },
  rateLimited: error('RATE_LIMITED', 'You have exceeded the rate limit. Please try again later.'),
  serverError: error('INTERNAL_SERVER_ERROR', 'We are experiencing technical difficulties.'),
};

function rateJson(rate: Rate, shipmentId: string, ounces: number, price = priceOf(rate, ounces)): Json {
  const id = newId('rate_');
  return {
    id,
    object: 'Rate',
    created_at: isoNow(),
    updated_at: isoNow(),
    mode: 'test',
    service: rate.service,
    carrier: rate.carrier,
    rate: price,
    currency: 'USD',
    retail_rate: (Number(price) * 1.3).toFixed(2),
    retail_currency: 'USD',
    list_rate: (Number(price) * 1.15).toFixed(2),
    list_currency: 'USD',
    billing_type: 'easypost',
    delivery_days: rate.days,
    delivery_date: null,
    delivery_date_guaranteed: false,
    est_delivery_days: rate.days,
    shipment_id: shipmentId,
    carrier_account_id: 'ca_5ba7ca3632c54adeb17ad4bcac13c890',
  };
}

function trackerJson(trackingCode: string, carrier: string, shipmentId: string | null): Json {
  const id = newId('trk_');
  return {
    id,
    object: 'Tracker',
    mode: 'test',
    tracking_code: trackingCode,
    status: 'pre_transit',
    status_detail: 'status_update',
    created_at: isoNow(),
    updated_at: isoNow(),
    signed_by: null,
    weight: null,
    est_delivery_date: null,
    shipment_id: shipmentId,
    carrier,
    tracking_details: [
      {
        object: 'TrackingDetail',
        message: 'Shipping Label Created',
        description: '',
        status: 'pre_transit',
        status_detail: 'status_update',
        datetime: isoNow(),
        source: carrier,
        carrier_code: '',
        tracking_location: { object: 'TrackingLocation', city: null, state: null, country: null, zip: null },
      },
    ],
    fees: [],
    carrier_detail: null,
    public_url: `https://track.easypost.com/${Buffer.from(id).toString('base64url')}`,
  };
}

export async function startEasyPostFake(apiKey = 'EZTKfake0000000000000000'): Promise<EasyPostFake> {
  const shipments = new Map<string, Json>();
  const trackers = new Map<string, Json>();
  const addresses = new Map<string, Json>();
  const files = new Map<string, Uint8Array>();
  const purchases: FakePurchase[] = [];
  const webhooks: { id: string; url: string; secret: string }[] = [];
  const buyFaults: UpstreamFault[] = [];
  const buying = new Set<string>();
  let rejectShipments = 0;
  let byDestination: Parameters<EasyPostFake['priceByDestination']>[0] = () => undefined;
  let origin = '';
  const knownAddresses: KnownAddresses = new Map();
  let isAddressOutage = false;
  let verifications = 0;
  let refundAnswer: FakeRefundStatus = 'submitted';
  const refundCalls = new Map<string, number>();
  const shippingDay = easypostShippingDay({ shipments, files, origin: () => origin });

  const authorized = (req: IncomingMessage) => {
    const [scheme, value] = (req.headers.authorization ?? '').split(' ');
    return scheme === 'Basic' && Buffer.from(value ?? '', 'base64').toString('utf8') === `${apiKey}:`;
  };

  function createShipment(input: Json): Json | null {
    if (rejectShipments > 0 || isUndeliverable(input.to_address as Json)) {
      rejectShipments = Math.max(0, rejectShipments - 1);
      return null;
    }
    const id = newId('shp_');
    const parcelIn = (input.parcel as Json | undefined) ?? {};
    const ounces = Number(parcelIn.weight ?? 1);
    const from = addressOf(input.from_address as Json);
    const to = addressOf(input.to_address as Json);
    const shipment: Json = {
      created_at: isoNow(),
      is_return: input.is_return === true,
      messages: [],
      mode: 'test',
      options: { ...(input.options as Json), currency: 'USD', payment: { type: 'SENDER' }, date_advance: 0 },
      reference: input.reference ?? null,
      status: 'unknown',
      tracking_code: null,
      updated_at: isoNow(),
      batch_id: null,
      batch_status: null,
      batch_message: null,
      customs_info: null,
      from_address: from,
      insurance: null,
      order_id: null,
      parcel: {
        id: newId('prcl_'),
        object: 'Parcel',
        created_at: isoNow(),
        updated_at: isoNow(),
        length: parcelIn.length ?? null,
        width: parcelIn.width ?? null,
        height: parcelIn.height ?? null,
        predefined_package: null,
        weight: ounces,
        mode: 'test',
      },
      postage_label: null,
      rates: RATES.map((rate) => {
        const zoned = byDestination(`${rate.carrier}:${rate.service}`, String(to.zip ?? ''), ounces);
        return rateJson(rate, id, ounces, zoned === undefined ? undefined : zoned.toFixed(2));
      }),
      refund_status: null,
      scan_form: null,
      selected_rate: null,
      tracker: null,
      to_address: to,
      usps_zone: 4,
      return_address: from,
      buyer_address: to,
      forms: [],
      fees: [],
      id,
      object: 'Shipment',
    };
    shipments.set(id, shipment);
    return shipment;
  }

  /** Buys the rate; `insurance` (the buy's, dollars) insures the shipment for 1% of it, at least $1. */
  async function buy(shipment: Json, rateId: string, insurance?: unknown) {
    const rates = shipment.rates as Json[];
    const chosen = rates.find((r) => r.id === rateId)!;
    const insured = Number(insurance ?? 0);
    const rate = RATES.find((r) => r.carrier === chosen.carrier && r.service === chosen.service)!;
    const ounces = Number((shipment.parcel as Json).weight);
    const label = await drawLabelWithZpl(
      rate.uid,
      labelAddress(shipment.from_address as Json),
      labelAddress(shipment.to_address as Json),
      ounces,
    );
    const day = isoNow().slice(0, 10).replaceAll('-', '');
    const path = `/files/postage_label/${day}/${newId('')}.pdf`;
    files.set(path, label.pdf);
    // The label converted to ZPL (`GET .../label?file_format=ZPL`) is served beside it.
    files.set(path.replace(/\.pdf$/, '.zpl'), label.zpl);
    const tracker = trackerJson(label.tracking, rate.carrier, shipment.id as string);
    trackers.set(tracker.id as string, tracker);
    // Buying verifies the destination, as EasyPost does: the address comes back corrected.
    const to = { ...addressOf(shipment.to_address as Json, true), id: (shipment.to_address as Json).id };
    Object.assign(shipment, {
      to_address: to,
      buyer_address: to,
      tracking_code: label.tracking,
      updated_at: isoNow(),
      selected_rate: { ...chosen, created_at: isoNow(), updated_at: isoNow() },
      tracker,
      postage_label: {
        object: 'PostageLabel',
        id: newId('pl_'),
        created_at: isoNow(),
        updated_at: isoNow(),
        date_advance: 0,
        integrated_form: 'none',
        label_date: isoNow(),
        label_resolution: 300,
        label_size: '4x6',
        label_type: 'default',
        label_file_type: 'application/pdf',
        label_url: `${origin}${path}`,
        label_pdf_url: `${origin}${path}`,
        label_zpl_url: null,
        label_epl2_url: null,
        label_file: null,
      },
      fees: [
        { object: 'Fee', type: 'LabelFee', amount: '0.00000', charged: true, refunded: false },
        {
          object: 'Fee',
          type: 'PostageFee',
          amount: `${chosen.rate as string}000`,
          charged: true,
          refunded: false,
        },
        ...(insured > 0
          ? [
              {
                object: 'Fee',
                type: 'InsuranceFee',
                amount: Math.max(1, insured / 100).toFixed(5),
                charged: true,
                refunded: false,
              },
            ]
          : []),
      ],
      insurance: insured > 0 ? insured.toFixed(2) : null,
    });
    purchases.push({
      reference: String(shipment.reference),
      shipmentId: shipment.id as string,
      tracking: label.tracking,
      pdf: label.pdf,
      zpl: label.zpl,
      insurance: insured > 0 ? insured.toFixed(2) : null,
      isReturn: shipment.is_return === true,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL) {
    const route = `${req.method} ${url.pathname}`;
    const file = files.get(url.pathname);
    if (req.method === 'GET' && file) {
      const type = url.pathname.endsWith('.zpl') ? 'application/zpl' : 'application/pdf';
      res.writeHead(200, { 'content-type': type, 'content-length': file.byteLength });
      res.end(file);
      return;
    }
    if (!authorized(req))
      return sendJson(res, 401, error('APIKEY.INACTIVE', 'This api key is no longer active.'));
    const body = req.method === 'POST' ? await readJson(req) : {};
    let match: RegExpMatchArray | null;

    if (route === 'GET /v2/users')
      return sendJson(res, 200, {
        id: 'user_fake',
        object: 'User',
        name: 'LabelPort Fake',
        balance: '100.00',
      });
    // The carriers' service levels this account sells: the rates the fake offers.
    if (route === 'GET /v2/metadata/carriers') {
      const wanted = (url.searchParams.get('carriers') ?? '').toLowerCase().split(',').filter(Boolean);
      const carriers = [...new Set(RATES.map((r) => r.carrier.toLowerCase()))]
        .filter((c) => wanted.length === 0 || wanted.includes(c))
        .map((carrier) => ({
          carrier,
          human_readable: RATES.find((r) => r.carrier.toLowerCase() === carrier)!.carrier,
          service_levels: RATES.filter((r) => r.carrier.toLowerCase() === carrier).map((r) => ({
            carrier,
            name: r.service,
            description: `${r.carrier} ${r.service}`,
          })),
        }));
      return sendJson(res, 200, { carriers });
    }
    if (route === 'POST /v2/shipments') {
      const shipment = createShipment((body.shipment as Json) ?? {});
      if (!shipment) return sendJson(res, 422, VERIFY_FAILURE);
      return sendJson(res, 201, shipment, { location: `/api/v2/shipments/${shipment.id as string}` });
    }
    if ((match = route.match(/^(GET|POST) \/v2\/shipments\/(shp_\w+)(?:\/(buy|label|refund))?$/))) {
      const [, method, id, action] = match;
      const shipment = shipments.get(id!);
      if (!shipment)
        return sendJson(res, 404, error('NOT_FOUND', 'The requested resource could not be found.'));
      if (method === 'GET' && !action) return sendJson(res, 200, shipment);
      if (method === 'POST' && action === 'buy') {
        const rateId = (body.rate as Json | undefined)?.id;
        if (!(shipment.rates as Json[]).some((r) => r.id === rateId))
          return sendJson(res, 422, error('SHIPMENT.RATE.INVALID', 'Rate is not valid for this shipment.'));
        // One label per shipment, even for two buys at once: the second one is refused.
        if (shipment.postage_label || buying.has(id!))
          return sendJson(res, 422, error('SHIPMENT.POSTAGE.EXISTS', 'Shipment already has postage.'));
        buying.add(id!);
        const answer = await withFault(
          buyFaults.shift(),
          res,
          () => buy(shipment, String(rateId), body.insurance),
          FAULT_ANSWERS,
        ).finally(() => buying.delete(id!));
        if (answer) sendJson(res, 200, shipment);
        return;
      }
      if (method === 'GET' && action === 'label') {
        const label = shipment.postage_label as Json | null;
        if (!label) return sendJson(res, 422, error('SHIPMENT.POSTAGE.REQUIRED', 'Shipment has no postage.'));
        const format = (url.searchParams.get('file_format') ?? '').toLowerCase();
        if (format === 'pdf') label.label_pdf_url = label.label_url;
        else if (format === 'zpl') label.label_zpl_url = String(label.label_url).replace(/\.pdf$/, '.zpl');
        else if (format === 'epl2') label.label_epl2_url = String(label.label_url).replace(/\.pdf$/, '.epl2');
        else return sendJson(res, 422, error('SHIPMENT.LABEL.FORMAT', `Unsupported file format ${format}.`));
        label.updated_at = isoNow();
        return sendJson(res, 200, shipment);
      }
      if (method === 'POST' && action === 'refund') {
        if (!shipment.postage_label)
          return sendJson(
            res,
            422,
            error('SHIPMENT.REFUND.UNAVAILABLE', 'Shipment has no postage to refund.'),
          );
        refundCalls.set(id!, (refundCalls.get(id!) ?? 0) + 1);
        if (shipment.refund_status === 'refunded' || shipment.refund_status === 'submitted')
          return sendJson(
            res,
            422,
            error('SHIPMENT.REFUND.INVALID', 'Refund already submitted for this shipment.'),
          );
        shipment.refund_status = refundAnswer;
        shipment.updated_at = isoNow();
        return sendJson(res, 200, shipment);
      }
    }
    if (route === 'POST /v2/trackers') {
      const input = (body.tracker as Json | undefined) ?? {};
      const existing = [...trackers.values()].find((t) => t.tracking_code === input.tracking_code);
      const tracker =
        existing ?? trackerJson(String(input.tracking_code ?? ''), String(input.carrier ?? 'USPS'), null);
      trackers.set(tracker.id as string, tracker);
      // Creating answers in the newer shape EasyPost recorded for it: `finalized`, `is_return`, no fees.
      const { fees: _fees, ...created } = tracker;
      return sendJson(res, 200, { ...created, finalized: false, is_return: false });
    }
    if (route === 'POST /v2/webhooks') {
      const input = (body.webhook as Json | undefined) ?? {};
      const hook = {
        id: newId('hook_'),
        url: String(input.url ?? ''),
        secret: String(input.webhook_secret ?? ''),
      };
      webhooks.push(hook);
      return sendJson(res, 200, {
        id: hook.id,
        object: 'Webhook',
        mode: 'test',
        url: hook.url,
        created_at: isoNow(),
        disabled_at: null,
        custom_headers: [],
      });
    }
    if ((match = route.match(/^DELETE \/v2\/webhooks\/(hook_\w+)$/))) {
      const at = webhooks.findIndex((h) => h.id === match![1]);
      if (at < 0) return sendJson(res, 404, error('NOT_FOUND', 'The requested resource could not be found.'));
      webhooks.splice(at, 1);
      // As recorded: a deleted webhook answers an empty object.
      return sendJson(res, 200, {});
    }
    if ((match = route.match(/^GET \/v2\/trackers\/(trk_\w+)$/))) {
      const tracker = trackers.get(match[1]!);
      return tracker
        ? sendJson(res, 200, tracker)
        : sendJson(res, 404, error('NOT_FOUND', 'The requested resource could not be found.'));
    }
    if (route === 'POST /v2/addresses/create_and_verify') {
      verifications++;
      if (isAddressOutage)
        return sendJson(
          res,
          503,
          error('SERVICE.UNAVAILABLE', 'We are experiencing technical difficulties.'),
        );
      const input = (body.address as Json | undefined) ?? {};
      if (isUndeliverable(input)) return sendJson(res, 422, VERIFY_FAILURE);
      return sendJson(res, 200, { address: addressOf(knownFormOf(knownAddresses, input), true) });
    }
    if (route === 'POST /v2/addresses') {
      const address = addressOf((body.address as Json | undefined) ?? {});
      addresses.set(address.id as string, address);
      return sendJson(res, 201, address);
    }
    if ((match = route.match(/^GET \/v2\/addresses\/(adr_\w+)\/verify$/))) {
      const address = addresses.get(match[1]!);
      if (!address || isUndeliverable(address)) return sendJson(res, 422, VERIFY_FAILURE);
      return sendJson(res, 200, { address: { ...addressOf(address, true), id: address.id } });
    }
    if (await shippingDay.handle(route, res, body)) return;
    sendJson(res, 404, error('NOT_FOUND', 'The requested resource could not be found.'));
  }

  await warmUpLabels();
  const server = await listen(handle);
  origin = server.url;
  /** Sends an event to every webhook, signed as EasyPost signs (`X-Hmac-Signature: hmac-sha256-hex=...`). */
  const notify = (description: string, result: Json) => {
    const body = JSON.stringify({
      object: 'Event',
      id: newId('evt_'),
      mode: 'test',
      description,
      created_at: isoNow(),
      updated_at: isoNow(),
      previous_attributes: {},
      pending_urls: [],
      completed_urls: [],
      result,
    });
    return Promise.all(
      webhooks.map((hook) => {
        const signature = createHmac('sha256', Buffer.from(hook.secret.normalize('NFKD'), 'utf8'))
          .update(body, 'utf8')
          .digest('hex');
        return postEvent(hook.url, body, { 'x-hmac-signature': `hmac-sha256-hex=${signature}` });
      }),
    );
  };

  return {
    ...server,
    apiKey,
    purchases,
    shipments,
    failNextBuy: (fault) => buyFaults.push(fault),
    rejectNextShipment: () => void rejectShipments++,
    priceByDestination: (price) => void (byDestination = price),
    knownAddresses,
    setAddressOutage: (isDown) => void (isAddressOutage = isDown),
    get verifications() {
      return verifications;
    },
    refundCalls,
    answerRefundsWith: (status) => void (refundAnswer = status),
    settleRefund(shipmentId, status, shouldNotify = false) {
      const shipment = shipments.get(shipmentId);
      if (!shipment?.refund_status) throw new Error(`no refund was asked for ${shipmentId}`);
      Object.assign(shipment, { refund_status: status, updated_at: isoNow() });
      if (!shouldNotify || status !== 'refunded') return Promise.resolve([]);
      // EasyPost's event for a refund it made: a Refund object naming its shipment.
      return notify('refund.successful', {
        id: newId('rfnd_'),
        object: 'Refund',
        tracking_code: shipment.tracking_code,
        confirmation_number: null,
        status: 'refunded',
        carrier: (shipment.selected_rate as Json | null)?.carrier ?? 'USPS',
        shipment_id: shipmentId,
        created_at: isoNow(),
        updated_at: isoNow(),
      });
    },
    webhooks,
    scanForms: shippingDay.scanForms,
    pickups: shippingDay.pickups,
    async scan(trackingCode, status, message) {
      const tracker = [...trackers.values()].find((t) => t.tracking_code === trackingCode);
      if (!tracker) throw new Error(`no tracker for ${trackingCode}`);
      (tracker.tracking_details as Json[]).push({
        object: 'TrackingDetail',
        message,
        description: '',
        status,
        status_detail: 'status_update',
        datetime: isoNow(),
        source: tracker.carrier,
        carrier_code: '',
        tracking_location: {
          object: 'TrackingLocation',
          city: 'AUSTIN',
          state: 'TX',
          country: null,
          zip: '78701',
        },
      });
      Object.assign(tracker, { status, updated_at: isoNow() });
      return notify('tracker.updated', tracker);
    },
  };
}
