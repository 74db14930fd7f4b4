import { setTimeout as sleep } from 'node:timers/promises';
import { BrokenCircuitError, CircuitState, circuitBreaker, ConsecutiveBreaker, handleWhen } from 'cockatiel';
import type { Carrier, CircuitState as CircuitStateName, UpstreamKind } from '@portal/shared';
import { createSemaphore } from '../../../lib/semaphore.ts';
import { UpstreamRejectedError } from '../upstream-provider.ts';
import {
  UpstreamNotBoughtError,
  type UpstreamAdapter,
  type AddressToVerify,
  type UpstreamLabelFileRequest,
  type UpstreamLabelResult,
  type UpstreamPurchaseRequest,
  type UpstreamQuote,
  type UpstreamQuoteRequest,
  type UpstreamPickupRequest,
  type UpstreamScanFormRequest,
} from './upstream-adapter.ts';

export type ProviderOperation =
  | 'purchase'
  | 'quote'
  | 'lookup'
  | 'test'
  | 'services'
  | 'label-file'
  | 'verify-address'
  | 'void'
  | 'void_status'
  | 'track'
  | 'webhook_register'
  | 'webhook_remove'
  | 'scan_form'
  | 'pickup';
export type ProviderCallOutcome = 'ok' | 'rejected' | 'not_bought' | 'unknown';
export type ProviderCall = {
  providerId: string;
  providerName: string;
  operation: ProviderOperation;
  outcome: ProviderCallOutcome;
  durationMs: number;
  error: string | null;
};

export type ProviderClientOptions = {
  id: string;
  name: string;
  adapter: UpstreamAdapter;
  /** Purchases in flight at once from this process; the rest wait their turn. */
  maxConcurrent: number;
  /** Told of every call, for metrics and the console's health figures. */
  onCall?: (call: ProviderCall) => void | Promise<void>;
  /** Consecutive provider faults that open the circuit (default 5), and how long it stays open (30 s). */
  breakAfter?: number;
  cooldownMs?: number;
  /** The longest `Retry-After` waited out inside one purchase (default 30 s); longer ones fail the try. */
  maxRateLimitWaitMs?: number;
  rateLimitRetries?: number;
};

/** The circuit is open: the provider was skipped without a call, so nothing was bought. */
export class ProviderCoolingDownError extends UpstreamNotBoughtError {}

/** A live quote did not come within its deadline: the provider is skipped for this order (decision 332). */
export class QuoteDeadlineError extends UpstreamNotBoughtError {}

/** The adapter's calls a client answers with the same signature, each through its own guard. */
type PassedOn =
  | 'purchase'
  | 'lookup'
  | 'testConnection'
  | 'serviceChoices'
  | 'labelFile'
  | 'verifyAddress'
  | 'voidLabel'
  | 'voidStatus'
  | 'trackingEvents'
  | 'registerWebhook'
  | 'removeWebhook'
  | 'createScanForm'
  | 'quotePickup'
  | 'schedulePickup'
  | 'cancelPickup';

export type ProviderClient = Pick<UpstreamAdapter, PassedOn> & {
  readonly id: string;
  readonly name: string;
  readonly kind: UpstreamKind;
  readonly circuit: CircuitStateName;
  /**
   * A live quote, when the provider gives them: waits its turn among the provider's calls and skips an
   * open circuit like a purchase; `deadlineMs` counts from the call itself, not the wait for a slot.
   */
  quote?(request: UpstreamQuoteRequest, deadlineMs: number): Promise<UpstreamQuote>;
};

const outcomeOf = (error: unknown): ProviderCallOutcome =>
  error instanceof UpstreamRejectedError
    ? 'rejected'
    : error instanceof UpstreamNotBoughtError
      ? 'not_bought'
      : 'unknown';

const CIRCUIT_NAMES: Record<CircuitState, CircuitStateName> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'open',
};

/**
 * One configured provider as the label jobs use it: a semaphore keeps at most `maxConcurrent` purchases
 * in flight, a circuit breaker (cockatiel) skips a provider that keeps failing for a cool-down, a
 * `Retry-After` is waited out instead of failing the order, and every call is reported to `onCall`.
 * A rejection (bad address, no balance) is the caller's problem, not the provider's: it never opens the
 * circuit.
 */
export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const { id, name, adapter, maxConcurrent } = options;
  const maxWait = options.maxRateLimitWaitMs ?? 30_000;
  const retries = options.rateLimitRetries ?? 3;
  const slots = createSemaphore();
  const cooldownMs = options.cooldownMs ?? 30_000;
  let openedAt = 0;
  const breaker = circuitBreaker(
    handleWhen((error) => !(error instanceof UpstreamRejectedError)),
    {
      halfOpenAfter: cooldownMs,
      breaker: new ConsecutiveBreaker(options.breakAfter ?? 5),
    },
  );

  breaker.onBreak(() => {
    openedAt = Date.now();
  });

  async function observed<T>(operation: ProviderOperation, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const report = (outcome: ProviderCallOutcome, error: unknown) =>
      options.onCall?.({
        providerId: id,
        providerName: name,
        operation,
        outcome,
        durationMs: Math.round(performance.now() - started),
        error: error === null ? null : error instanceof Error ? error.message : String(error),
      });
    try {
      const result = await work();
      await report('ok', null);
      return result;
    } catch (error) {
      await report(outcomeOf(error), error);
      throw error;
    }
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await breaker.execute(work);
    } catch (error) {
      if (error instanceof BrokenCircuitError)
        throw new ProviderCoolingDownError(`${name} is cooling down after repeated failures`);
      throw error;
    }
  }

  const purchaseOnce = (request: UpstreamPurchaseRequest): Promise<UpstreamLabelResult> =>
    guarded(() => observed('purchase', () => adapter.purchase(request)));

  return {
    id,
    name,
    kind: adapter.kind,
    // cockatiel moves an open circuit to half-open only when a call is tried after the cool-down, so
    // an open circuit whose cool-down is over reads as half-open: the next purchase is the probe.
    get circuit() {
      const state = CIRCUIT_NAMES[breaker.state];
      return state === 'open' && Date.now() - openedAt >= cooldownMs ? 'half-open' : state;
    },
    purchase(request) {
      return slots.run(maxConcurrent, async () => {
        for (let attempt = 0; ; attempt++) {
          try {
            return await purchaseOnce(request);
          } catch (error) {
            const wait = error instanceof UpstreamNotBoughtError ? error.retryAfterMs : undefined;
            if (error instanceof ProviderCoolingDownError || wait === undefined) throw error;
            if (attempt >= retries || wait > maxWait) throw error;
            await sleep(wait);
          }
        }
      });
    },
    ...(adapter.quote
      ? {
          quote: (request: UpstreamQuoteRequest, deadlineMs: number) =>
            new Promise<UpstreamQuote>((resolve, reject) => {
              // The slot is held until the call ends, late or not: the limit counts every call in flight.
              void slots.run(maxConcurrent, () => {
                const call = guarded(() => observed('quote', () => adapter.quote!(request)));
                const timer = setTimeout(
                  () => reject(new QuoteDeadlineError(`${name} did not quote within ${deadlineMs} ms`)),
                  deadlineMs,
                );
                call.then(resolve, reject).finally(() => clearTimeout(timer));
                return call.catch(() => undefined);
              });
            }),
        }
      : {}),
    // Lookups bypass the circuit: an unknown outcome must be found out whatever the provider's recent record.
    lookup: (request) => slots.run(maxConcurrent, () => observed('lookup', () => adapter.lookup(request))),
    // Voids bypass the circuit too: money owed back is asked for whatever the provider's recent record.
    voidLabel: (request) =>
      slots.run(maxConcurrent, () => observed('void', () => adapter.voidLabel(request))),
    voidStatus: (request) =>
      slots.run(maxConcurrent, () => observed('void_status', () => adapter.voidStatus(request))),
    // A tracking poll is background work like a purchase: it waits its turn and skips an open circuit.
    trackingEvents: (request) =>
      slots.run(maxConcurrent, () => guarded(() => observed('track', () => adapter.trackingEvents(request)))),
    // Webhooks are staff's changes to the provider: they wait their turn, but are asked whatever its
    // recent record (the circuit is about purchases, and staff are told what the provider said).
    registerWebhook: (request) =>
      slots.run(maxConcurrent, () => observed('webhook_register', () => adapter.registerWebhook(request))),
    removeWebhook: (id) =>
      slots.run(maxConcurrent, () => observed('webhook_remove', () => adapter.removeWebhook(id))),
    testConnection: () =>
      observed('test', async () => {
        const result = await adapter.testConnection();
        if (!result.ok) throw new UpstreamNotBoughtError(result.message);
        return result;
      }).catch((error: Error) => ({ ok: false, message: error.message })),
    // Staff's question, like a webhook change: it waits its turn, whatever the circuit says.
    ...(adapter.serviceChoices
      ? {
          serviceChoices: (carrier: Carrier) =>
            slots.run(maxConcurrent, () => observed('services', () => adapter.serviceChoices!(carrier))),
        }
      : {}),
    ...(adapter.labelFile
      ? {
          labelFile: (request: UpstreamLabelFileRequest) =>
            slots.run(maxConcurrent, () => observed('label-file', () => adapter.labelFile!(request))),
        }
      : {}),
    // SCAN forms and pickups are the reseller's own asks, answered at once: they wait their turn among
    // the provider's calls, whatever its recent record (decision 328).
    ...(adapter.createScanForm
      ? {
          createScanForm: (request: UpstreamScanFormRequest) =>
            slots.run(maxConcurrent, () => observed('scan_form', () => adapter.createScanForm!(request))),
        }
      : {}),
    ...(adapter.quotePickup
      ? {
          quotePickup: (request: UpstreamPickupRequest) =>
            slots.run(maxConcurrent, () => observed('pickup', () => adapter.quotePickup!(request))),
        }
      : {}),
    ...(adapter.schedulePickup
      ? {
          schedulePickup: (request: UpstreamPickupRequest) =>
            slots.run(maxConcurrent, () => observed('pickup', () => adapter.schedulePickup!(request))),
        }
      : {}),
    ...(adapter.cancelPickup
      ? {
          cancelPickup: (id: string) =>
            slots.run(maxConcurrent, () => observed('pickup', () => adapter.cancelPickup!(id))),
        }
      : {}),
    // Verification is a paid call like a purchase (decision 313): it waits its turn among the provider's
    // calls and skips an open circuit, and the caller falls back to the offline check.
    ...(adapter.verifyAddress
      ? {
          verifyAddress: (address: AddressToVerify) =>
            slots.run(maxConcurrent, () =>
              guarded(() => observed('verify-address', () => adapter.verifyAddress!(address))),
            ),
        }
      : {}),
  };
}
