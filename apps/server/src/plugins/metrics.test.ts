import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../jobs/index.ts';
import { createProviderRegistry, createTestModeProvider, type LabelProvider } from '../labels/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createOrder, labelTypeIds, orderBody, waitFor, type Reseller } from '../../test/order-fixtures.ts';
import { signUpReseller } from '../../test/account-fixtures.ts';

const TOKEN = 'scrape-token-0123456789';

describe('/metrics for the work behind the requests', () => {
  let app: TestApp;
  let alice: Reseller;
  let ids: Record<string, string>;
  const scrape = async () =>
    (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  /** The figure on the metric line that starts with `series`, or 0 when the line is absent. */
  const valueOf = (body: string, series: string) => {
    const line = body.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };

  beforeAll(async () => {
    app = await createTestApp({
      env: {
        METRICS_TOKEN: TOKEN,
        LABEL_RETRY_LIMIT: '0',
        LABEL_RETRY_DELAY_SECONDS: '0',
        LABEL_RENDER_THREADS: '0',
      },
    });
    // The carrier is the fake: a recipient named DOWN gets an outage, so that job fails.
    const real = createTestModeProvider(undefined, app.ctx.renderer);
    const provider: LabelProvider = {
      name: 'down-for-marker',
      async purchase(shipment, options) {
        if (shipment.to.name.includes('DOWN')) throw new Error('503 Service Unavailable');
        return real.purchase(shipment, options);
      },
    };
    app.ctx.labels = createProviderRegistry([provider], { default: 'down-for-marker' });
    await startWorkers(app.ctx);
    alice = await signUpReseller(app, 100_00);
    ids = await labelTypeIds(app, alice.headers);
  });
  afterAll(async () => app.close());

  it('counts jobs per queue and outcome with their durations, and times every label drawn', async () => {
    const done = 'job_duration_seconds_count{queue="label-generate",outcome="completed"}';
    const failed = 'job_duration_seconds_count{queue="label-generate",outcome="failed"}';
    const refunded = 'job_duration_seconds_count{queue="label-failed",outcome="completed"}';
    const drawn = 'label_render_duration_seconds_count{outcome="completed"}';
    const before = await scrape();

    expect((await createOrder(app, alice.headers, orderBody(ids.ground_oz!))).statusCode).toBe(201);
    expect(
      (await createOrder(app, alice.headers, orderBody(ids.ground_oz!, { ToName: 'DOWN Rita' }))).statusCode,
    ).toBe(201);
    // Both labels' jobs have run (the outage one then went to the refund queue).
    const after = await waitFor(scrape, (body) =>
      [done, refunded].every((series) => valueOf(body, series) > valueOf(before, series)),
    );

    expect(valueOf(after, done) - valueOf(before, done)).toBe(1);
    expect(valueOf(after, failed) - valueOf(before, failed)).toBe(1);
    expect(valueOf(after, refunded) - valueOf(before, refunded)).toBe(1);
    expect(valueOf(after, drawn) - valueOf(before, drawn)).toBe(1);
    // A duration was recorded, not only a count.
    expect(
      valueOf(after, 'label_render_duration_seconds_sum{outcome="completed"}') -
        valueOf(before, 'label_render_duration_seconds_sum{outcome="completed"}'),
    ).toBeGreaterThan(0);
    // This app draws on the event loop (LABEL_RENDER_THREADS=0): no render thread runs.
    expect(after).toMatch(/^label_render_threads 0$/m);
    expect(after).toMatch(
      /^job_duration_seconds_bucket\{le="0\.5",queue="label-generate",outcome="completed"\} /m,
    );
  });

  it('gives every response its request id, keeping a safe one a proxy sent', async () => {
    const fresh = await app.inject('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const again = await app.inject('/healthz');
    expect(again.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const hostile = await app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'x\u001b[31m fake log line' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
