import { useCallback, useRef } from 'react';
import { ApiError } from './api-client';

/** A fresh key per purchase intent; randomUUID needs a secure context, so plain http gets random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The outcome of a failed purchase is unknown only when the server never answered or broke mid-way. */
const outcomeUnknown = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

export type PurchaseGuard = {
  /**
   * Runs `buy` unless a purchase is already on its way (then resolves `undefined` without a call).
   * `intent` names what is bought: a retry of the same intent after an unknown outcome reuses its key,
   * so the server can answer the first result instead of charging again.
   */
  run: <R>(intent: string, buy: (idempotencyKey: string) => Promise<R>) => Promise<R | undefined>;
  isInFlight: () => boolean;
};

/** One purchase request in flight at a time, each with an `Idempotency-Key` (a double click never charges twice). */
export function usePurchaseGuard(): PurchaseGuard {
  const inFlight = useRef(false);
  const pending = useRef<{ intent: string; key: string } | null>(null);

  const run = useCallback(
    async <R>(intent: string, buy: (idempotencyKey: string) => Promise<R>): Promise<R | undefined> => {
      // A ref, not React state: the second click of a double click comes before any re-render.
      if (inFlight.current) return undefined;
      inFlight.current = true;
      if (pending.current?.intent !== intent) pending.current = { intent, key: newIdempotencyKey() };
      try {
        const result = await buy(pending.current.key);
        pending.current = null;
        return result;
      } catch (error) {
        if (!outcomeUnknown(error)) pending.current = null;
        throw error;
      } finally {
        inFlight.current = false;
      }
    },
    [],
  );
  const isInFlight = useCallback(() => inFlight.current, []);
  return { run, isInFlight };
}

/** The header a purchase call sends. */
export const idempotencyHeader = (key: string | undefined) => (key ? { 'idempotency-key': key } : undefined);
