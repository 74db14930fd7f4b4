import { describe, expect, it } from 'vitest';
import { createEasyPostAdapter } from './easypost-adapter.ts';
import { createShippoAdapter } from './shippo-adapter.ts';
import { lazySdkAdapter, SDK_ADAPTERS } from './sdk-adapters.ts';
import type { UpstreamAdapterOptions } from './upstream-adapter.ts';

const options = (apiKey: string) =>
  ({ credentials: { apiKey, baseUrl: 'http://127.0.0.1:9' } }) as UpstreamAdapterOptions;
const real = { easypost: createEasyPostAdapter, shippo: createShippoAdapter };
const KEYS = { easypost: ['EZTK_x', 'EZAK_x'], shippo: ['shippo_test_x', 'shippo_live_x'] };

describe('SDK upstreams loaded on first use (decision 344)', () => {
  for (const kind of ['easypost', 'shippo'] as const) {
    it(`offers what the ${kind} adapter offers, with its mode, before loading it`, () => {
      for (const apiKey of KEYS[kind]) {
        const made = real[kind](options(apiKey));
        const lazy = lazySdkAdapter(kind, options(apiKey));
        expect(Object.keys(lazy).sort()).toEqual(Object.keys(made).sort());
        expect([lazy.kind, lazy.mode]).toEqual([made.kind, made.mode]);
      }
    });

    it(`loads the ${kind} adapter once and forwards each call to it`, async () => {
      const lazy = lazySdkAdapter(kind, options(KEYS[kind][0]!));
      // Nothing listens on port 9: the real adapter's answer, not the wrapper's.
      const [first, second] = await Promise.all([lazy.testConnection(), lazy.testConnection()]);
      expect(first.ok).toBe(false);
      expect(second.ok).toBe(false);
      expect(await SDK_ADAPTERS[kind].load()).toBe(real[kind]);
    });
  }
});
