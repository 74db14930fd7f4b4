import { centsToDollars, dollarsToCents } from '@portal/shared';
import { ANSWER_LIMITS } from '../../../lib/capped-body.ts';
import { guardedFetch } from '../../../lib/outbound-guard.ts';
import type { GatewayMode } from './gateway.ts';

/** How a gateway connects, beside the credentials staff gave. */
export type GatewayOptions = {
  /**
   * The company's origin (`credentials.baseUrl`) may be a private or loopback address:
   * ALLOW_PRIVATE_PROVIDER_TARGETS=1, as for label providers (decision 312). Link-local never.
   */
  allowPrivateTargets?: boolean;
  /** How long one call to the company may take (default 20 s). */
  timeoutMs?: number;
};

export const DEFAULT_GATEWAY_TIMEOUT_MS = 20_000;

/**
 * The `fetch` a company's official client is given: every connection checked as it is made (decision 312),
 * answers read to the JSON limit (decision 313). `retarget` moves a request made for the company's own
 * origin (a client that cannot be given another one, PayPal's) to `baseUrl`, path and query kept.
 */
export function gatewayFetch(
  options: GatewayOptions,
  retarget?: { from: string; baseUrl: string },
): typeof fetch {
  const send = guardedFetch(
    { allowPrivate: options.allowPrivateTargets ?? false },
    { maxBodyBytes: ANSWER_LIMITS.json },
  );
  if (!retarget) return send;
  const from = new URL(retarget.from).origin;
  const to = new URL(retarget.baseUrl);
  const prefix = to.pathname.replace(/\/+$/, '');
  return async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : input instanceof URL ? input.href : String(input));
    if (url.origin !== from) return send(input, init);
    const moved = new URL(`${prefix}${url.pathname}${url.search}`, to.origin);
    if (!request) return send(moved, init);
    const body = request.body ? await request.arrayBuffer() : undefined;
    return send(moved, {
      method: request.method,
      headers: request.headers,
      signal: request.signal,
      redirect: request.redirect,
      ...(body ? { body } : {}),
      ...init,
    });
  };
}

/**
 * Live only where the client speaks to the company's production origin; a sandbox, a fake or any other
 * origin staff give moves no real money.
 */
export const modeOfOrigin = (baseUrl: string | undefined, liveOrigins: readonly string[]): GatewayMode =>
  !baseUrl || liveOrigins.includes(new URL(baseUrl).origin) ? 'live' : 'test';

/** Whole cents of a decimal amount as a company writes it ("12.30"); a malformed one is an error, never NaN. */
export function centsOf(value: string | undefined): number {
  const cents = dollarsToCents(Number(value));
  if (!value || !Number.isFinite(cents)) throw new Error(`Not an amount: ${value}`);
  return cents;
}

/** A decimal amount as companies take it ("12.30") from whole cents. */
export const decimalOf = (cents: number): string => centsToDollars(cents).toFixed(2);

/** A header of an inbound message, whichever case it came in and however many times. */
export function headerOf(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return Array.isArray(value) ? (value[0] ?? null) : value;
  }
  return null;
}
