import type { ProviderCredentials } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createUpstreamAdapter } from '../../labels/providers/upstream/create-adapter.ts';
import {
  createProviderClient,
  type ProviderCall,
  type ProviderClient,
} from '../../labels/providers/upstream/provider-client.ts';
import type { UpstreamAdapterOptions } from '../../labels/providers/upstream/upstream-adapter.ts';
import type { Sealer } from '../../lib/tokens.ts';
import type { Metrics } from '../../plugins/metrics.ts';
import {
  findProvidersByIds,
  insertProviderCalls,
  type ProviderCallRow,
  type ProviderRow,
} from './providers.repository.ts';

export type ProviderClients = {
  /** The clients of these providers, built from their current rows (rebuilt when a row changed). */
  clientsFor(ids: readonly string[]): Promise<Map<string, ProviderClient>>;
  /** A client for a row as it stands (the console's "Test connection"). */
  clientOf(row: ProviderRow): ProviderClient;
  /** A client for a row not saved as it stands (staff's new credentials), outside the shared cache. */
  clientWith(row: ProviderRow): ProviderClient;
  /** This instance's view of each provider's circuit. */
  circuitOf(id: string): ProviderClient['circuit'];
  /** Writes the calls not yet in the health log (before the database closes). */
  flush(): Promise<void>;
};

export type ProviderClientsOptions = {
  db: Db;
  sealer: Sealer;
  metrics: Metrics;
  log: FastifyBaseLogger;
  /** Adapter timings (tests and benchmarks shorten them). */
  adapter?: Omit<UpstreamAdapterOptions, 'credentials'>;
  breakAfter?: number;
  cooldownMs?: number;
};

export const openCredentials = (sealer: Sealer, row: ProviderRow): ProviderCredentials =>
  JSON.parse(sealer.open(row.credentialsSealed)) as ProviderCredentials;

/**
 * This instance's clients of the configured providers, one per provider, so its semaphore and circuit
 * are shared by every label job of the process. A row edited by staff (its `updatedAt` moved) gets a
 * fresh client; calls are recorded for the console's health figures and counted in /metrics.
 */
export function createProviderClients(options: ProviderClientsOptions): ProviderClients {
  const { db, sealer, metrics, log } = options;
  const cache = new Map<string, { version: number; client: ProviderClient }>();

  // The health log is written beside the purchases, not in their way: a purchase does not hold its
  // provider slot while its call is recorded, and the calls that end while one write runs go in the
  // next one together (on the embedded database every statement waits its turn on one connection).
  let unwritten: ProviderCallRow[] = [];
  let writing: Promise<void> | null = null;
  const writeCalls = async () => {
    while (unwritten.length > 0) {
      const rows = unwritten;
      unwritten = [];
      await insertProviderCalls(db, rows).catch((err: unknown) =>
        log.warn({ err }, 'recording provider calls failed'),
      );
    }
    writing = null;
  };
  const flush = () => writing ?? Promise.resolve();

  const onCall = async (call: ProviderCall) => {
    metrics.observeProviderCall(call);
    unwritten.push({
      providerId: call.providerId,
      operation: call.operation,
      outcome: call.outcome,
      durationMs: call.durationMs,
      error: call.error?.slice(0, 500) ?? null,
    });
    writing ??= writeCalls();
    // Staff who test a connection see the call in the provider's health at once.
    if (call.operation === 'test') await flush();
  };

  const build = (row: ProviderRow): ProviderClient =>
    createProviderClient({
      id: row.id,
      name: row.name,
      adapter: createUpstreamAdapter(row.kind, {
        ...options.adapter,
        credentials: openCredentials(sealer, row),
      }),
      maxConcurrent: row.maxConcurrent,
      onCall,
      ...(options.breakAfter ? { breakAfter: options.breakAfter } : {}),
      ...(options.cooldownMs ? { cooldownMs: options.cooldownMs } : {}),
    });

  const clientOf = (row: ProviderRow): ProviderClient => {
    const version = row.updatedAt.getTime();
    const cached = cache.get(row.id);
    if (cached?.version === version) return cached.client;
    const client = build(row);
    cache.set(row.id, { version, client });
    return client;
  };

  metrics.watchProviderCircuits(function* () {
    for (const { client } of cache.values()) yield { name: client.name, circuit: client.circuit };
  });

  return {
    async clientsFor(ids) {
      const rows = await findProvidersByIds(db, ids);
      return new Map(rows.map((row) => [row.id, clientOf(row)]));
    },
    clientOf,
    clientWith: build,
    circuitOf: (id) => cache.get(id)?.client.circuit ?? 'closed',
    flush,
  };
}
