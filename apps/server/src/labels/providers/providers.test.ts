import { describe, expect, it } from 'vitest';
import { sampleShipment } from '../fixtures.ts';
import type { Shipment } from '../types.ts';
import { labelIdempotencyKey } from './label-provider.ts';
import { createProviderRegistry } from './provider-registry.ts';
import { createTestModeProvider } from './test-mode-provider.ts';
import { createUpstreamProvider, UpstreamRejectedError, type UpstreamLabelApi } from './upstream-provider.ts';

/** A stand-in for a vendor API that honours idempotency keys and can lose its answers. */
const fakeVendor = (failures: Array<'lost-after-buying' | 'down'>) => {
  const bought = new Map<string, { trackingNumber: string; pdf: Uint8Array }>();
  let purchases = 0;
  const api: UpstreamLabelApi = {
    async createLabel({ idempotencyKey }) {
      const failure = failures.shift();
      if (failure === 'down') throw new Error('503 Service Unavailable');
      const label = bought.get(idempotencyKey) ?? {
        trackingNumber: `1Z${++purchases}`,
        pdf: new Uint8Array([1]),
      };
      bought.set(idempotencyKey, label);
      if (failure === 'lost-after-buying') throw new Error('socket hang up');
      return label;
    },
    async findLabel(key) {
      return bought.get(key) ?? null;
    },
  };
  return { api, purchases: () => purchases };
};

const shipment: Shipment = sampleShipment('ups_standard');
const noSleep = async (): Promise<void> => {};

describe('upstream provider', () => {
  it('buys once when the first answer is lost and the call is retried', async () => {
    const vendor = fakeVendor(['lost-after-buying', 'down']);
    const provider = createUpstreamProvider({ name: 'vendor', api: vendor.api, sleep: noSleep });
    const key = labelIdempotencyKey('LBL-1');
    const label = await provider.purchase(shipment, { idempotencyKey: key, trackingSerial: 1n });
    expect(label.tracking).toBe('1Z1');
    expect(vendor.purchases()).toBe(1);
    await provider.purchase(shipment, { idempotencyKey: key, trackingSerial: 1n });
    expect(vendor.purchases()).toBe(1);
  });
  it('shares one attempt between concurrent purchases of one order', async () => {
    const vendor = fakeVendor([]);
    const provider = createUpstreamProvider({ name: 'vendor', api: vendor.api, sleep: noSleep });
    const options = { idempotencyKey: labelIdempotencyKey('LBL-2'), trackingSerial: 2n };
    const [a, b] = await Promise.all([
      provider.purchase(shipment, options),
      provider.purchase(shipment, options),
    ]);
    expect(a.tracking).toBe(b.tracking);
    expect(vendor.purchases()).toBe(1);
  });
  it('keeps at most maxConcurrent vendor calls in flight, and serves every order', async () => {
    let inFlight = 0;
    let most = 0;
    const slow: UpstreamLabelApi = {
      async createLabel({ idempotencyKey }) {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return { trackingNumber: `1Z-${idempotencyKey}`, pdf: new Uint8Array([1]) };
      },
      findLabel: async () => null,
    };
    const provider = createUpstreamProvider({ name: 'vendor', api: slow, maxConcurrent: 3 });
    const labels = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        provider.purchase(shipment, { idempotencyKey: `label:${i}`, trackingSerial: BigInt(i) }),
      ),
    );
    expect(labels.map((l) => l.tracking)).toEqual(Array.from({ length: 20 }, (_, i) => `1Z-label:${i}`));
    expect(most).toBe(3);
  });
  it('does not retry a rejection and gives up after the configured attempts', async () => {
    const rejecting: UpstreamLabelApi = {
      createLabel: async () => {
        throw new UpstreamRejectedError('invalid address');
      },
      findLabel: async () => null,
    };
    const provider = createUpstreamProvider({ name: 'vendor', api: rejecting, sleep: noSleep });
    await expect(provider.purchase(shipment, { idempotencyKey: 'k', trackingSerial: 1n })).rejects.toThrow(
      'invalid address',
    );
    const down = fakeVendor(['down', 'down', 'down']);
    const flaky = createUpstreamProvider({ name: 'vendor', api: down.api, attempts: 3, sleep: noSleep });
    await expect(flaky.purchase(shipment, { idempotencyKey: 'k', trackingSerial: 1n })).rejects.toThrow(
      '503',
    );
  });
});

describe('provider registry', () => {
  it('uses the test-mode provider by default and config overrides per label type', async () => {
    const vendor = createUpstreamProvider({ name: 'vendor', api: fakeVendor([]).api, sleep: noSleep });
    const registry = createProviderRegistry([createTestModeProvider(), vendor], {
      default: 'test-mode',
      byLabelType: { ups_standard: 'vendor' },
    });
    expect(registry.providerFor('priority').name).toBe('test-mode');
    expect(registry.providerFor('ups_standard').name).toBe('vendor');
    expect(() => createProviderRegistry([], { default: 'nope' })).toThrow(RangeError);
  });
  it('test-mode purchase returns a test label PDF with its tracking number', async () => {
    const label = await createProviderRegistry()
      .providerFor('priority')
      .purchase(sampleShipment('priority', { template: 'pitney' }), {
        idempotencyKey: 'k',
        trackingSerial: 5n,
      });
    expect(label.isTestLabel).toBe(true);
    expect(label.tracking).toMatch(/^94055927080011\d{8}$/);
    expect(new TextDecoder().decode(label.pdf.slice(0, 5))).toBe('%PDF-');
  });
});
