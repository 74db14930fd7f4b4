import { weightUnitOf, type Carrier } from '@portal/shared';
import type { Shipment } from '../../types.ts';
import { UpstreamRejectedError } from '../upstream-provider.ts';
import { UpstreamNotBoughtError, type UpstreamAdapterOptions } from './upstream-adapter.ts';
import { UpstreamUnknownOutcomeError } from './upstream-errors.ts';
import { BlockedTargetError } from '../../../lib/outbound-guard.ts';

/**
 * What the EasyPost and Shippo adapters share. Neither API takes an idempotency key on buying, so a
 * purchase is pinned to one upstream shipment (its id recorded before the buying call) and two time
 * limits keep a retry from ever buying twice (decision 245):
 * - `buyWithinMs`: a recorded shipment is bought only while it is this young; an older one that holds
 *   no label is replaced by a fresh shipment;
 * - `notBoughtAfterMs`: a shipment without a label is reported "not bought" only once it is this old, so
 *   no buying call sent for it can still be landing.
 */
export type PurchaseWindows = { buyWithinMs: number; notBoughtAfterMs: number; timeoutMs: number };

export function purchaseWindows(options: UpstreamAdapterOptions): PurchaseWindows {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const buyWithinMs = options.labelWaitMs ?? 60_000;
  return { timeoutMs, buyWithinMs, notBoughtAfterMs: 2 * buyWithinMs + timeoutMs };
}

export const ageMs = (createdAt: string | Date | undefined | null): number => {
  const at = createdAt instanceof Date ? createdAt.getTime() : Date.parse(createdAt ?? '');
  return Number.isNaN(at) ? Number.POSITIVE_INFINITY : Date.now() - at;
};

/** The parcel's weight in ounces, whatever unit the order was given in. */
export const weightInOunces = (shipment: Shipment): number => {
  const unit = shipment.weightUnit ?? weightUnitOf(shipment.labelTypeUid);
  return Math.round((unit === 'lb' ? shipment.weight * 16 : shipment.weight) * 100) / 100;
};

/** Dimensions in inches, as both APIs' parcels take them (a 1 in cube when the order gave none). */
export const dimensionsInInches = (shipment: Shipment) => {
  const d = shipment.dimensions ?? { length: 1, width: 1, height: 1, unit: 'in' as const };
  const inches = (v: number) => Math.round((d.unit === 'cm' ? v / 2.54 : v) * 100) / 100;
  return { length: inches(d.length), width: inches(d.width), height: inches(d.height) };
};

/** Our carrier code from an upstream's carrier name (`USPS`, `UPSDAP`, `FedExDefault`...). */
export const carrierOf = (name: string | null | undefined, fallback: Carrier): Carrier => {
  const lower = (name ?? '').toLowerCase();
  if (lower.startsWith('usps')) return 'usps';
  if (lower.startsWith('ups')) return 'ups';
  if (lower.startsWith('fedex')) return 'fedex';
  return fallback;
};

/** `Retry-After` in ms from a header value: seconds or an HTTP date. */
export const retryAfterMsOf = (value: string | null | undefined): number | undefined => {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
};

const causes = function* (error: unknown) {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    yield e;
    e = e.cause as typeof e;
  }
};

/** Our own address rule kept the connection from being made (decision 312), else null. */
export const blockedTargetOf = (error: unknown): BlockedTargetError | null =>
  [...causes(error)].find((e): e is BlockedTargetError => e instanceof BlockedTargetError) ?? null;

/**
 * Nothing reached the upstream: the connection was refused, its name did not resolve, or its address is
 * one this server does not connect to.
 */
export const wasNeverSent = (error: unknown): boolean =>
  [...causes(error)].some(
    (e) =>
      e.code === 'ECONNREFUSED' ||
      e.code === 'ENOTFOUND' ||
      e.code === 'EAI_AGAIN' ||
      e instanceof BlockedTargetError,
  );

/** Why nothing reached `where`: our address rule, or the network. */
export const notReachedMessage = (where: string, error: unknown): string => {
  const blocked = blockedTargetOf(error);
  return blocked ? `${where} was refused: ${blocked.message}` : `${where} could not be reached`;
};

/** A failed call as an API's client reports it: the answer's status and what it said, if one came. */
export type CallFailure = {
  /** The HTTP status of the answer; none when no answer came. */
  status?: number;
  /** What a refusal (another 4xx) says. */
  refusal: string;
  /** The answer's `Retry-After`. */
  retryAfter?: string | null;
  /** The client stopped waiting for the answer. */
  timedOut: boolean;
  /** What went wrong otherwise. */
  detail: string;
};

/**
 * What a failed call to EasyPost or Shippo means for the label (decision 245): a 429 is "not bought"
 * (asked again after its `Retry-After`), another 4xx a refusal, a call never sent "not bought"; any other
 * failure an unknown outcome when the call may have bought a label (`isBuying`), "not bought" when not.
 */
export function outcomeOfCall(
  api: { name: string; where: string; timeoutMs: number },
  error: unknown,
  what: string,
  isBuying: boolean,
  failure: CallFailure,
): Error {
  const { status } = failure;
  if (status === 429)
    return new UpstreamNotBoughtError(`Rate limited by ${api.name}`, retryAfterMsOf(failure.retryAfter));
  if (status !== undefined && status >= 400 && status < 500)
    return new UpstreamRejectedError(`${what}: ${failure.refusal}`);
  if (wasNeverSent(error)) return new UpstreamNotBoughtError(notReachedMessage(api.where, error));
  const detail = failure.timedOut ? `no answer within ${api.timeoutMs} ms` : failure.detail;
  if (isBuying) return new UpstreamUnknownOutcomeError(`${what}: ${detail}`, { cause: error });
  return new UpstreamNotBoughtError(`${what}: ${detail}`);
}

/** A call of an API's client whose failure is thrown as what `outcomeOf` says it means for the label. */
export const callThrough =
  (outcomeOf: (error: unknown, what: string, isBuying: boolean) => Error) =>
  async <T>(what: string, isBuying: boolean, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw outcomeOf(error, what, isBuying);
    }
  };

/**
 * What "Test connection" tells staff of a failure (decision 312): refused (by the provider, with its
 * status only, or by our address rule) or unreachable; never the far side's body, which is its to write.
 */
export const connectionTestFailure = (
  who: string,
  error: unknown,
  status?: number,
): { ok: false; message: string } => {
  if (status === 401 || status === 403)
    return { ok: false, message: `${who} refused the API key (${status})` };
  if (status !== undefined && status >= 400)
    return { ok: false, message: `${who} refused the connection test (HTTP ${status})` };
  if (blockedTargetOf(error)) return { ok: false, message: notReachedMessage(who, error) };
  const timedOut = [...causes(error)].some(
    (e) => (e as Error).name === 'TimeoutError' || e.code === 'ETIMEDOUT',
  );
  return { ok: false, message: `${who} could not be reached${timedOut ? ' (no answer in time)' : ''}` };
};

/**
 * A lookup's own failure never says "nothing was bought": a refused read (a key changed since, a
 * shipment the provider no longer shows) leaves the purchase undecided, and the order waits.
 */
export async function lookingUp<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UpstreamRejectedError)
      throw new UpstreamUnknownOutcomeError(`The purchase could not be looked up: ${error.message}`, {
        cause: error,
      });
    throw error;
  }
}
