import { createSemaphore } from '../../lib/semaphore.ts';
import { carrierOfShipment } from '../label-services.ts';
import type { Shipment } from '../types.ts';
import type { LabelProvider, PurchasedLabel } from './label-provider.ts';

/**
 * The seam for a real label API. An adapter implements `UpstreamLabelApi` for one vendor; this wrapper
 * adds retries that never buy twice for one order:
 * - every attempt sends the same idempotency key, so the vendor returns the first label on a repeat;
 * - before retrying after a failure whose outcome is unknown (timeout, 5xx), it asks the vendor whether a
 *   label already exists for the key, in case the first attempt bought one and the answer was lost;
 * - concurrent calls with one key share a single attempt within this process;
 * - at most `maxConcurrent` calls reach the vendor at once (a label job batch asks for many labels
 *   together; a vendor API has rate limits), the rest wait their turn.
 */
export type UpstreamLabel = { trackingNumber: string; pdf: Uint8Array };

export interface UpstreamLabelApi {
  createLabel(request: { shipment: Shipment; idempotencyKey: string }): Promise<UpstreamLabel>;
  findLabel(idempotencyKey: string): Promise<UpstreamLabel | null>;
}

/** Thrown by adapters for answers that will not change on retry (bad address, refused account). */
export class UpstreamRejectedError extends Error {
  override readonly name = 'UpstreamRejectedError';
}

export type UpstreamProviderOptions = {
  name: string;
  api: UpstreamLabelApi;
  attempts?: number;
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Vendor calls in flight at once from this process (default 8). */
  maxConcurrent?: number;
};

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const createUpstreamProvider = (options: UpstreamProviderOptions): LabelProvider => {
  const { name, api, attempts = 4, baseDelayMs = 500, sleep = defaultSleep, maxConcurrent = 8 } = options;
  const inFlight = new Map<string, Promise<PurchasedLabel>>();
  // One vendor call per free slot; the rest wait their turn.
  const slots = createSemaphore();
  const call = <T>(request: () => Promise<T>): Promise<T> => slots.run(maxConcurrent, request);

  const purchaseOnce = async (shipment: Shipment, idempotencyKey: string): Promise<PurchasedLabel> => {
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const existing = attempt > 1 ? await call(() => api.findLabel(idempotencyKey)) : null;
        const label = existing ?? (await call(() => api.createLabel({ shipment, idempotencyKey })));
        const carrier = carrierOfShipment(shipment);
        return {
          tracking: label.trackingNumber,
          pdf: label.pdf,
          carrier,
          provider: name,
          isTestLabel: false,
        };
      } catch (error) {
        if (error instanceof UpstreamRejectedError) throw error;
        lastError = error;
        if (attempt < attempts) await sleep(baseDelayMs * 2 ** (attempt - 1));
      }
    }
    throw lastError;
  };

  return {
    name,
    purchase(shipment, { idempotencyKey }) {
      const running = inFlight.get(idempotencyKey);
      if (running) return running;
      const attempt = purchaseOnce(shipment, idempotencyKey).finally(() => inFlight.delete(idempotencyKey));
      inFlight.set(idempotencyKey, attempt);
      return attempt;
    },
  };
};
