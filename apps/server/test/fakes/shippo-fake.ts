import type { IncomingMessage, ServerResponse } from 'node:http';
import { shippoShippingDay } from './shippo-fake-shipping-day.ts';
import {
  drawLabel,
  labelAddress,
  listen,
  newId,
  postEvent,
  readJson,
  sendJson,
  warmUpLabels,
  withFault,
  type FakePurchase,
  type ShippingApiFake,
  type FaultAnswers,
  type UpstreamFault,
  knownFormOf,
  type KnownAddresses,
} from './fake-upstream.ts';

/**
 * A local Shippo: a real HTTP server on loopback whose answers pass the `shippo` client's own zod
 * validation (a test through the client proves it: an answer it refuses throws). Shipments (create,
 * get), transactions (create, get, list by rate) and addresses (list, for the connection test).
 */
export type ShippoFake = ShippingApiFake & {
  transactions: Map<string, Json>;
  /** The next transaction answers QUEUED and is made by the time it is read. */
  queueNextLabel(): void;
  /** The next answer to a transaction create is not what the client validates (an unknown outcome). */
  garbleNextBuy(): void;
  /** Streets whose validation answers another city, state or ZIP (Shippo knows better). */
  knownAddresses: KnownAddresses;
  /** How many address validations were asked for. */
  readonly validations: number;
  /** Refunds made, by id; `transaction` names the label each voids. */
  refunds: Map<string, Json>;
  /** The status a new refund starts in (default `QUEUED`, as Shippo's are while the carrier decides). */
  answerRefundsWith(status: 'QUEUED' | 'SUCCESS' | 'ERROR'): void;
  /** How many refunds one page of `GET /refunds` holds (default 5, as Shippo's lists). */
  pageRefundsBy(size: number): void;
  /**
   * The carrier decided: the transaction's refund moves to `SUCCESS` or `ERROR`; with `notify`, the
   * transaction's `transaction_updated` goes to every webhook (their statuses).
   */
  settleRefund(transactionId: string, status: 'SUCCESS' | 'ERROR', notify?: boolean): Promise<number[]>;
  /** Manifests and pickups made, by id (issue 46). */
  manifests: Map<string, Json>;
  pickups: Map<string, Json>;
  /** Webhooks registered with `POST /webhooks` (removed by `DELETE /webhooks/{id}`). */
  webhooks: { id: string; url: string; event: string }[];
  /**
   * The carrier scanned a label: adds to its track (`GET /tracks/{carrier}/{number}`); with `notify`, sends
   * `track_updated` to every webhook (their URLs carry the token registered with them); their statuses.
   */
  scan(tracking: string, status: string, details: string, notify?: boolean): Promise<number[]>;
};

type Json = Record<string, unknown>;

/** `POST /addresses` as Shippo answers it; with `validate`, its validation results (no house number: invalid). */
function addressAnswer(input: Json, isValidated: boolean): Json {
  const isValid = /^\s*\d/.test(String(input.street1 ?? ''));
  const at = new Date().toISOString();
  return {
    object_id: newId(''),
    object_created: at,
    object_updated: at,
    object_owner: 'labelport-fake@example.com',
    is_complete: isValid,
    name: String(input.name ?? ''),
    company: String(input.company ?? ''),
    street1: String(input.street1 ?? '').toUpperCase(),
    street2: String(input.street2 ?? ''),
    city: String(input.city ?? '').toUpperCase(),
    state: String(input.state ?? ''),
    zip: String(input.zip ?? ''),
    country: String(input.country ?? 'US'),
    phone: String(input.phone ?? ''),
    email: '',
    is_residential: null,
    test: true,
    ...(isValidated
      ? {
          validation_results: {
            is_valid: isValid,
            messages: isValid
              ? []
              : [
                  {
                    source: 'USPS',
                    code: 'Unknown Street',
                    type: 'address_error',
                    text: 'The address as submitted could not be found. Please check for excessive abbreviations in the street address line or in the City name.',
                  },
                ],
          },
        }
      : {}),
  };
}
type Service = { provider: string; token: string; name: string; uid: string; base: number; perLb: number };

const SERVICES: Service[] = [
  { provider: 'USPS', token: 'usps_priority', name: 'Priority Mail', uid: 'priority', base: 7.1, perLb: 0.8 },
  {
    provider: 'USPS',
    token: 'usps_ground_advantage',
    name: 'Ground Advantage',
    uid: 'ground_oz',
    base: 5.4,
    perLb: 0.55,
  },
  { provider: 'UPS', token: 'ups_ground', name: 'Ground', uid: 'ups_standard', base: 9.8, perLb: 0.7 },
  {
    provider: 'FedEx',
    token: 'fedex_ground',
    name: 'FedEx Ground',
    uid: 'fedex_ground',
    base: 10.4,
    perLb: 0.7,
  },
];
const OWNER = 'labelport-fake@example.com';
const now = () => new Date().toISOString();

const addressOut = (address: Json | undefined): Json => ({
  ...(address ?? {}),
  country: String(address?.country ?? 'US'),
  is_complete: true,
  object_id: newId(''),
  object_owner: OWNER,
  object_created: now(),
  object_updated: now(),
  test: true,
});
const isUndeliverable = (a: Json | undefined) => !/^\s*\d/.test(String(a?.street1 ?? ''));
const ERROR_TRANSACTION = (text: string): Json => ({
  object_state: 'VALID',
  status: 'ERROR',
  object_id: newId(''),
  object_owner: OWNER,
  object_created: now(),
  object_updated: now(),
  test: true,
  tracking_status: 'UNKNOWN',
  messages: [{ source: 'USPS', code: '', text }],
});

const FAULT_ANSWERS: FaultAnswers = {
  // Shippo reports a label it could not buy as a transaction in ERROR.
  rejection: (reason) => ({
    status: 201,
    body: ERROR_TRANSACTION(
      reason === 'funds'
        ? 'Insufficient funds: add to your balance to buy labels'
        : 'The recipient address is invalid',
    ),
  }),
  rateLimited: { detail: 'Request was throttled.' },
  serverError: { detail: 'A server error occurred.' },
};

export async function startShippoFake(apiKey = 'shippo_test_fake0000000000'): Promise<ShippoFake> {
  const shipments = new Map<string, Json>();
  const transactions = new Map<string, Json>();
  const files = new Map<string, Uint8Array>();
  const purchases: FakePurchase[] = [];
  const faults: UpstreamFault[] = [];
  const webhooks: { id: string; url: string; event: string }[] = [];
  const tracks = new Map<string, Json>();
  let queued = 0;
  let garbled = 0;
  const refunds = new Map<string, Json>();
  let refundAnswer: 'QUEUED' | 'SUCCESS' | 'ERROR' = 'QUEUED';
  let refundsPerPage = 5;
  let origin = '';

  const carrierAccounts: Record<string, string> = {};

  function createShipment(input: Json): Json {
    const id = newId('');
    const parcel = ((input.parcels as Json[] | undefined) ?? [])[0] ?? {};
    const ounces = Number(parcel.weight ?? 1) * (parcel.mass_unit === 'lb' ? 16 : 1);
    const rates = SERVICES.map((s) => {
      const amount = (s.base + s.perLb * Math.ceil(ounces / 16)).toFixed(2);
      return {
        amount,
        amount_local: amount,
        currency: 'USD',
        currency_local: 'USD',
        attributes: [],
        // One carrier account per carrier, as a Shippo account has (manifests and pickups name it).
        carrier_account: (carrierAccounts[s.provider] ??= newId('')),
        estimated_days: 3,
        object_created: now(),
        object_id: newId(''),
        object_owner: OWNER,
        provider: s.provider,
        servicelevel: { name: s.name, token: s.token, terms: '' },
        shipment: id,
        test: true,
      };
    });
    const shipment: Json = {
      metadata: String(input.metadata ?? ''),
      ...(input.extra ? { extra: input.extra } : {}),
      address_from: addressOut(input.address_from as Json),
      address_to: addressOut(input.address_to as Json),
      carrier_accounts: [],
      messages: [],
      object_created: now(),
      object_id: id,
      object_owner: OWNER,
      object_updated: now(),
      parcels: [
        {
          ...parcel,
          object_id: newId(''),
          object_owner: OWNER,
          object_state: 'VALID',
          object_created: now(),
          object_updated: now(),
          test: true,
        },
      ],
      rates,
      status: 'SUCCESS',
      test: true,
    };
    shipments.set(id, shipment);
    return shipment;
  }

  const rateOf = (rateId: string) => {
    for (const shipment of shipments.values()) {
      const rate = (shipment.rates as Json[]).find((r) => r.object_id === rateId);
      if (rate) return { shipment, rate };
    }
    return null;
  };

  async function buy(shipment: Json, rate: Json, input: Json, transaction: Json) {
    const service = SERVICES.find((s) => s.token === (rate.servicelevel as Json).token)!;
    const parcel = (shipment.parcels as Json[])[0]!;
    const ounces = Number(parcel.weight) * (parcel.mass_unit === 'lb' ? 16 : 1);
    const label = await drawLabel(
      service.uid,
      labelAddress(shipment.address_from as Json),
      labelAddress(shipment.address_to as Json),
      ounces,
    );
    const path = `/labels/${newId('')}.pdf`;
    files.set(path, label.pdf);
    Object.assign(transaction, {
      object_state: 'VALID',
      status: queued > 0 ? 'QUEUED' : 'SUCCESS',
      object_id: newId(''),
      object_owner: OWNER,
      object_created: now(),
      object_updated: now(),
      test: true,
      rate: rate.object_id,
      parcel: parcel.object_id,
      metadata: String(input.metadata ?? ''),
      label_file_type: input.label_file_type ?? 'PDF_4x6',
      tracking_number: label.tracking,
      tracking_status: 'UNKNOWN',
      tracking_url_provider: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${label.tracking}`,
      label_url: `${origin}${path}`,
      messages: [],
    });
    queued = Math.max(0, queued - 1);
    transactions.set(transaction.object_id as string, transaction);
    const extra = (shipment.extra as Json | undefined) ?? {};
    purchases.push({
      reference: String(shipment.metadata),
      shipmentId: shipment.object_id as string,
      tracking: label.tracking,
      pdf: label.pdf,
      insurance: ((extra.insurance as Json | undefined)?.amount as string | undefined) ?? null,
      isReturn: extra.is_return === true,
    });
  }

  /** A queued label is made by the time anyone reads it. */
  const read = (transaction: Json) => {
    if (transaction.status === 'QUEUED')
      Object.assign(transaction, { status: 'SUCCESS', object_updated: now() });
    return transaction;
  };

  const knownAddresses: KnownAddresses = new Map();
  let validations = 0;
  const shippingDay = shippoShippingDay({ transactions, rateOf, files, origin: () => origin });

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL) {
    const file = files.get(url.pathname);
    if (req.method === 'GET' && file) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': file.byteLength });
      res.end(file);
      return;
    }
    if (req.headers.authorization !== `ShippoToken ${apiKey}`)
      return sendJson(res, 401, { detail: 'Invalid token.' });
    const route = `${req.method} ${url.pathname.replace(/\/$/, '')}`;
    const body = req.method === 'POST' ? await readJson(req) : {};
    let match: RegExpMatchArray | null;

    if (route === 'GET /addresses') return sendJson(res, 200, { results: [] });
    // One carrier account per carrier the fake sells, with its service levels when asked for.
    if (route === 'GET /carrier_accounts') {
      const withLevels = url.searchParams.get('service_levels') === 'true';
      const only = url.searchParams.get('carrier');
      const results = [...new Set(SERVICES.map((s) => s.provider.toLowerCase()))]
        .filter((carrier) => !only || carrier === only)
        .map((carrier) => ({
          object_id: `ca_${carrier}`,
          carrier,
          account_id: `${carrier}-account`,
          active: true,
          test: true,
          ...(withLevels
            ? {
                service_levels: SERVICES.filter((s) => s.provider.toLowerCase() === carrier).map((s) => ({
                  name: s.name,
                  token: s.token,
                })),
              }
            : {}),
        }));
      return sendJson(res, 200, { next: null, previous: null, results });
    }
    if (route === 'POST /addresses') {
      if (body.validate) validations++;
      return sendJson(res, 201, addressAnswer(knownFormOf(knownAddresses, body), body.validate === true));
    }
    if (route === 'POST /shipments') {
      if (isUndeliverable(body.address_to as Json))
        return sendJson(res, 400, { detail: 'address_to: House number is missing' });
      return sendJson(res, 201, createShipment(body));
    }
    if ((match = route.match(/^GET \/shipments\/(\w+)$/))) {
      const shipment = shipments.get(match[1]!);
      return shipment ? sendJson(res, 200, shipment) : sendJson(res, 404, { detail: 'Not found.' });
    }
    if (route === 'POST /transactions') {
      const found = rateOf(String(body.rate ?? ''));
      if (!found) return sendJson(res, 400, { detail: 'rate: the rate does not exist' });
      const transaction: Json = {};
      const answer = await withFault(
        faults.shift(),
        res,
        () => buy(found.shipment, found.rate, body, transaction),
        FAULT_ANSWERS,
      );
      if (!answer) return;
      if (garbled > 0) {
        garbled--;
        return sendJson(res, 201, { ...transaction, status: 'BOUGHT', object_created: 'yesterday' });
      }
      return sendJson(res, 201, transaction);
    }
    if ((match = route.match(/^DELETE \/webhooks\/(\w+)$/))) {
      const at = webhooks.findIndex((h) => h.id === match![1]);
      if (at < 0) return sendJson(res, 404, { detail: 'Not found.' });
      webhooks.splice(at, 1);
      res.writeHead(204).end();
      return;
    }
    if (route === 'POST /webhooks') {
      const hook = { id: newId(''), url: String(body.url ?? ''), event: String(body.event ?? '') };
      webhooks.push(hook);
      return sendJson(res, 201, {
        object_id: hook.id,
        event: body.event ?? 'track_updated',
        url: hook.url,
        active: body.active ?? true,
        is_test: body.is_test ?? true,
        object_created: now(),
        object_updated: now(),
      });
    }
    if ((match = route.match(/^GET \/tracks\/(\w+)\/(\w+)$/))) {
      const track = tracks.get(match[2]!);
      return sendJson(
        res,
        200,
        track ?? { carrier: match[1], tracking_number: match[2], messages: [], tracking_history: [] },
      );
    }
    if ((match = route.match(/^GET \/transactions\/(\w+)$/))) {
      const transaction = transactions.get(match[1]!);
      return transaction
        ? sendJson(res, 200, read(transaction))
        : sendJson(res, 404, { detail: 'Not found.' });
    }
    if (route === 'POST /refunds') {
      const transaction = transactions.get(String(body.transaction ?? ''));
      if (!transaction || transaction.status !== 'SUCCESS')
        return sendJson(res, 400, { detail: 'transaction: no label to refund' });
      const earlier = [...refunds.values()].find(
        (r) => r.transaction === transaction.object_id && r.status !== 'ERROR',
      );
      if (earlier) return sendJson(res, 400, { detail: 'A refund for this label was already requested.' });
      const refund: Json = {
        object_id: newId(''),
        object_owner: OWNER,
        object_created: now(),
        object_updated: now(),
        status: refundAnswer,
        test: true,
        transaction: transaction.object_id,
      };
      refunds.set(refund.object_id as string, refund);
      return sendJson(res, 201, refund);
    }
    if (route === 'GET /refunds') {
      // Newest first, a page at a time, `next` naming the following page as Shippo's lists do.
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const size = Math.max(1, Number(url.searchParams.get('results') ?? refundsPerPage));
      const all = [...refunds.values()].reverse();
      const results = all.slice((page - 1) * size, page * size);
      const pageUrl = (n: number) => `${origin}/refunds/?page=${n}&results=${size}`;
      return sendJson(res, 200, {
        ...(page * size < all.length ? { next: pageUrl(page + 1) } : {}),
        ...(page > 1 ? { previous: pageUrl(page - 1) } : {}),
        results,
      });
    }
    if ((match = route.match(/^GET \/refunds\/(\w+)$/))) {
      const refund = refunds.get(match[1]!);
      return refund ? sendJson(res, 200, refund) : sendJson(res, 404, { detail: 'Not found.' });
    }
    if (route === 'GET /transactions') {
      const rate = url.searchParams.get('rate');
      const results = [...transactions.values()].filter((t) => !rate || t.rate === rate).map(read);
      return sendJson(res, 200, { results });
    }
    if (await shippingDay.handle(route, res, body)) return;
    sendJson(res, 404, { detail: 'Not found.' });
  }

  await warmUpLabels();
  const server = await listen(handle);
  origin = server.url;
  /** Posts one event to every webhook (their URLs carry the token registered with them). */
  const send = (body: string) => Promise.all(webhooks.map((hook) => postEvent(hook.url, body)));

  return {
    ...server,
    apiKey,
    purchases,
    shipments,
    transactions,
    failNextBuy: (fault) => faults.push(fault),
    queueNextLabel: () => void queued++,
    garbleNextBuy: () => void garbled++,
    knownAddresses,
    get validations() {
      return validations;
    },
    refunds,
    answerRefundsWith: (status) => void (refundAnswer = status),
    pageRefundsBy: (size) => void (refundsPerPage = size),
    settleRefund(transactionId, status, shouldNotify = false) {
      // The newest refund of the label still waiting for the carrier.
      const refund = [...refunds.values()]
        .reverse()
        .find((r) => r.transaction === transactionId && (r.status === 'QUEUED' || r.status === 'PENDING'));
      if (!refund) throw new Error(`no refund was asked for ${transactionId}`);
      Object.assign(refund, { status, object_updated: now() });
      if (!shouldNotify) return Promise.resolve([]);
      // The label's transaction tells of its refund in `transaction_updated` (a webhook for `all`).
      const transaction = transactions.get(transactionId) ?? { object_id: transactionId };
      const data = { ...transaction, status: status === 'SUCCESS' ? 'REFUNDED' : 'REFUNDREJECTED' };
      return send(JSON.stringify({ event: 'transaction_updated', test: true, data }));
    },
    webhooks,
    manifests: shippingDay.manifests,
    pickups: shippingDay.pickups,
    async scan(tracking, status, details, notify = true) {
      const track = tracks.get(tracking) ?? {
        carrier: 'usps',
        tracking_number: tracking,
        messages: [],
        tracking_history: [],
      };
      const item = {
        object_id: newId(''),
        object_created: now(),
        object_updated: now(),
        status,
        status_details: details,
        status_date: now(),
        location: { city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      };
      (track.tracking_history as Json[]).push(item);
      track.tracking_status = item;
      tracks.set(tracking, track);
      if (!notify) return [];
      return send(JSON.stringify({ event: 'track_updated', test: true, data: track }));
    },
  };
}
