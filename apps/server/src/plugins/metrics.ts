import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CircuitState } from '@portal/shared';
import type { LabelRenderer } from '../labels/index.ts';
import type { ProviderCall } from '../labels/providers/upstream/provider-client.ts';

export type JobOutcome = 'completed' | 'failed';

export type Metrics = {
  registry: Registry;
  /** Labels made by this instance's job workers, counted when their batch commits. */
  labelsFinished: Counter<'outcome'>;
  /** Records a job's outcome and how long the worker held it (its batch, for batched queues). */
  observeJob: (queue: string, outcome: JobOutcome, seconds: number) => void;
  /** The renderer, timing every label it draws and reporting its running threads. */
  timeRenderer: (renderer: LabelRenderer) => LabelRenderer;
  /** Records one call to an upstream provider: its outcome ('ok' or the kind of error) and duration. */
  observeProviderCall: (call: ProviderCall) => void;
  /** Reports each provider's circuit state at each scrape (0 closed, 1 half-open, 2 open). */
  watchProviderCircuits: (read: () => Iterable<{ name: string; circuit: CircuitState }>) => void;
};

/** Work waiting for staff, counted from the database at each scrape (so every instance reports the same). */
export type StaffQueues = {
  depositsPending: () => Promise<number>;
  courierAwaitingStaff: () => Promise<number>;
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when the Authorization header carries the token (compared in constant time). */
function hasToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics at /metrics: process figures, request durations by route, domain counters.
 * Only for a scraper holding METRICS_TOKEN; without one configured the path does not exist.
 */
export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  queues: StaffQueues,
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'deposits_pending',
    help: 'Deposit invoices waiting for a staff decision',
    registers: [registry],
    async collect() {
      this.set(await queues.depositsPending());
    },
  });
  new Gauge({
    name: 'courier_orders_awaiting_staff',
    help: 'Courier orders waiting for staff: Pending (a quote) or In Process (the document)',
    registers: [registry],
    async collect() {
      this.set(await queues.courierAwaitingStaff());
    },
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const labelsFinished = new Counter({
    name: 'labels_finished_total',
    help: 'Labels made by the job workers of this instance',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Jobs run by this instance by queue and outcome, and how long a worker held each (its batch, for batched queues)',
    labelNames: ['queue', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  const renderDuration = new Histogram({
    name: 'label_render_duration_seconds',
    help: 'Time to draw one label, from the request to the finished PDF (a wait for a render thread included)',
    labelNames: ['outcome'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const providerCalls = new Counter({
    name: 'provider_calls_total',
    help: 'Calls to upstream label providers by provider, operation and outcome (ok, rejected, not_bought, unknown)',
    labelNames: ['provider', 'operation', 'outcome'],
    registers: [registry],
  });
  const providerDuration = new Histogram({
    name: 'provider_call_duration_seconds',
    help: 'Duration of calls to upstream label providers by provider and operation',
    labelNames: ['provider', 'operation'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30, 60],
    registers: [registry],
  });
  const circuitValue: Record<CircuitState, number> = { closed: 0, 'half-open': 1, open: 2 };

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.code(404).send({ message: 'Not found' });
    if (!hasToken(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'Metrics need the bearer token' });
    }
    void reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return {
    registry,
    labelsFinished,
    observeJob: (queue, outcome, seconds) => jobDuration.observe({ queue, outcome }, seconds),
    observeProviderCall: (call) => {
      providerCalls.inc({ provider: call.providerName, operation: call.operation, outcome: call.outcome });
      providerDuration.observe(
        { provider: call.providerName, operation: call.operation },
        call.durationMs / 1000,
      );
    },
    watchProviderCircuits: (read) => {
      new Gauge({
        name: 'provider_circuit_state',
        help: 'Circuit of each upstream label provider on this instance: 0 closed, 1 half-open, 2 open',
        labelNames: ['provider'],
        registers: [registry],
        collect() {
          this.reset();
          for (const { name, circuit } of read()) this.set({ provider: name }, circuitValue[circuit]);
        },
      });
    },
    timeRenderer: (renderer) => {
      new Gauge({
        name: 'label_render_threads',
        help: 'Threads drawing labels now: the warm ones, and more while labels queue up',
        registers: [registry],
        collect() {
          this.set(renderer.threads());
        },
      });
      return {
        warmUp: (rounds) => renderer.warmUp(rounds),
        warmth: () => renderer.warmth(),
        threads: () => renderer.threads(),
        close: () => renderer.close(),
        async render(request) {
          const stop = renderDuration.startTimer();
          try {
            const label = await renderer.render(request);
            stop({ outcome: 'completed' });
            return label;
          } catch (error) {
            stop({ outcome: 'failed' });
            throw error;
          }
        },
      };
    },
  };
}
