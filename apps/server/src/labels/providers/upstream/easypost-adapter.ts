import EasyPostClient, { type Shipment as EasyPostShipment } from '@easypost/api';
import { dollarsToCents } from '@portal/shared';
import { carrierOfShipment } from '../../label-services.ts';
import type { Address, Shipment } from '../../types.ts';
import { UpstreamRejectedError } from '../upstream-provider.ts';
import { fetchLabelFile, type LabelHost } from './fetch-label-file.ts';
import { easypostEvents } from './provider-tracking.ts';
import { guardedAgents, guardedFetch } from '../../../lib/outbound-guard.ts';
import { ANSWER_LIMITS } from '../../../lib/capped-body.ts';
import {
  ageMs,
  callThrough,
  carrierOf,
  connectionTestFailure,
  dimensionsInInches,
  lookingUp,
  outcomeOfCall,
  purchaseWindows,
  weightInOunces,
} from './shipment-api.ts';
import {
  LabelFormatUnavailableError,
  pngDimensions,
  type UpstreamAdapter,
  type UpstreamAdapterOptions,
  type UpstreamLabelFileRequest,
  type UpstreamLabelResult,
  type UpstreamLookup,
  type UpstreamLookupRequest,
  type UpstreamVoid,
  type UpstreamPickupRequest,
  type UpstreamPlace,
} from './upstream-adapter.ts';
import { UpstreamUnknownOutcomeError } from './upstream-errors.ts';

export const EASYPOST_API = 'https://api.easypost.com/v2/';
/** Where EasyPost keeps label files (its S3 buckets). */
const EASYPOST_FILE_HOSTS: LabelHost[] = [/^easypost-files\.s3([.-][a-z0-9-]+)?\.amazonaws\.com$/];
/** EasyPost's answer when a shipment already holds a label: buying it again buys nothing. */
const POSTAGE_EXISTS = /POSTAGE\.EXISTS|already (been )?purchased|already has postage/i;

/** EasyPost's times are to the second: an age is only sure to be reached one second later. */
const SECOND = 1_000;

type ApiFailure = { statusCode?: number; code?: string; message?: string; timeout?: number };

const easypostAddress = (address: Address) => ({
  name: address.name,
  company: address.company ?? null,
  street1: address.street1,
  street2: address.street2 ?? null,
  city: address.city,
  state: address.state,
  zip: address.zip,
  country: address.country ?? 'US',
  phone: address.phone ?? null,
});

const easypostPlace = (place: UpstreamPlace) => ({
  name: place.name,
  company: place.company || null,
  street1: place.street1,
  street2: place.street2 || null,
  city: place.city,
  state: place.state,
  zip: place.zip,
  country: 'US',
  phone: place.phone || null,
});

/** EasyPost's carrier name of our carrier code, as its pickup rates name it. */
const EASYPOST_CARRIERS = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx' } as const;

type EasyPostPickup = {
  id: string;
  status?: string;
  confirmation?: string | null;
  pickup_rates?: { carrier: string; service: string; rate: string }[];
  messages?: { message?: string }[];
};

/** The shipment we ask EasyPost for: the same order always sends the same body. */
export const easypostShipmentBody = (shipment: Shipment, reference: string) => ({
  reference,
  from_address: easypostAddress(shipment.from),
  to_address: easypostAddress(shipment.to),
  parcel: { weight: weightInOunces(shipment), ...dimensionsInInches(shipment) },
  options: {
    label_format: 'PDF',
    label_size: '4x6',
    ...(shipment.signature ? { delivery_confirmation: 'SIGNATURE' } : {}),
  },
  // A return label (decision 331): EasyPost marks it so; the addresses are already the way back.
  ...(shipment.isReturn ? { is_return: true } : {}),
});

/** EasyPost's `insurance` on the buy: the declared value in dollars (decision 330). */
export const easypostInsurance = (shipment: Shipment): number | undefined =>
  shipment.insuredValue ? Math.round(shipment.insuredValue * 100) / 100 : undefined;

/**
 * What EasyPost bills to insure a declared value, in cents: 1% of it, at least $1.00 (EasyPost's
 * shipping insurance price). A quote adds it to the rate, so routing and the margin floor compare what
 * an insured label really costs (decision 353); the buy's `InsuranceFee` stays what is recorded.
 */
export const easypostInsuranceFeeCents = (shipment: Shipment): number =>
  shipment.insuredValue ? Math.max(100, Math.round(shipment.insuredValue)) : 0;

/** A label file's width in dots: a PNG's pixels, a ZPL's print width (`^PW`); null when it does not say. */
const widthInDots = (format: 'zpl' | 'png', file: Uint8Array): number | null => {
  if (format === 'png') return pngDimensions(file).width;
  const printWidth = /\^PW(\d+)/.exec(new TextDecoder('latin1').decode(file.subarray(0, 4096)));
  return printWidth ? Number(printWidth[1]) : null;
};

/** What EasyPost charged to insure a bought shipment (its `InsuranceFee`), in cents. */
const insuranceFeeCents = (bought: EasyPostShipment): number => {
  const fees = (bought as { fees?: { type?: string; amount?: string }[] }).fees ?? [];
  const fee = fees.find((f) => f.type === 'InsuranceFee');
  return fee ? dollarsToCents(Number(fee.amount ?? 0)) : 0;
};

/** `USPS:Priority` -> the rate EasyPost offers for that carrier and service. */
const rateFor = (shipment: EasyPostShipment, service: string) => {
  const [carrier = '', name = ''] = service.split(':').map((part) => part.trim().toLowerCase());
  return shipment.rates?.find((r) => r.carrier.toLowerCase() === carrier && r.service.toLowerCase() === name);
};

/**
 * EasyPost through its official client (`@easypost/api`). A purchase creates a shipment carrying our
 * reference, records its id, then buys the rate of the route's `CARRIER:Service`; a retry reuses the
 * recorded shipment, which EasyPost never lets hold two labels (decision 245).
 */
export function createEasyPostAdapter(options: UpstreamAdapterOptions): UpstreamAdapter {
  const { apiKey, baseUrl } = options.credentials;
  const windows = purchaseWindows(options);
  const { timeoutMs } = windows;
  const apiBase = baseUrl ? `${baseUrl.replace(/\/v2$/, '')}/v2/` : EASYPOST_API;
  const api = { name: 'EasyPost', where: apiBase, timeoutMs };
  const labelHosts: LabelHost[] = [...EASYPOST_FILE_HOSTS, ...(baseUrl ? [new URL(baseUrl).host] : [])];
  // Every connection, the client's and the label downloads', checked as it is made (decision 312).
  const rule = { allowPrivate: options.allowPrivateTargets ?? false };
  const agents = guardedAgents(rule);
  const agent = apiBase.startsWith('https:') ? agents.https : agents.http;
  const send = guardedFetch(rule, { maxBodyBytes: ANSWER_LIMITS.labelFile });

  /** A client per operation, so the `Retry-After` it saw belongs to this operation's calls only. */
  function session() {
    let retryAfter: string | undefined;
    const client = new EasyPostClient(apiKey, {
      baseUrl: apiBase,
      // The client keeps `timeout` but does not apply it; superagent's own limits do.
      requestMiddleware: (request: {
        timeout(limits: object): unknown;
        agent(agent: object): unknown;
        maxResponseSize(bytes: number): unknown;
        on(event: 'response', fn: (res: { headers: Record<string, string> }) => void): unknown;
      }) => {
        request.timeout({ response: timeoutMs, deadline: timeoutMs });
        request.agent(agent);
        // The client's own reader, held to the limit every upstream answer has (decision 313).
        request.maxResponseSize(ANSWER_LIMITS.json);
        request.on('response', (res) => (retryAfter = res.headers['retry-after']));
        return request;
      },
    });
    /** The error an EasyPost failure means for us; `isBuying` when the call may have bought a label. */
    const outcomeOf = (error: unknown, what: string, isBuying: boolean): Error => {
      const failure = error as ApiFailure;
      const message = `${what}: ${failure.message ?? String(error)}`;
      return outcomeOfCall(api, error, what, isBuying, {
        status: failure.statusCode,
        refusal: failure.message ?? String(error),
        retryAfter,
        timedOut: Boolean(failure.timeout),
        detail: message,
      });
    };
    const call = callThrough(outcomeOf);
    return { client, call, outcomeOf };
  }
  type Session = ReturnType<typeof session>;

  async function labelOf(
    session: Session,
    bought: EasyPostShipment,
    shipment: Shipment,
  ): Promise<UpstreamLabelResult> {
    const rate = bought.selected_rate;
    if (!bought.postage_label || !bought.tracking_code || !rate)
      throw new UpstreamUnknownOutcomeError(`EasyPost shipment ${bought.id} came back without its label`);
    let url = bought.postage_label.label_pdf_url ?? null;
    if (!url && bought.postage_label.label_file_type === 'application/pdf')
      url = bought.postage_label.label_url;
    if (!url) {
      const converted = await session.call('convert the label to PDF', false, () =>
        session.client.Shipment.convertLabelFormat(bought.id, 'PDF'),
      );
      url = converted.postage_label?.label_pdf_url ?? null;
    }
    if (!url) throw new UpstreamUnknownOutcomeError(`EasyPost shipment ${bought.id} has no PDF label`);
    return {
      upstreamId: bought.id,
      trackingNumber: bought.tracking_code,
      carrier: carrierOf(rate.carrier, carrierOfShipment(shipment)),
      // The insurance EasyPost charged for is part of what the label cost us.
      costCents: dollarsToCents(Number(rate.rate)) + insuranceFeeCents(bought),
      pdf: await fetchLabelFile(url, labelHosts, { timeoutMs, fetch: send }),
    };
  }

  const retrieve = (session: Session, id: string) =>
    session.call(`retrieve shipment ${id}`, false, () => session.client.Shipment.retrieve(id));

  /** The shipment's rate for the route's service; the provider does not sell it here otherwise. */
  function serviceRate(shipment: EasyPostShipment, service: string) {
    const rate = rateFor(shipment, service);
    if (rate) return rate;
    const offered = (shipment.rates ?? []).map((r) => `${r.carrier}:${r.service}`).join(', ') || 'none';
    throw new UpstreamRejectedError(`EasyPost offers no ${service} rate here (offered: ${offered})`);
  }

  async function buyRate(
    session: Session,
    shipmentId: string,
    rateId: string,
    insurance: number | undefined,
  ) {
    try {
      return await session.client.Shipment.buy(shipmentId, rateId, insurance);
    } catch (error) {
      // A shipment holds one label: a refused second buy means the first one went through.
      if (POSTAGE_EXISTS.test(`${(error as ApiFailure).code} ${(error as ApiFailure).message}`))
        return retrieve(session, shipmentId);
      throw session.outcomeOf(error, 'buy', true);
    }
  }

  const buy = (session: Session, shipment: EasyPostShipment, request: UpstreamLookupRequest) =>
    buyRate(
      session,
      shipment.id,
      serviceRate(shipment, request.service).id,
      easypostInsurance(request.shipment),
    );

  const voidOf = (shipment: EasyPostShipment): UpstreamVoid => {
    const status = shipment.refund_status as string | null | undefined;
    if (status === 'refunded') return { state: 'refunded' };
    if (status === 'rejected')
      return { state: 'rejected', reason: 'EasyPost (the carrier) rejected the refund of this label' };
    if (status === 'submitted') return { state: 'submitted' };
    return { state: 'none' };
  };

  return {
    kind: 'easypost',
    mode: apiKey.startsWith('EZTK') ? 'test' : 'live',
    // The shipment's rates are the quote (decision 332): the shipment is made here and bought later.
    async quote(request) {
      const s = session();
      const body = easypostShipmentBody(request.shipment, request.reference);
      const shipment = await s.call('create shipment', false, () => s.client.Shipment.create(body));
      const rate = serviceRate(shipment, request.service);
      const amountCents = dollarsToCents(Number(rate.rate)) + easypostInsuranceFeeCents(request.shipment);
      return { amountCents, upstreamId: shipment.id, rateId: rate.id };
    },
    async purchase(request) {
      const s = session();
      // The quoted rate of the shipment a quote made moments ago (its id recorded): bought as quoted.
      if (request.quoted && request.quoted.upstreamId === request.upstreamId)
        return labelOf(
          s,
          await buyRate(
            s,
            request.quoted.upstreamId,
            request.quoted.rateId,
            easypostInsurance(request.shipment),
          ),
          request.shipment,
        );
      let shipment = request.upstreamId ? await retrieve(s, request.upstreamId) : null;
      // The recorded shipment is bought only while it is young (as Shippo's): a buying call sent for
      // an older one could land after a lookup reported it never bought, and a second provider
      // bought the order meanwhile. Until lookups call it never bought, the order waits; then a fresh
      // shipment replaces it.
      if (shipment && !shipment.postage_label) {
        const age = ageMs(shipment.created_at);
        if (age - SECOND >= windows.notBoughtAfterMs) shipment = null;
        else if (age >= windows.buyWithinMs)
          throw new UpstreamUnknownOutcomeError(`EasyPost shipment ${shipment.id} may still be bought`);
      }
      if (!shipment) {
        const body = easypostShipmentBody(request.shipment, request.reference);
        shipment = await s.call('create shipment', false, () => s.client.Shipment.create(body));
        await request.recordUpstreamId(shipment.id);
      }
      const bought = shipment.postage_label ? shipment : await buy(s, shipment, request);
      return labelOf(s, bought, request.shipment);
    },
    async lookup(request) {
      return lookingUp(async (): Promise<UpstreamLookup> => {
        // Buying needs the shipment's id, and it is recorded before the buying call: none, nothing bought.
        if (!request.upstreamId)
          return { state: 'not-bought', reason: 'No EasyPost shipment was made for this order' };
        const s = session();
        const shipment = await retrieve(s, request.upstreamId);
        if (shipment.postage_label)
          return { state: 'bought', label: await labelOf(s, shipment, request.shipment) };
        if (ageMs(shipment.created_at) - SECOND < windows.notBoughtAfterMs) return { state: 'pending' };
        return { state: 'not-bought', reason: `EasyPost shipment ${shipment.id} was never bought` };
      });
    },
    async voidLabel({ upstreamId }) {
      const s = session();
      try {
        return voidOf(await s.client.Shipment.refund(upstreamId));
      } catch (error) {
        const failure = error as ApiFailure;
        const status = failure.statusCode;
        if (status !== undefined && status >= 400 && status < 500 && status !== 429)
          return { state: 'rejected', reason: failure.message ?? `EasyPost refused the refund (${status})` };
        throw s.outcomeOf(error, `refund shipment ${upstreamId}`, false);
      }
    },
    async voidStatus({ upstreamId }) {
      return voidOf(await retrieve(session(), upstreamId));
    },
    // EasyPost made a tracker with the label: the shipment names it, the tracker holds its details.
    async trackingEvents({ upstreamId }) {
      if (!upstreamId) return [];
      const s = session();
      const trackerId = (await retrieve(s, upstreamId)).tracker?.id;
      if (!trackerId) return [];
      const tracker = await s.call(`retrieve tracker ${trackerId}`, false, () =>
        s.client.Tracker.retrieve(trackerId),
      );
      return easypostEvents(tracker as unknown as Record<string, unknown>);
    },
    // EasyPost signs every event with the secret we give (`X-Hmac-Signature`) and sends them all.
    async registerWebhook({ url, secret }) {
      const s = session();
      const hook = await s.call('create webhook', false, () =>
        s.client.Webhook.create({ url, webhook_secret: secret }),
      );
      return { id: hook.id, secret };
    },
    async removeWebhook(id) {
      const s = session();
      try {
        await s.client.Webhook.delete(id);
      } catch (error) {
        if ((error as ApiFailure).statusCode === 404) return;
        throw s.outcomeOf(error, `delete webhook ${id}`, false);
      }
    },
    // The carrier's service levels as EasyPost's carrier metadata lists them.
    async serviceChoices(carrier) {
      const s = session();
      const found = (await s.call('carrier metadata', false, () =>
        s.client.CarrierMetadata.retrieve([carrier], ['service_levels']),
      )) as unknown as Array<{
        carrier?: string;
        service_levels?: Array<{ name?: unknown; description?: unknown }>;
      }>;
      return (found ?? [])
        .filter((c) => c.carrier?.toLowerCase() === carrier)
        .flatMap((c) => c.service_levels ?? [])
        .flatMap((level) =>
          typeof level.name === 'string'
            ? [
                {
                  service: level.name,
                  name: typeof level.description === 'string' ? level.description : level.name,
                  weightUnit: null,
                },
              ]
            : [],
        );
    },
    async testConnection() {
      const s = session();
      try {
        const me = await s.client.User.retrieveMe();
        const mode = apiKey.startsWith('EZTK') ? 'test' : 'live';
        return { ok: true, message: `Connected to EasyPost as ${me.name ?? me.id} (${mode} key)` };
      } catch (error) {
        return connectionTestFailure('EasyPost', error, (error as ApiFailure).statusCode);
      }
    },
    // A ScanForm of the labels' shipments (EasyPost makes it from their own from-address and date).
    async createScanForm({ labels }) {
      const s = session();
      let form = await s.call('create scan form', false, () =>
        s.client.ScanForm.create({ shipments: labels.map((l) => ({ id: l.upstreamId })) }),
      );
      for (let tries = 0; form.status === 'creating' && tries < 20; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const id = form.id;
        form = await s.call(`retrieve scan form ${id}`, false, () => s.client.ScanForm.retrieve(id));
      }
      if (form.status !== 'created' || !form.form_url)
        throw new UpstreamRejectedError(
          form.message || `EasyPost could not make the SCAN form (${form.status})`,
        );
      return {
        upstreamId: form.id,
        trackingNumbers: form.tracking_codes ?? [],
        pdf: await fetchLabelFile(form.form_url, labelHosts, { timeoutMs, fetch: send }),
      };
    },
    async quotePickup(request) {
      const s = session();
      return { costCents: pickupRateOf(await createPickup(s, request), request).costCents };
    },
    // A pickup is made (its rates), then bought at the lowest rate of the labels' carrier.
    async schedulePickup(request) {
      const s = session();
      const made = await createPickup(s, request);
      const rate = pickupRateOf(made, request);
      const bought = (await s.call('buy pickup', false, () =>
        s.client.Pickup.buy(made.id, rate.carrier, rate.service),
      )) as unknown as EasyPostPickup;
      if (bought.status !== 'scheduled' || !bought.confirmation)
        throw new UpstreamRejectedError(
          `EasyPost did not schedule the pickup (${bought.status ?? 'unknown'})`,
        );
      return { upstreamId: bought.id, confirmation: bought.confirmation, costCents: rate.costCents };
    },
    async cancelPickup(id) {
      const s = session();
      const cancelled = (await s.call(`cancel pickup ${id}`, false, () =>
        s.client.Pickup.cancel(id),
      )) as unknown as EasyPostPickup;
      if (cancelled.status !== 'canceled')
        throw new UpstreamRejectedError(
          `EasyPost did not cancel the pickup (${cancelled.status ?? 'unknown'})`,
        );
    },
    labelFile: (request) => easypostLabelFile(session(), request),
    async verifyAddress(address) {
      const s = session();
      try {
        const found = await s.client.Address.createAndVerify({
          ...(address.name ? { name: address.name } : {}),
          street1: address.street1,
          ...(address.street2 ? { street2: address.street2 } : {}),
          city: address.city,
          state: address.state,
          zip: address.zip,
          country: address.country ?? 'US',
        });
        const verified = {
          street1: found.street1 ?? '',
          city: found.city ?? '',
          state: found.state ?? '',
          zip: found.zip ?? '',
        };
        return { isValid: true, verified, messages: [] };
      } catch (error) {
        // "Unable to verify address" is EasyPost's answer about the address, not a failure to ask.
        const failure = error as ApiFailure & { errors?: { field?: string; message?: string }[] };
        if (failure.statusCode === 422 && /ADDRESS\.VERIFY/.test(failure.code ?? ''))
          return {
            isValid: false,
            verified: null,
            messages: (failure.errors ?? []).map((e) => ({
              field: e.field ?? 'address',
              message: e.message ?? failure.message ?? 'Unable to verify address',
            })),
          };
        throw s.outcomeOf(error, 'verify address', false);
      }
    },
  };

  /** An EasyPost pickup for the first label's shipment (the carrier takes every parcel at the address). */
  async function createPickup(s: Session, request: UpstreamPickupRequest): Promise<EasyPostPickup> {
    const [first] = request.labels;
    if (!first) throw new UpstreamRejectedError('A pickup needs at least one label');
    const made = (await s.call('create pickup', false, () =>
      s.client.Pickup.create({
        reference: request.reference,
        address: easypostPlace(request.address),
        shipment: { id: first.upstreamId },
        min_datetime: request.minDatetime,
        max_datetime: request.maxDatetime,
        instructions: request.instructions,
        is_account_address: false,
      }),
    )) as unknown as EasyPostPickup;
    return made;
  }

  /** The lowest of the pickup's rates for the labels' carrier. */
  function pickupRateOf(pickup: EasyPostPickup, request: UpstreamPickupRequest) {
    const carrier = EASYPOST_CARRIERS[request.carrier].toLowerCase();
    const rates = (pickup.pickup_rates ?? [])
      .filter((r) => r.carrier.toLowerCase() === carrier)
      .map((r) => ({ carrier: r.carrier, service: r.service, costCents: dollarsToCents(Number(r.rate)) }))
      .sort((a, b) => a.costCents - b.costCents);
    const rate = rates[0];
    if (!rate) {
      const said = (pickup.messages ?? [])
        .map((m) => m.message)
        .filter(Boolean)
        .join('; ');
      throw new UpstreamRejectedError(
        `EasyPost offers no ${EASYPOST_CARRIERS[request.carrier]} pickup here${said ? ` (${said})` : ''}`,
      );
    }
    return rate;
  }

  /**
   * ZPL: EasyPost converts the bought label itself (`GET /shipments/{id}/label?file_format=ZPL`).
   * PNG: only a label bought as PNG has one (its `label_url`); EasyPost does not convert to PNG.
   * Either as EasyPost made it, 4 inches wide at the resolution asked for (read from the file itself).
   */
  async function easypostLabelFile(session: Session, request: UpstreamLabelFileRequest): Promise<Uint8Array> {
    const { upstreamId: id, format, dpi } = request;
    const shipment = await session.call(`read the label of ${id}`, false, () =>
      format === 'zpl'
        ? session.client.Shipment.convertLabelFormat(id, 'ZPL')
        : session.client.Shipment.retrieve(id),
    );
    const label = shipment.postage_label;
    const url =
      format === 'zpl'
        ? label?.label_zpl_url
        : label?.label_file_type === 'image/png'
          ? label.label_url
          : null;
    if (!label || !url)
      throw new LabelFormatUnavailableError(
        format === 'zpl'
          ? 'EasyPost did not make this label as ZPL'
          : 'EasyPost makes PNG only for labels bought as PNG, and this one was bought as PDF',
      );
    const file = await fetchLabelFile(url, labelHosts, { timeoutMs, format, fetch: send });
    const width = widthInDots(format, file);
    if (width !== null && width !== 4 * dpi) {
      const made = Math.round(width / 4);
      throw new LabelFormatUnavailableError(`EasyPost made this label for ${made} dpi; ask for dpi=${made}`);
    }
    return file;
  }
}
