import { setTimeout as sleep } from 'node:timers/promises';
import { dollarsToCents } from '@portal/shared';
import {
  Shippo,
  type CarriersEnum,
  type Rate,
  type Refund,
  type RefundPaginatedList,
  type Shipment as ShippoShipment,
  type Transaction,
} from 'shippo';
import { HTTPClient } from 'shippo/lib/http.js';
import { refundPaginatedListFromJSON, trackToJSON } from 'shippo/models/components/index.js';
import { guardedFetch } from '../../../lib/outbound-guard.ts';
import { ANSWER_LIMITS } from '../../../lib/capped-body.ts';
import { ShippoError, RequestTimeoutError, ResponseValidationError } from 'shippo/models/errors/index.js';
import { carrierOfShipment } from '../../label-services.ts';
import type { Address, Shipment } from '../../types.ts';
import { UpstreamRejectedError } from '../upstream-provider.ts';
import { fetchLabelFile, type LabelHost } from './fetch-label-file.ts';
import { shippoEvents } from './provider-tracking.ts';
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
  UpstreamNotBoughtError,
  type UpstreamAdapter,
  type UpstreamAdapterOptions,
  type UpstreamLabelResult,
  type UpstreamLookup,
  type UpstreamLookupRequest,
  type UpstreamVoid,
  type UpstreamLabelRef,
  type UpstreamPlace,
} from './upstream-adapter.ts';
import { UpstreamUnknownOutcomeError } from './upstream-errors.ts';

const SHIPPO_API = 'https://api.goshippo.com';
/** A refund list longer than this many pages is not read to its end (a `next` that never ends). */
const MAX_REFUND_PAGES = 200;

/** Where Shippo serves label files: its delivery host and S3 buckets. */
const SHIPPO_FILE_HOSTS: LabelHost[] = [
  'deliver.goshippo.com',
  /^shippo-delivery[a-z0-9-]*\.s3[a-z0-9.-]*\.amazonaws\.com$/,
];

const shippoAddress = (address: Address) => ({
  name: address.name,
  ...(address.company ? { company: address.company } : {}),
  street1: address.street1,
  ...(address.street2 ? { street2: address.street2 } : {}),
  city: address.city,
  state: address.state,
  zip: address.zip,
  country: address.country ?? 'US',
  ...(address.phone ? { phone: address.phone } : {}),
});

/**
 * Shippo's `extra`: signature confirmation, the declared value insured (decision 330) and the return
 * mark (decision 331); undefined when the shipment asks for none of them.
 */
const shippoExtra = (shipment: Shipment) => {
  const extra = {
    ...(shipment.signature ? { signatureConfirmation: 'STANDARD' as const } : {}),
    ...(shipment.insuredValue
      ? {
          insurance: {
            amount: shipment.insuredValue.toFixed(2),
            currency: 'USD',
            content: 'Merchandise',
          },
        }
      : {}),
    ...(shipment.isReturn ? { isReturn: true } : {}),
  };
  return Object.keys(extra).length > 0 ? extra : undefined;
};

/** The shipment we ask Shippo for; our reference rides in its `metadata`. */
export const shippoShipmentBody = (shipment: Shipment, reference: string) => {
  const d = dimensionsInInches(shipment);
  return {
    metadata: reference,
    addressFrom: shippoAddress(shipment.from),
    addressTo: shippoAddress(shipment.to),
    parcels: [
      {
        massUnit: 'oz' as const,
        weight: String(weightInOunces(shipment)),
        distanceUnit: 'in' as const,
        length: String(d.length),
        width: String(d.width),
        height: String(d.height),
      },
    ],
    ...(shippoExtra(shipment) ? { extra: shippoExtra(shipment) } : {}),
    async: false,
  };
};

const messagesOf = (transaction: Transaction) =>
  (transaction.messages ?? [])
    .map((m) => m.text)
    .filter(Boolean)
    .join('; ') || 'Shippo could not make the label';

/**
 * Shippo through its official client (`shippo`, generated, validating every answer with zod). A
 * purchase creates a shipment with our reference as `metadata`, records its id, then creates a
 * transaction (the label) for the rate whose service level token is the route's mapping, and waits for
 * it to succeed. A retry finds the shipment's transactions before buying anything (decision 245).
 */
export function createShippoAdapter(options: UpstreamAdapterOptions): UpstreamAdapter {
  const { apiKey, baseUrl } = options.credentials;
  const windows = purchaseWindows(options);
  const { timeoutMs } = windows;
  const pollMs = options.pollMs ?? 500;
  const labelHosts: LabelHost[] = [...SHIPPO_FILE_HOSTS, ...(baseUrl ? [new URL(baseUrl).host] : [])];
  const apiOrigin = new URL(baseUrl ?? SHIPPO_API).origin;
  // Every connection, the client's, the refund pages' and the label downloads', checked as it is made
  // (decision 312). Answers held to the JSON limit, label files to theirs (decision 313).
  const rule = { allowPrivate: options.allowPrivateTargets ?? false };
  const send = guardedFetch(rule, { maxBodyBytes: ANSWER_LIMITS.labelFile });
  const sendJson = guardedFetch(rule, { maxBodyBytes: ANSWER_LIMITS.json });
  const shippo = new Shippo({
    httpClient: new HTTPClient({ fetcher: sendJson }),
    apiKeyHeader: `ShippoToken ${apiKey}`,
    ...(baseUrl ? { serverURL: baseUrl } : {}),
    timeoutMs,
    // Never retried by the client: a retried purchase could buy twice.
    retryConfig: { strategy: 'none' },
  });

  /** The error a Shippo failure means for us; `isBuying` when the call may have bought a label. */
  function outcomeOf(error: unknown, what: string, isBuying: boolean): Error {
    // An answer the client's own validation refused: the call went through, its outcome is not known.
    if (error instanceof ResponseValidationError || (error as Error).name === 'SDKValidationError')
      return new UpstreamUnknownOutcomeError(`${what}: Shippo's answer did not parse`, { cause: error });
    const answer = error instanceof ShippoError ? error : undefined;
    return outcomeOfCall({ name: 'Shippo', where: baseUrl ?? 'Shippo', timeoutMs }, error, what, isBuying, {
      status: answer?.statusCode,
      refusal: answer ? detailOf(answer) : '',
      retryAfter: answer?.headers.get('retry-after'),
      timedOut: error instanceof RequestTimeoutError,
      detail: (error as Error).message,
    });
  }
  const call = callThrough(outcomeOf);

  /**
   * The next page of refunds at the `next` address Shippo gave (the client asks for the first one
   * only); an address off Shippo's own API is never sent our key.
   */
  async function refundsPage(next: string): Promise<RefundPaginatedList> {
    const what = 'list refunds (next page)';
    const url = new URL(next, apiOrigin);
    if (url.origin !== apiOrigin) throw new UpstreamNotBoughtError(`${what}: ${url.origin} is not Shippo`);
    const response = await call(what, false, () =>
      sendJson(url, {
        headers: { authorization: `ShippoToken ${apiKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      }),
    );
    if (!response.ok) throw new UpstreamNotBoughtError(`${what}: HTTP ${response.status}`);
    const parsed = refundPaginatedListFromJSON(await response.text());
    if (!parsed.ok) throw new UpstreamNotBoughtError(`${what}: Shippo's answer did not parse`);
    return parsed.value;
  }

  const rateFor = (shipment: ShippoShipment, service: string): Rate | undefined =>
    shipment.rates.find((r) => r.servicelevel.token === service);

  async function labelOf(
    purchase: Transaction,
    rate: Rate,
    shipment: Shipment,
  ): Promise<UpstreamLabelResult> {
    if (!purchase.objectId || !purchase.trackingNumber || !purchase.labelUrl)
      throw new UpstreamUnknownOutcomeError(
        `Shippo transaction ${purchase.objectId ?? ''} came back without its label`,
      );
    return {
      upstreamId: purchase.objectId,
      trackingNumber: purchase.trackingNumber,
      carrier: carrierOf(rate.provider, carrierOfShipment(shipment)),
      costCents: dollarsToCents(Number(rate.amount)),
      pdf: await fetchLabelFile(purchase.labelUrl, labelHosts, { timeoutMs, fetch: send }),
    };
  }

  /** The transactions made for a rate, newest last. */
  const transactionsOf = async (rate: Rate) =>
    (await call('list transactions', false, () => shippo.transactions.list({ rate: rate.objectId })))
      .results ?? [];

  /** Where a rate's purchase stands: bought (with its label), still being made, or none/failed. */
  async function standing(rate: Rate, shipment: Shipment): Promise<UpstreamLookup | null> {
    const transactions = await transactionsOf(rate);
    const done = transactions.find((t) => t.status === 'SUCCESS');
    if (done) return { state: 'bought', label: await labelOf(done, rate, shipment) };
    if (transactions.some((t) => t.status === 'QUEUED' || t.status === 'WAITING'))
      return { state: 'pending' };
    return null;
  }

  /** Waits for a transaction to be made, as long as a purchase waits for a label. */
  async function awaitTransaction(
    first: Transaction,
    rate: Rate,
    shipment: Shipment,
  ): Promise<UpstreamLabelResult> {
    const until = Date.now() + windows.buyWithinMs;
    for (let t = first; ;) {
      if (t.status === 'SUCCESS') return labelOf(t, rate, shipment);
      if (t.status === 'ERROR') throw new UpstreamRejectedError(messagesOf(t));
      if (Date.now() >= until || !t.objectId)
        throw new UpstreamUnknownOutcomeError(`Shippo's label ${t.objectId ?? ''} is not ready yet`);
      await sleep(pollMs);
      const id = t.objectId;
      t = await call(`read transaction ${id}`, false, () => shippo.transactions.get(id));
    }
  }

  async function createShipment(
    request: UpstreamLookupRequest & { recordUpstreamId(id: string): Promise<void> },
  ) {
    const body = shippoShipmentBody(request.shipment, request.reference);
    const created = await call('create shipment', false, () => shippo.shipments.create(body));
    await request.recordUpstreamId(created.objectId);
    return created;
  }

  /** The carrier account a bought label's rate was at: a manifest or pickup is asked of that account. */
  async function carrierAccountOf(label: UpstreamLabelRef): Promise<string> {
    const transaction = await call(`read transaction ${label.upstreamId}`, false, () =>
      shippo.transactions.get(label.upstreamId),
    );
    const rate = transaction.rate;
    if (
      rate &&
      typeof rate !== 'string' &&
      'carrierAccount' in rate &&
      typeof rate.carrierAccount === 'string'
    )
      return rate.carrierAccount;
    const rateId = typeof rate === 'string' ? rate : rate?.objectId;
    if (!rateId) throw new UpstreamRejectedError(`Shippo's label ${label.upstreamId} names no rate`);
    return (await call(`read rate ${rateId}`, false, () => shippo.rates.get(rateId))).carrierAccount;
  }

  const shippoPlace = (place: UpstreamPlace) => ({
    name: place.name,
    ...(place.company ? { company: place.company } : {}),
    street1: place.street1,
    ...(place.street2 ? { street2: place.street2 } : {}),
    city: place.city,
    state: place.state,
    zip: place.zip,
    country: 'US',
    ...(place.phone ? { phone: place.phone } : {}),
  });

  const voidOf = (refund: Refund): UpstreamVoid => {
    if (refund.status === 'SUCCESS') return { state: 'refunded' };
    if (refund.status === 'ERROR')
      return { state: 'rejected', reason: 'Shippo (the carrier) rejected the refund of this label' };
    return { state: 'submitted', ...(refund.objectId ? { voidId: refund.objectId } : {}) };
  };

  return {
    kind: 'shippo',
    mode: apiKey.startsWith('shippo_test_') ? 'test' : 'live',
    // The shipment's rates are the quote (decision 332); the purchase then buys on that recorded shipment.
    async quote(request) {
      const body = shippoShipmentBody(request.shipment, request.reference);
      const shipment = await call('create shipment', false, () => shippo.shipments.create(body));
      const rate = rateFor(shipment, request.service);
      if (!rate) {
        const offered = shipment.rates.map((r) => r.servicelevel.token).join(', ') || 'none';
        throw new UpstreamRejectedError(
          `Shippo offers no ${request.service} rate here (offered: ${offered})`,
        );
      }
      return {
        amountCents: dollarsToCents(Number(rate.amount)),
        upstreamId: shipment.objectId,
        rateId: rate.objectId,
      };
    },
    async purchase(request) {
      let shipment = request.upstreamId
        ? await call(`read shipment ${request.upstreamId}`, false, () =>
            shippo.shipments.get(request.upstreamId!),
          )
        : null;
      if (shipment) {
        const rate = rateFor(shipment, request.service);
        const known = rate ? await standing(rate, request.shipment) : null;
        if (known?.state === 'bought') return known.label;
        if (known?.state === 'pending' || ageMs(shipment.objectCreated) < windows.notBoughtAfterMs) {
          // A purchase for this shipment may still be landing: buying again now could buy twice.
          if (known || ageMs(shipment.objectCreated) >= windows.buyWithinMs)
            throw new UpstreamUnknownOutcomeError(`Shippo shipment ${shipment.objectId} may still be bought`);
        } else shipment = null;
      }
      shipment ??= await createShipment(request);
      const rate = rateFor(shipment, request.service);
      if (!rate) {
        const offered = shipment.rates.map((r) => r.servicelevel.token).join(', ') || 'none';
        throw new UpstreamRejectedError(
          `Shippo offers no ${request.service} rate here (offered: ${offered})`,
        );
      }
      const transaction = await call('create transaction', true, () =>
        shippo.transactions.create({
          rate: rate.objectId,
          labelFileType: 'PDF_4x6',
          metadata: request.reference,
          async: false,
        }),
      );
      return awaitTransaction(transaction, rate, request.shipment);
    },
    async lookup(request) {
      return lookingUp(async (): Promise<UpstreamLookup> => {
        // Buying needs the shipment's rate, and the shipment is recorded before: none, nothing bought.
        if (!request.upstreamId)
          return { state: 'not-bought', reason: 'No Shippo shipment was made for this order' };
        const id = request.upstreamId;
        const shipment = await call(`read shipment ${id}`, false, () => shippo.shipments.get(id));
        const rate = rateFor(shipment, request.service);
        const known = rate ? await standing(rate, request.shipment) : null;
        if (known) return known;
        if (ageMs(shipment.objectCreated) < windows.notBoughtAfterMs) return { state: 'pending' };
        return { state: 'not-bought', reason: `Shippo shipment ${id} was never bought` };
      });
    },
    async voidLabel({ upstreamId }) {
      try {
        return voidOf(await shippo.refunds.create({ transaction: upstreamId, async: false }));
      } catch (error) {
        if (error instanceof ShippoError && error.statusCode >= 400 && error.statusCode < 500)
          if (error.statusCode !== 429) return { state: 'rejected', reason: detailOf(error) };
        throw outcomeOf(error, `refund transaction ${upstreamId}`, false);
      }
    },
    async voidStatus({ upstreamId, voidId }) {
      if (voidId) return voidOf(await call(`read refund ${voidId}`, false, () => shippo.refunds.get(voidId)));
      // The refund's id was never learnt (its answer was lost): find it by the label it voids, on
      // whichever page of the list it is. A failed refund of an earlier try is not this one: none
      // found on any page, the void is asked again.
      let page = await call('list refunds', false, () => shippo.refunds.list({}));
      for (let pages = 1; ; pages++) {
        const live = (page.results ?? []).find((r) => r.transaction === upstreamId && r.status !== 'ERROR');
        if (live) return voidOf(live);
        if (!page.next) return { state: 'none' };
        if (pages >= MAX_REFUND_PAGES)
          throw new UpstreamNotBoughtError(`Shippo's refunds run past ${MAX_REFUND_PAGES} pages`);
        page = await refundsPage(page.next);
      }
    },
    // The client answers in its own camelCase; its JSON form is Shippo's wire shape, which the
    // `track_updated` webhook carries too, so a polled event and a pushed one are the same event.
    async trackingEvents({ carrier, tracking }) {
      const track = await call(`read track ${tracking}`, false, () =>
        shippo.trackingStatus.get(tracking, carrier),
      );
      return shippoEvents(JSON.parse(trackToJSON(track)) as Record<string, unknown>);
    },
    // One webhook for every event (`all`): `track_updated` for tracking, `transaction_updated` when a
    // refund moves. Shippo signs nothing by default, so the secret rides in the URL as its token.
    async registerWebhook({ url, secret, isTest }) {
      const hook = await call('create webhook', false, () =>
        shippo.webhooks.createWebhook({
          event: 'all',
          url: `${url}?token=${encodeURIComponent(secret)}`,
          active: true,
          isTest,
        }),
      );
      if (!hook.objectId) throw new UpstreamNotBoughtError('Shippo named no webhook');
      return { id: hook.objectId, secret };
    },
    async removeWebhook(id) {
      try {
        await shippo.webhooks.deleteWebhook(id);
      } catch (error) {
        if (error instanceof ShippoError && error.statusCode === 404) return;
        throw outcomeOf(error, `delete webhook ${id}`, false);
      }
    },
    async testConnection() {
      try {
        await shippo.addresses.list(1, 1);
        const mode = apiKey.startsWith('shippo_test_') ? 'test' : 'live';
        return { ok: true, message: `Connected to Shippo (${mode} key)` };
      } catch (error) {
        return connectionTestFailure(
          'Shippo',
          error,
          error instanceof ShippoError ? error.statusCode : undefined,
        );
      }
    },
    // The service levels of the account's carrier accounts for the carrier (`?service_levels=true`).
    async serviceChoices(carrier) {
      const accounts = await call('list carrier accounts', false, () =>
        shippo.carrierAccounts.list({
          serviceLevels: true,
          carrier: carrier as CarriersEnum,
          results: 100,
        }),
      );
      const levels = (accounts.results ?? [])
        .filter((a) => a.carrier === carrier && a.active !== false)
        .flatMap((a) => a.serviceLevels ?? []);
      return levels.flatMap((level) =>
        level.token ? [{ service: level.token, name: level.name ?? level.token, weightUnit: null }] : [],
      );
    },
    // A manifest of the labels' transactions at their carrier account (Shippo's SCAN form).
    async createScanForm({ labels, from, shipDate }) {
      const carrierAccount = await carrierAccountOf(labels[0]!);
      let manifest = await call('create manifest', false, () =>
        shippo.manifests.create({
          carrierAccount,
          shipmentDate: `${shipDate}T12:00:00Z`,
          transactions: labels.map((l) => l.upstreamId),
          addressFrom: shippoPlace(from),
          async: false,
        }),
      );
      for (let tries = 0; manifest.status === 'QUEUED' && tries < 20; tries++) {
        await sleep(pollMs);
        const id = manifest.objectId;
        manifest = await call(`read manifest ${id}`, false, () => shippo.manifests.get(id));
      }
      const url = manifest.documents[0];
      if (manifest.status !== 'SUCCESS' || !url)
        throw new UpstreamRejectedError(
          `Shippo could not make the manifest${manifest.errors?.length ? `: ${manifest.errors.join('; ')}` : ''}`,
        );
      return {
        upstreamId: manifest.objectId,
        trackingNumbers: labels.map((l) => l.tracking),
        pdf: await fetchLabelFile(url, labelHosts, { timeoutMs, fetch: send }),
      };
    },
    // Shippo books USPS pickups free of charge and quotes none: nothing to ask before booking.
    async quotePickup() {
      return { costCents: 0 };
    },
    async schedulePickup(request) {
      const carrierAccount = await carrierAccountOf(request.labels[0]!);
      const pickup = await call('create pickup', false, () =>
        shippo.pickups.create({
          carrierAccount,
          location: {
            address: shippoPlace(request.address),
            buildingLocationType: 'Front Door',
            ...(request.instructions ? { instructions: request.instructions } : {}),
          },
          transactions: request.labels.map((l) => l.upstreamId),
          requestedStartTime: new Date(request.minDatetime),
          requestedEndTime: new Date(request.maxDatetime),
          metadata: request.reference,
        }),
      );
      if (pickup.status !== 'CONFIRMED' || !pickup.objectId || !pickup.confirmationCode)
        throw new UpstreamRejectedError(
          `Shippo did not confirm the pickup${pickup.messages?.length ? `: ${pickup.messages.join('; ')}` : ''}`,
        );
      return { upstreamId: pickup.objectId, confirmation: pickup.confirmationCode, costCents: 0 };
    },
    // Shippo's API has no pickup cancel: the carrier (USPS) cancels it by its confirmation number.
    async cancelPickup() {
      throw new UpstreamRejectedError(
        'Shippo cannot cancel a pickup through its API; cancel it with USPS by its confirmation number',
      );
    },
    async verifyAddress(address) {
      const found = await call('validate address', false, () =>
        shippo.addresses.create({
          ...shippoAddress({ ...address, name: address.name ?? '' }),
          validate: true,
        }),
      );
      const results = found.validationResults;
      const isValid = results?.isValid === true;
      return {
        isValid,
        verified: isValid
          ? {
              street1: found.street1 ?? '',
              city: found.city ?? '',
              state: found.state ?? '',
              zip: found.zip ?? '',
            }
          : null,
        messages: (results?.messages ?? [])
          .filter((m) => m.text)
          .map((m) => ({ field: fieldOfShippoCode(m.code), message: m.text! })),
      };
    },
  };
}

/** Shippo's validation codes name what is wrong (`Invalid City`, `Unknown Street`...), not a field. */
function fieldOfShippoCode(code: string | undefined): string {
  const c = (code ?? '').toLowerCase();
  if (c.includes('city')) return 'city';
  if (c.includes('state')) return 'state';
  if (c.includes('zip') || c.includes('postal')) return 'zip';
  if (c.includes('street') || c.includes('number')) return 'street1';
  return 'address';
}

function detailOf(error: ShippoError): string {
  try {
    const body = JSON.parse(error.body) as { detail?: unknown; messages?: { text?: string }[] };
    if (typeof body.detail === 'string') return body.detail;
    const texts = (body.messages ?? []).map((m) => m.text).filter(Boolean);
    if (texts.length) return texts.join('; ');
  } catch {
    // not JSON: the status says enough
  }
  return `HTTP ${error.statusCode}`;
}
