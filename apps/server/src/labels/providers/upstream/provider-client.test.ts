import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { UpstreamRejectedError } from '../upstream-provider.ts';
import {
  createProviderClient,
  ProviderCoolingDownError,
  QuoteDeadlineError,
  type ProviderCall,
} from './provider-client.ts';
import {
  UpstreamNotBoughtError,
  type UpstreamAdapter,
  type UpstreamLabelResult,
  type UpstreamPurchaseRequest,
  type UpstreamQuote,
  type UpstreamQuoteRequest,
} from './upstream-adapter.ts';
import { UpstreamUnknownOutcomeError } from './upstream-errors.ts';

const label: UpstreamLabelResult = {
  upstreamId: 'up-1',
  trackingNumber: '9400100000000000000000',
  carrier: 'usps',
  costCents: 250,
  pdf: new Uint8Array([37, 80, 68, 70, 45]),
};

const request = { reference: 'ref' } as UpstreamPurchaseRequest;

/** A client of provider `p` ("P"), as `options` set it. */
const clientOf = (options: Omit<Parameters<typeof createProviderClient>[0], 'id' | 'name'>) =>
  createProviderClient({ id: 'p', name: 'P', ...options });

/** An adapter whose purchases do what `next` says, one call at a time. */
function adapterDoing(next: () => Promise<UpstreamLabelResult>): UpstreamAdapter {
  return {
    kind: 'labelport',
    mode: 'live',
    purchase: next,
    lookup: async () => ({ state: 'not-bought', reason: 'none' }),
    testConnection: async () => ({ ok: true, message: 'ok' }),
    voidLabel: async () => ({ state: 'none' }),
    voidStatus: async () => ({ state: 'none' }),
    trackingEvents: async () => [],
    registerWebhook: async () => ({ id: 'hook', secret: 'whsec_x' }),
    removeWebhook: async () => undefined,
  };
}

describe('provider client', () => {
  it('answers a quote late as skipped, and holds its slot until the call ends (decision 332)', async () => {
    const answers: Array<(quote: UpstreamQuote) => void> = [];
    const calls: ProviderCall[] = [];
    const client = clientOf({
      maxConcurrent: 1,
      adapter: {
        ...adapterDoing(async () => label),
        quote: () => new Promise<UpstreamQuote>((resolve) => answers.push(resolve)),
      },
      onCall: (call) => void calls.push(call),
    });
    const ask = { service: 'priority', reference: 'order-1' } as UpstreamQuoteRequest;
    const late = client.quote!(ask, 30);
    await expect(late).rejects.toThrow(QuoteDeadlineError);
    await expect(late).rejects.toThrow('P did not quote within 30 ms');
    // The late call still holds the provider's one slot: the next quote waits for it, then is asked.
    const next = client.quote!(ask, 10_000);
    await sleep(30);
    expect(answers).toHaveLength(1);
    answers[0]!({ amountCents: 500 });
    await expect.poll(() => answers.length).toBe(2);
    answers[1]!({ amountCents: 450 });
    await expect(next).resolves.toEqual({ amountCents: 450 });
    expect(calls.map((c) => [c.operation, c.outcome])).toEqual([
      ['quote', 'ok'],
      ['quote', 'ok'],
    ]);
  });

  it('keeps at most maxConcurrent purchases in flight and runs the rest as slots free', async () => {
    let inFlight = 0;
    let most = 0;
    const client = clientOf({
      maxConcurrent: 3,
      adapter: adapterDoing(async () => {
        most = Math.max(most, ++inFlight);
        await sleep(20);
        inFlight--;
        return label;
      }),
    });
    const results = await Promise.all(Array.from({ length: 10 }, () => client.purchase(request)));
    expect(results).toHaveLength(10);
    expect(most).toBe(3);
  });

  it('waits out a Retry-After instead of failing, and fails once the wait is too long', async () => {
    let calls = 0;
    const client = clientOf({
      maxConcurrent: 1,
      adapter: adapterDoing(async () => {
        calls++;
        if (calls === 1) throw new UpstreamNotBoughtError('slow down', 30);
        return label;
      }),
    });
    await expect(client.purchase(request)).resolves.toEqual(label);
    expect(calls).toBe(2);

    const patient = createProviderClient({
      id: 'q',
      name: 'Q',
      maxConcurrent: 1,
      maxRateLimitWaitMs: 1000,
      adapter: adapterDoing(async () => Promise.reject(new UpstreamNotBoughtError('later', 60_000))),
    });
    await expect(patient.purchase(request)).rejects.toThrow('later');
  });

  it('opens the circuit after consecutive faults, skips calls while cooling down, and probes after', async () => {
    let fail = true;
    let calls = 0;
    const reported: ProviderCall[] = [];
    const client = clientOf({
      maxConcurrent: 5,
      breakAfter: 3,
      cooldownMs: 100,
      onCall: (call) => void reported.push(call),
      adapter: adapterDoing(async () => {
        calls++;
        if (fail) throw new UpstreamUnknownOutcomeError('timeout');
        return label;
      }),
    });
    for (let i = 0; i < 3; i++) await expect(client.purchase(request)).rejects.toThrow('timeout');
    expect(client.circuit).toBe('open');
    await expect(client.purchase(request)).rejects.toBeInstanceOf(ProviderCoolingDownError);
    expect(calls).toBe(3);

    await sleep(120);
    expect(client.circuit).toBe('half-open');
    fail = false;
    await expect(client.purchase(request)).resolves.toEqual(label);
    expect(client.circuit).toBe('closed');
    expect(reported.map((r) => r.outcome)).toEqual(['unknown', 'unknown', 'unknown', 'ok']);
  });

  it('never opens the circuit on rejections: a refused order is not a failing provider', async () => {
    const client = clientOf({
      maxConcurrent: 1,
      breakAfter: 2,
      adapter: adapterDoing(async () => Promise.reject(new UpstreamRejectedError('bad address'))),
    });
    for (let i = 0; i < 5; i++) await expect(client.purchase(request)).rejects.toThrow('bad address');
    expect(client.circuit).toBe('closed');
  });

  it('tracking polls share the semaphore and the circuit: recorded as calls, skipped while it is open', async () => {
    let tracking = 0;
    let inFlight = 0;
    let most = 0;
    const reported: ProviderCall[] = [];
    const client = clientOf({
      maxConcurrent: 2,
      breakAfter: 2,
      cooldownMs: 60_000,
      onCall: (call) => void reported.push(call),
      adapter: {
        ...adapterDoing(async () => label),
        trackingEvents: async () => {
          tracking++;
          most = Math.max(most, ++inFlight);
          await sleep(20);
          inFlight--;
          throw new UpstreamNotBoughtError('503 from the provider');
        },
      },
    });
    const q = { upstreamId: 'shp_1', tracking: '9400', carrier: 'usps' as const };
    const results = await Promise.allSettled([client.trackingEvents(q), client.trackingEvents(q)]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(most).toBe(2);
    expect(client.circuit).toBe('open');
    await expect(client.trackingEvents(q)).rejects.toBeInstanceOf(ProviderCoolingDownError);
    // Purchases are skipped too: the provider's faults on tracking are its faults.
    await expect(client.purchase(request)).rejects.toBeInstanceOf(ProviderCoolingDownError);
    expect(tracking).toBe(2);
    expect(reported.map((r) => [r.operation, r.outcome])).toEqual([
      ['track', 'not_bought'],
      ['track', 'not_bought'],
    ]);
    // Webhook changes are staff's: asked (and recorded) whatever the circuit says.
    await expect(client.registerWebhook({ url: 'http://x', secret: 's', isTest: true })).resolves.toEqual({
      id: 'hook',
      secret: 'whsec_x',
    });
    expect(reported.at(-1)).toMatchObject({ operation: 'webhook_register', outcome: 'ok' });
  });

  it('verifies addresses within the concurrency limit and the circuit breaker, as purchases are made', async () => {
    let inFlight = 0;
    let most = 0;
    let asked = 0;
    let isDown = false;
    const client = clientOf({
      maxConcurrent: 2,
      breakAfter: 2,
      cooldownMs: 60_000,
      adapter: {
        ...adapterDoing(async () => label),
        async verifyAddress() {
          asked++;
          most = Math.max(most, ++inFlight);
          await sleep(20);
          inFlight--;
          if (isDown) throw new UpstreamNotBoughtError('verification is down');
          return { isValid: true, verified: null, messages: [] };
        },
      },
    });
    const address = { street1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
    await Promise.all(Array.from({ length: 6 }, () => client.verifyAddress!(address)));
    expect(most).toBe(2);
    isDown = true;
    for (let i = 0; i < 2; i++) await expect(client.verifyAddress!(address)).rejects.toThrow('is down');
    expect(client.circuit).toBe('open');
    // The open circuit skips the provider: no paid call, and purchases see the same circuit.
    await expect(client.verifyAddress!(address)).rejects.toBeInstanceOf(ProviderCoolingDownError);
    expect(asked).toBe(8);
    await expect(client.purchase(request)).rejects.toBeInstanceOf(ProviderCoolingDownError);
  });
});
