/**
 * The real server as a child process on a throwaway PostgreSQL cluster, with one funded reseller:
 * what the bulk and end-to-end label benchmarks measure against.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createDatabase, type Database } from '../apps/server/src/db/client.ts';
import { orders } from '../apps/server/src/db/schema.ts';
import {
  createDatabaseIn,
  signUpOver,
  labelsWarm,
  startServer,
  type ServerProcess,
} from '../apps/server/test/server-process.ts';
import { fund } from '../apps/server/test/order-fixtures.ts';
import { startPostgresCluster } from '../apps/server/test/postgres-cluster.ts';

export type BenchServer = {
  server: ServerProcess;
  database: Database;
  reseller: { id: string; headers: Record<string, string> };
  labelTypeId: (uid: string) => string;
  /** Orders of the reseller that are completed or cancelled. */
  finalOrders: () => Promise<number>;
  close: () => Promise<void>;
};

/** The server's label settings a bench passes on when they are set in its environment (to compare them). */
export const labelSettingsFromEnv = (): Record<string, string> =>
  Object.fromEntries(
    (['LABEL_WORKERS', 'LABEL_BATCH_SIZE', 'LABEL_RENDER_THREADS'] as const).flatMap((name) =>
      process.env[name] ? [[name, process.env[name]!]] : [],
    ),
  );

/** How a bench's label settings read in its output. */
export const describeLabelSettings = (settings: Record<string, string>): string =>
  Object.keys(settings).length === 0
    ? 'default label settings'
    : Object.entries(settings)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');

export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const cluster = await startPostgresCluster();
  const url = await createDatabaseIn(cluster.url, 'bench');
  // LABEL_BENCH_PROFILE=DIR: the server's CPU profile (its main thread and each render thread) goes there.
  const profile = process.env.LABEL_BENCH_PROFILE;
  const server = await startServer(
    url,
    { LABEL_RETRY_DELAY_SECONDS: '0', ...env },
    { nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [] },
  );
  await labelsWarm(server.baseUrl);
  const database = await createDatabase({ url, dataDir: '', poolSize: 2 });
  const reseller = await signUpOver(server.baseUrl);
  await fund(database.db, reseller.id, 10_000_000_00);
  const types = (await (
    await fetch(`${server.baseUrl}/api/v1/labeltype/read`, { headers: reseller.headers })
  ).json()) as { labelTypes: { _id: string; uid: string }[] };
  return {
    server,
    database,
    reseller,
    labelTypeId: (uid) => types.labelTypes.find((t) => t.uid === uid)!._id,
    finalOrders: async () => {
      const [row] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.userId, reseller.id), inArray(orders.status, ['completed', 'cancelled'])));
      return row!.n;
    },
    close: async () => {
      await server.kill('SIGTERM');
      await database.close();
      cluster.stop();
    },
  };
}

/** Polls until `count()` reaches `target`; the time it took in seconds. */
export async function secondsUntil(
  count: () => Promise<number>,
  target: number,
  startedAt: number,
): Promise<number> {
  const deadline = Date.now() + 15 * 60_000;
  while ((await count()) < target) {
    if (Date.now() > deadline)
      throw new Error(`labels not ready after 15 minutes (${await count()} of ${target})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return (performance.now() - startedAt) / 1000;
}

/** Labels per second of the bare label engine on one core (bench/labels/worker.ts, USPS), to print beside a server's rate. */
export async function engineRate(count: number): Promise<number> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'labels', 'worker.ts'),
      'engine',
      String(count),
      'usps',
    ],
    { cwd: path.join(import.meta.dirname, '..') },
  );
  return (JSON.parse(stdout.trim().split('\n').pop()!) as { perSecond: number }).perSecond;
}
