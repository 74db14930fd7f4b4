import type { ProviderMode } from '@portal/shared';
import type { UpstreamAdapter, UpstreamAdapterOptions } from './upstream-adapter.ts';

type Operation = Exclude<keyof UpstreamAdapter, 'kind' | 'mode'>;
type SdkKind = 'easypost' | 'shippo';

/**
 * The upstreams reached through their company's client library (`@easypost/api`, `shippo`): tens of MB
 * held from the first second by every server, though most never connect one (decision 344). Each adapter
 * module is loaded when one of its operations is first called; what the adapter offers (its operations
 * and mode) is known without loading it, as callers ask before they call.
 * `sdk-adapters.test.ts` holds each entry to the adapter it stands for.
 */
export const SDK_ADAPTERS: Record<
  SdkKind,
  {
    load: () => Promise<(options: UpstreamAdapterOptions) => UpstreamAdapter>;
    modeOf: (apiKey: string) => ProviderMode;
    operations: readonly Operation[];
  }
> = {
  easypost: {
    load: async () => (await import('./easypost-adapter.ts')).createEasyPostAdapter,
    modeOf: (apiKey) => (apiKey.startsWith('EZTK') ? 'test' : 'live'),
    operations: [
      ...['quote', 'purchase', 'lookup', 'voidLabel', 'voidStatus', 'trackingEvents'],
      ...['registerWebhook', 'removeWebhook', 'serviceChoices', 'testConnection', 'createScanForm'],
      ...['quotePickup', 'schedulePickup', 'cancelPickup', 'labelFile', 'verifyAddress'],
    ] as Operation[],
  },
  shippo: {
    load: async () => (await import('./shippo-adapter.ts')).createShippoAdapter,
    modeOf: (apiKey) => (apiKey.startsWith('shippo_test_') ? 'test' : 'live'),
    operations: [
      ...['quote', 'purchase', 'lookup', 'voidLabel', 'voidStatus', 'trackingEvents'],
      ...['registerWebhook', 'removeWebhook', 'testConnection', 'serviceChoices', 'createScanForm'],
      ...['quotePickup', 'schedulePickup', 'cancelPickup', 'verifyAddress'],
    ] as Operation[],
  },
};

/** The adapter of an SDK upstream, its module (and the company's client) loaded on the first call. */
export function lazySdkAdapter(kind: SdkKind, options: UpstreamAdapterOptions): UpstreamAdapter {
  const { load, modeOf, operations } = SDK_ADAPTERS[kind];
  let loaded: Promise<UpstreamAdapter> | undefined;
  const adapter = () => (loaded ??= load().then((create) => create(options)));
  const forward = (operation: Operation) =>
    async function (...args: unknown[]): Promise<unknown> {
      const real = (await adapter()) as unknown as Record<Operation, (...a: unknown[]) => Promise<unknown>>;
      return real[operation](...args);
    };
  return Object.assign(
    { kind, mode: modeOf(options.credentials.apiKey) },
    Object.fromEntries(operations.map((operation) => [operation, forward(operation)])),
  ) as unknown as UpstreamAdapter;
}
