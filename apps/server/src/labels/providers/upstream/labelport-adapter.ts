import { setTimeout as sleep } from 'node:timers/promises';
import { API_KEY_HEADER, dollarsToCents, IDEMPOTENCY_KEY_HOURS, type Carrier } from '@portal/shared';
import { UpstreamRejectedError } from '../upstream-provider.ts';
import { carrierOfShipment } from '../../label-services.ts';
import type { Address, Shipment } from '../../types.ts';
import {
  labelFileFlaw,
  LabelFormatUnavailableError,
  UpstreamNotBoughtError,
  type UpstreamAdapter,
  type UpstreamAdapterOptions,
  type UpstreamLabelResult,
  type UpstreamLookup,
  type UpstreamLookupRequest,
  type UpstreamVoid,
  type UpstreamPickupRequest,
  type UpstreamPlace,
} from './upstream-adapter.ts';
import { labelportEvents } from './provider-tracking.ts';
import { connectionTestFailure, notReachedMessage, retryAfterMsOf, wasNeverSent } from './shipment-api.ts';
import { guardedFetch } from '../../../lib/outbound-guard.ts';
import {
  ANSWER_LIMITS,
  AnswerTooLargeError,
  readCapped,
  readCappedJson,
  readCappedText,
} from '../../../lib/capped-body.ts';
import { UpstreamUnknownOutcomeError } from './upstream-errors.ts';

/** What we ask an upstream portal to send us: tracking, and the end of a refund we asked there. */
export const LABELPORT_WEBHOOK_EVENTS = [
  'order.tracking_updated',
  'order.cancelled',
  'order.refund_rejected',
];

type UpstreamOrder = {
  _id: string;
  status: string;
  tracking: string | null;
  price: number;
  reference?: string | null;
};

/**
 * A purchase first tried this long ago may have outlived the upstream's Idempotency-Key (kept
 * `IDEMPOTENCY_KEY_HOURS`, from a claim made a moment after our first try): it is found by its
 * reference, never asked for again under a key the upstream may have forgotten (decision 315). An hour
 * short of the upstream's window, for clocks that differ.
 */
export const KEY_MAY_HAVE_EXPIRED_MS = (IDEMPOTENCY_KEY_HOURS - 1) * 60 * 60 * 1000;
const keyMayHaveExpired = (startedAt: Date | undefined) =>
  startedAt !== undefined && Date.now() - startedAt.getTime() >= KEY_MAY_HAVE_EXPIRED_MS;
/** A label type as another portal's API v2 lists it (only what a choice needs is read). */
type UpstreamLabelType = {
  uid: string;
  name?: unknown;
  carrier?: unknown;
  weightUnit?: unknown;
  status?: unknown;
};

type UpstreamRefundView = { refundStatus?: string | null; refundNote?: string | null };

/** An upstream order view's refund, as a void's standing. */
const voidOfView = (order: UpstreamRefundView | undefined): UpstreamVoid => {
  switch (order?.refundStatus) {
    case 'refunded':
      return { state: 'refunded' };
    case 'rejected':
      return { state: 'rejected', reason: order.refundNote ?? 'The upstream portal rejected the refund' };
    case 'requested':
    case 'submitted':
      return { state: 'submitted' };
    default:
      return { state: 'none' };
  }
};

/** A place as the portal's order body names its fields, after its side (`FromName`, `ToName`...). */
const placeFields = <Side extends 'From' | 'To'>(side: Side, place: Address) => {
  const fields = {
    Name: place.name,
    Company: place.company ?? '',
    Street: place.street1,
    Street2: place.street2 ?? '',
    City: place.city,
    State: place.state,
    Zip: place.zip,
    Country: place.country ?? 'US',
    Phone: place.phone ?? '',
  };
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [`${side}${name}`, value])) as {
    [Name in keyof typeof fields as `${Side}${Name}`]: string;
  };
};

/** The upstream portal's order fields for one shipment: the same body on every try (its key checks it). */
export const labelportOrderBody = (shipment: Shipment, service: string, reference: string) => ({
  labelType: service,
  reference,
  quantity: 1,
  Weight: shipment.weight,
  ...(shipment.dimensions
    ? {
        Height: shipment.dimensions.height,
        Width: shipment.dimensions.width,
        Length: shipment.dimensions.length,
      }
    : {}),
  ...(shipment.template ? { design: shipment.template } : {}),
  signature: shipment.signature ?? false,
  // The declared value is insured there too, its insurance part of the upstream price (decision 330).
  ...(shipment.insuredValue ? { insured_value: shipment.insuredValue } : {}),
  ...placeFields('From', shipment.from),
  ...placeFields('To', shipment.to),
});

/**
 * Another LabelPort (or any portal speaking our `/api/v2`): buys with `create-order` under the order's
 * `Idempotency-Key`, then downloads its label as soon as the download stops answering 409 (a lookup
 * reads the order first). The upstream's idempotency is what makes a retry safe: the same key and body
 * get the first purchase's answer, so a lookup without an upstream id asks with the key again.
 */
export function createLabelportAdapter(options: UpstreamAdapterOptions): UpstreamAdapter {
  const { apiKey, baseUrl } = options.credentials;
  if (!baseUrl) throw new RangeError('A labelport provider needs its base URL');
  const origin = baseUrl;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const labelWaitMs = options.labelWaitMs ?? 10_000;
  const pollMs = options.pollMs ?? 500;
  const firstPollMs = Math.min(options.firstPollMs ?? 50, pollMs);
  // Every connection checked against the address rule as it is made (decision 312).
  const send = guardedFetch({ allowPrivate: options.allowPrivateTargets ?? false });

  async function call(path: string, init: RequestInit = {}, isBuying = false): Promise<Response> {
    let response: Response;
    try {
      response = await send(`${baseUrl}/api/v2${path}`, {
        ...init,
        headers: { [API_KEY_HEADER]: apiKey, accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      if (wasNeverSent(error))
        throw new UpstreamNotBoughtError(notReachedMessage(origin, error), undefined, { cause: error });
      const what =
        (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'connection lost';
      throw new UpstreamUnknownOutcomeError(`${path}: ${what}`, { cause: error });
    }
    if (response.status === 429)
      throw new UpstreamNotBoughtError(
        'Rate limited by the upstream portal',
        retryAfterMsOf(response.headers.get('retry-after')),
      );
    if (response.status >= 500) {
      const text = `${path}: the upstream portal answered ${response.status}`;
      // A read that failed bought nothing; a purchase that failed may have.
      if (isBuying) throw new UpstreamUnknownOutcomeError(text);
      throw new UpstreamNotBoughtError(text, retryAfterMsOf(response.headers.get('retry-after')));
    }
    return response;
  }

  async function json<T>(response: Response, path: string): Promise<T> {
    try {
      return await readCappedJson<T>(response, ANSWER_LIMITS.json);
    } catch (error) {
      const what = error instanceof AnswerTooLargeError ? error.message : 'the answer was not JSON';
      throw new UpstreamUnknownOutcomeError(`${path}: ${what}`, { cause: error });
    }
  }

  /** A label file's bytes, no more than a label file may hold (decision 313). */
  async function file(response: Response, path: string): Promise<Uint8Array> {
    try {
      return await readCapped(response, ANSWER_LIMITS.labelFile);
    } catch (error) {
      throw new UpstreamNotBoughtError(`${path}: ${(error as Error).message}`, undefined, { cause: error });
    }
  }

  async function refusal(response: Response): Promise<string> {
    const body = await readCappedJson(response, ANSWER_LIMITS.error).catch(() => null);
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : `HTTP ${response.status}`;
  }

  /** Asks for the order under our key: the first purchase, or its replay when it was already made. */
  async function createOrder(request: UpstreamLookupRequest): Promise<UpstreamOrder> {
    const path = '/order/create-order';
    const response = await call(
      path,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': request.reference },
        body: JSON.stringify(labelportOrderBody(request.shipment, request.service, request.reference)),
      },
      true,
    );
    // "Still being processed": the first try holds the key; its outcome is not known yet.
    if (
      response.status === 409 &&
      /still being processed/i.test(
        await readCappedText(response.clone(), ANSWER_LIMITS.error).catch(() => ''),
      )
    )
      throw new UpstreamUnknownOutcomeError(`${path}: the first try is still being processed`);
    if (response.status >= 400) throw new UpstreamRejectedError(await refusal(response));
    const body = await json<{ orders?: UpstreamOrder[] }>(response, path);
    const order = body.orders?.[0];
    if (!order?._id) throw new UpstreamUnknownOutcomeError(`${path}: the answer named no order`);
    return order;
  }

  /**
   * The upstream's order made under our reference, when there is one; null when it holds none. An
   * upstream that does not keep references cannot say: the outcome stays unknown.
   */
  async function findByReference(reference: string): Promise<UpstreamOrder | null> {
    const path = `/order/read-orders?reference=${encodeURIComponent(reference)}`;
    const response = await call(path);
    if (response.status >= 400) throw new UpstreamNotBoughtError(`${path}: ${await refusal(response)}`);
    const body = await json<{ orders?: UpstreamOrder[] }>(response, path);
    const listed = body.orders ?? [];
    if (listed.some((o) => o.reference === undefined))
      throw new UpstreamUnknownOutcomeError(`${path}: the upstream portal does not find orders by reference`);
    return listed.find((o) => o.reference === reference) ?? null;
  }

  /**
   * The upstream's order of a purchase whose id we never learnt: asked for again under our key (the
   * first purchase's answer, or a new one when nothing was bought), unless the key may have expired
   * there; then looked up by our reference, and asked for only when none exists.
   */
  async function orderOf(request: UpstreamLookupRequest, create: boolean): Promise<UpstreamOrder | null> {
    if (keyMayHaveExpired(request.startedAt)) {
      const found = await findByReference(request.reference);
      if (found || !create) return found;
    }
    return createOrder(request);
  }

  async function readOrder(id: string): Promise<UpstreamOrder> {
    const path = `/order/read-order/${encodeURIComponent(id)}`;
    const response = await call(path);
    if (response.status >= 400) throw new UpstreamNotBoughtError(`${path}: ${await refusal(response)}`);
    const body = await json<{ order?: UpstreamOrder }>(response, path);
    if (!body.order) throw new UpstreamNotBoughtError(`${path}: the answer named no order`);
    return body.order;
  }

  /**
   * The order's label file, or null while the upstream answers 409 (its label is not made yet). The
   * tracking number is the file's name, as the upstream saves it (`{tracking}.pdf`).
   */
  async function labelOf(id: string): Promise<{ pdf: Uint8Array; fileTracking: string | null } | null> {
    const path = `/order/download/${encodeURIComponent(id)}`;
    const response = await call(path, { headers: { accept: 'application/pdf' } });
    if (response.status === 409) {
      await response.body?.cancel();
      return null;
    }
    if (response.status >= 400) throw new UpstreamNotBoughtError(`${path}: ${await refusal(response)}`);
    const pdf = await file(response, path);
    if (new TextDecoder().decode(pdf.subarray(0, 5)) !== '%PDF-')
      throw new UpstreamNotBoughtError(`${path}: the label is not a PDF`);
    const named = /filename="([^"]+)\.pdf"/i.exec(response.headers.get('content-disposition') ?? '');
    return { pdf, fileTracking: named?.[1] ?? null };
  }

  const labelResult = (order: UpstreamOrder, carrier: Carrier, pdf: Uint8Array, tracking: string) => ({
    upstreamId: order._id,
    trackingNumber: tracking,
    carrier,
    costCents: dollarsToCents(order.price),
    pdf,
  });

  /** A completed order's label, its tracking number from the order. */
  async function download(order: UpstreamOrder, carrier: Carrier): Promise<UpstreamLabelResult> {
    const label = await labelOf(order._id);
    if (!label)
      throw new UpstreamNotBoughtError(`/order/download/${order._id}: the upstream portal has no label yet`);
    return labelResult(order, carrier, label.pdf, order.tracking ?? '');
  }

  /**
   * A label just asked for, in two calls: its download is tried soon after the purchase answered
   * (the upstream usually has the label by then) and again while it answers 409, the pause doubling
   * up to `pollMs`, without reading the order in between (decision 346). Every third 409 reads the
   * order once, so an order the upstream cancelled ends the wait; a file without its tracking number
   * in its name is completed by one read.
   */
  async function awaitNewLabel(
    order: UpstreamOrder,
    shipment: Shipment,
    waitMs: number,
  ): Promise<UpstreamLookup> {
    if (order.status === 'completed' || order.status === 'cancelled')
      return awaitUpstreamOutcome(order, shipment, waitMs);
    const carrier = carrierOfShipment(shipment);
    const until = Date.now() + waitMs;
    let pause = firstPollMs;
    for (let notReady = 1; ; notReady++) {
      if (Date.now() >= until) return { state: 'pending' };
      await sleep(Math.min(pause, until - Date.now()));
      pause = Math.min(pause * 2, pollMs);
      const label = await labelOf(order._id);
      if (label) {
        const tracking = label.fileTracking ?? (await readOrder(order._id)).tracking ?? '';
        return { state: 'bought', label: labelResult(order, carrier, label.pdf, tracking) };
      }
      if (notReady % 3 === 0) {
        const current = await readOrder(order._id);
        if (current.status === 'completed' || current.status === 'cancelled')
          return awaitUpstreamOutcome(current, shipment, waitMs);
      }
    }
  }

  /**
   * Where the upstream's order stands; a completed one comes with its label. The upstream usually has
   * the label by the time its answer to the purchase reached us, so the first read goes soon after it,
   * and the pause doubles from there up to `pollMs`: a purchase holds its provider slot while it waits.
   */
  async function awaitUpstreamOutcome(
    order: UpstreamOrder,
    shipment: Shipment,
    waitMs: number,
  ): Promise<UpstreamLookup> {
    const carrier = carrierOfShipment(shipment);
    const until = Date.now() + waitMs;
    let current = order;
    let pause = firstPollMs;
    for (;;) {
      if (current.status === 'completed' && current.tracking)
        return { state: 'bought', label: await download(current, carrier) };
      if (current.status === 'cancelled')
        return { state: 'not-bought', reason: 'The upstream portal cancelled the order and refunded it' };
      if (Date.now() >= until) return { state: 'pending' };
      await sleep(Math.min(pause, until - Date.now()));
      pause = Math.min(pause * 2, pollMs);
      current = await readOrder(current._id);
    }
  }

  const portalPlace = (place: UpstreamPlace) => ({
    name: place.name,
    company: place.company,
    street: place.street1,
    street2: place.street2,
    city: place.city,
    state: place.state,
    zip: place.zip,
    phone: place.phone,
  });

  /** The upstream's own pickup call (`POST /api/v2/pickup`); `quoteOnly` asks the price alone. */
  async function pickupCall(request: UpstreamPickupRequest, quoteOnly: boolean) {
    const path = '/pickup';
    const response = await call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        orderIds: request.labels.map((l) => l.upstreamId),
        address: portalPlace(request.address),
        minDatetime: request.minDatetime,
        maxDatetime: request.maxDatetime,
        ...(request.instructions ? { instructions: request.instructions } : {}),
        // The same booking asked again is the pickup booked the first time there (decision 329).
        reference: request.reference,
        ...(quoteOnly ? { quoteOnly: true } : {}),
      }),
    });
    if (response.status >= 400) throw new UpstreamRejectedError(await refusal(response));
    return json<{
      quote?: { price?: number };
      pickup?: { _id?: string; confirmation?: string; price?: number };
    }>(response, path);
  }

  return {
    kind: 'labelport',
    mode: 'live',
    // Our own API v2's quote (decision 332): the price of create-order's order, nothing bought.
    async quote(request) {
      const path = '/order/quote';
      const response = await call(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(labelportOrderBody(request.shipment, request.service, request.reference)),
      });
      // A portal without quotes cannot say (it is skipped for the order); any other refusal is a "no".
      if (response.status === 404 || response.status === 405) {
        await response.body?.cancel();
        throw new UpstreamNotBoughtError(`${path}: the upstream portal does not quote`);
      }
      if (response.status >= 400) throw new UpstreamRejectedError(await refusal(response));
      const body = await json<{ price?: unknown }>(response, path);
      if (typeof body.price !== 'number')
        throw new UpstreamNotBoughtError(`${path}: the answer named no price`);
      return { amountCents: dollarsToCents(body.price) };
    },
    async purchase(request) {
      let order: UpstreamOrder;
      let asked = false;
      if (request.upstreamId) order = await readOrder(request.upstreamId);
      else {
        order = (await orderOf(request, true))!;
        await request.recordUpstreamId(order._id);
        asked = true;
      }
      // The order exists upstream now: a failed read or download while waiting is an unknown outcome.
      const wait = asked ? awaitNewLabel : awaitUpstreamOutcome;
      const outcome = await wait(order, request.shipment, labelWaitMs).catch((error: unknown) => {
        if (error instanceof UpstreamNotBoughtError)
          throw new UpstreamUnknownOutcomeError(error.message, { cause: error });
        throw error;
      });
      if (outcome.state === 'bought') return outcome.label;
      if (outcome.state === 'not-bought') throw new UpstreamRejectedError(outcome.reason);
      throw new UpstreamUnknownOutcomeError(`the upstream's label for ${order._id} is not ready yet`);
    },
    async lookup(request) {
      let order: UpstreamOrder | null;
      if (request.upstreamId) order = await readOrder(request.upstreamId);
      else {
        order = await orderOf(request, false);
        // Nothing under our reference, long after it was first sent: nothing was bought.
        if (!order) return { state: 'not-bought', reason: 'The upstream portal holds no order of ours' };
        await request.recordUpstreamId?.(order._id);
      }
      return awaitUpstreamOutcome(order, request.shipment, 0);
    },
    // The upstream's own refund rule (decision 282): the refund is asked with `refund-order`, and its
    // order view's `refundStatus` says where it stands (credited to us when `refunded`).
    async voidLabel({ upstreamId, reason }) {
      const path = `/order/refund-order/${encodeURIComponent(upstreamId)}`;
      const response = await call(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(reason ? { reason: reason.slice(0, 500) } : {}),
      });
      if (response.status >= 400) return { state: 'rejected', reason: await refusal(response) };
      const body = await json<{ order?: UpstreamRefundView }>(response, path);
      return voidOfView(body.order);
    },
    async voidStatus({ upstreamId }) {
      const path = `/order/read-order/${encodeURIComponent(upstreamId)}`;
      const response = await call(path);
      if (response.status >= 400) throw new UpstreamNotBoughtError(`${path}: ${await refusal(response)}`);
      return voidOfView((await json<{ order?: UpstreamRefundView }>(response, path)).order);
    },
    // The upstream's order view carries its timeline, already in our vocabulary.
    async trackingEvents({ upstreamId }) {
      if (!upstreamId) return [];
      const path = `/order/read-order/${encodeURIComponent(upstreamId)}`;
      const response = await call(path);
      if (response.status >= 400) throw new UpstreamNotBoughtError(`${path}: ${await refusal(response)}`);
      const body = await json<{ order?: { trackingEvents?: unknown } }>(response, path);
      return labelportEvents(body.order?.trackingEvents);
    },
    // A webhook endpoint there for the order's tracking and its refund's end (`order.cancelled` when
    // it credited us, `order.refund_rejected`); the upstream makes the secret and shows it once.
    async registerWebhook({ url }) {
      const path = '/webhooks';
      const response = await call(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url, events: LABELPORT_WEBHOOK_EVENTS, enabled: true }),
      });
      if (response.status >= 400) throw new UpstreamRejectedError(`${path}: ${await refusal(response)}`);
      const body = await json<{ endpoint?: { id?: unknown }; secret?: unknown }>(response, path);
      if (!body.endpoint?.id || typeof body.secret !== 'string')
        throw new UpstreamNotBoughtError('The upstream portal named no webhook');
      return { id: String(body.endpoint.id), secret: body.secret };
    },
    async removeWebhook(id) {
      const path = `/webhooks/${encodeURIComponent(id)}`;
      const response = await call(path, { method: 'DELETE' });
      if (response.status === 404 || response.status < 400) return;
      throw new UpstreamRejectedError(`${path}: ${await refusal(response)}`);
    },
    async testConnection() {
      try {
        const response = await call('/order/read-orders?page=1&limit=1');
        if (response.status >= 400) {
          await response.body?.cancel();
          return connectionTestFailure(origin, null, response.status);
        }
        await json(response, '/order/read-orders');
        return { ok: true, message: `Connected to ${baseUrl}` };
      } catch (error) {
        return connectionTestFailure(origin, error);
      }
    },
    // The upstream's label types for the carrier, as its API v2 lists them to us (enabled ones only).
    async serviceChoices(carrier) {
      const path = '/labeltype/read-types';
      const response = await call(path);
      if (response.status >= 400) throw new UpstreamNotBoughtError(`${path}: ${await refusal(response)}`);
      const { labelTypes } = await json<{ labelTypes?: UpstreamLabelType[] }>(response, path);
      return (labelTypes ?? [])
        .filter((t) => t.carrier === carrier && t.status !== false && typeof t.uid === 'string')
        .map((t) => ({
          service: t.uid,
          name: typeof t.name === 'string' ? t.name : t.uid,
          weightUnit: t.weightUnit === 'oz' || t.weightUnit === 'lb' ? t.weightUnit : null,
        }));
    },
    // The upstream's own SCAN form of its orders (`POST /api/v2/scan-form`), then its PDF.
    async createScanForm({ labels }) {
      const path = '/scan-form';
      const response = await call(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderIds: labels.map((l) => l.upstreamId) }),
      });
      if (response.status >= 400) throw new UpstreamRejectedError(await refusal(response));
      const body = await json<{ scanForm?: { _id?: string; trackingNumbers?: string[] } }>(response, path);
      const id = body.scanForm?._id;
      if (!id) throw new UpstreamNotBoughtError(`${path}: the answer named no SCAN form`);
      const filePath = `/scan-forms/${encodeURIComponent(id)}/download`;
      const download = await call(filePath, { headers: { accept: 'application/pdf' } });
      if (download.status >= 400) throw new UpstreamNotBoughtError(`${filePath}: ${await refusal(download)}`);
      const pdf = await file(download, filePath);
      if (new TextDecoder().decode(pdf.subarray(0, 5)) !== '%PDF-')
        throw new UpstreamNotBoughtError(`${filePath}: the SCAN form is not a PDF`);
      return { upstreamId: id, trackingNumbers: body.scanForm?.trackingNumbers ?? [], pdf };
    },
    async quotePickup(request) {
      const body = await pickupCall(request, true);
      return { costCents: dollarsToCents(body.quote?.price ?? 0) };
    },
    async schedulePickup(request) {
      const { pickup } = await pickupCall(request, false);
      if (!pickup?._id) throw new UpstreamNotBoughtError('/pickup: the answer named no pickup');
      return {
        upstreamId: pickup._id,
        confirmation: pickup.confirmation ?? '',
        costCents: dollarsToCents(pickup.price ?? 0),
      };
    },
    async cancelPickup(id) {
      const path = `/pickup/${encodeURIComponent(id)}`;
      const response = await call(path, { method: 'DELETE' });
      if (response.status >= 400) throw new UpstreamRejectedError(await refusal(response));
      await response.body?.cancel();
    },
    // The upstream portal draws its own label in the format, as our downloads do (`?format=`).
    async labelFile({ upstreamId, format, dpi }) {
      const path = `/order/download/${encodeURIComponent(upstreamId)}?format=${format}&dpi=${dpi}`;
      const response = await call(path);
      if (response.status === 400 || response.status === 409)
        throw new LabelFormatUnavailableError(`The upstream portal: ${await refusal(response)}`);
      if (response.status >= 400) throw new UpstreamNotBoughtError(`${path}: ${await refusal(response)}`);
      const bytes = await file(response, path);
      const flaw = labelFileFlaw(format, bytes);
      if (flaw) throw new UpstreamNotBoughtError(`${path}: ${flaw}`);
      return bytes;
    },
  };
}
