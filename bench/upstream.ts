/**
 * Real postage throughput (`npm run bench -- upstream [flags]`): portal A buys labels on portal B through
 * B's `/api/v2`, with a proxy adding a latency to every call between them. A and B are real servers, each
 * in its own process on its own PostgreSQL database, so what is measured is A (the bench process only
 * places the orders and proxies the calls). A buys with up to `--concurrency` purchases in flight.
 *
 * Flags (or the UPSTREAM_BENCH_* variables):
 * - `--orders=N` (200; the issue's figure is `--orders=1000`), `--latency=MS` added per call (300),
 *   `--concurrency=N` (20);
 * - `--place=csv` (one CSV of N rows, the issue's case) or `--place=api` (20 clients calling
 *   `create-order` one order at a time);
 * - `--against=DIR`: another tree's `apps/server`, run as A alternately with this one, `--rounds` times
 *   each (before and after a change, in the same time window, on the same B);
 * - `--route=ordered|cheapest|both` (both): A's route is two providers (B under two names); `ordered`
 *   buys from the first, `cheapest` asks both for a live quote before each label (decision 332) and
 *   buys from the lower (the first on a tie), so the quoting route is measured beside the ordered one;
 * - `--profile=DIR`: A runs with `--cpu-prof` and writes its profile there (read it with
 *   `npx tsx bench/cpu-profile-summary.ts FILE`, the largest
 *   profile of the run's folder: A's main thread).
 *
 * Prints, for each run: labels per second beside the ceiling that concurrency and latency allow (one
 * purchase is at least two calls: create, download; decision 346), the calls B saw per label, A's and B's CPU
 * seconds per 100 labels (less noisy than wall time on a shared machine) and the load average.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../apps/server/src/context.ts';
import { createDatabase, type Database } from '../apps/server/src/db/client.ts';
import { findPostgresBinary } from '../apps/server/src/db/postgres-binaries.ts';
import { labelTypes, orders } from '../apps/server/src/db/schema.ts';
import { createSealer } from '../apps/server/src/lib/tokens.ts';
import { createProvider } from '../apps/server/src/modules/providers/create-provider.ts';
import { setLabelTypeRoute } from '../apps/server/src/modules/label-types/set-label-type-route.ts';
import { startFaultProxy } from '../apps/server/test/fault-proxy.ts';
import { fund } from '../apps/server/test/order-fixtures.ts';
import { freePort, startPostgresCluster } from '../apps/server/test/postgres-cluster.ts';
import { createDatabaseIn, payCsvOver, signUpOver } from '../apps/server/test/server-process.ts';
import { excelCsv, sheetRows } from '../apps/server/test/fixtures/csv-files.ts';
import { insertBenchApiReseller, insertBenchUser } from './bench-user.ts';

const flag = (name: string, envName: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ??
  process.env[envName] ??
  fallback;

const ORDERS = Number(flag('orders', 'UPSTREAM_BENCH_ORDERS', '200'));
const LATENCY_MS = Number(flag('latency', 'UPSTREAM_BENCH_LATENCY_MS', '300'));
const CONCURRENCY = Number(flag('concurrency', 'UPSTREAM_BENCH_CONCURRENCY', '20'));
const PLACE = flag('place', 'UPSTREAM_BENCH_PLACE', 'csv') as 'csv' | 'api';
const AGAINST = flag('against', 'UPSTREAM_BENCH_AGAINST', '');
const ROUNDS = Number(flag('rounds', 'UPSTREAM_BENCH_ROUNDS', AGAINST ? '2' : '1'));
const PROFILE_DIR = flag('profile', 'UPSTREAM_BENCH_PROFILE', '');
const ROUTE = flag('route', 'UPSTREAM_BENCH_ROUTE', 'both');
const MODES = (ROUTE === 'both' ? ['ordered', 'cheapest'] : [ROUTE]) as ('ordered' | 'cheapest')[];
const CALLS_PER_PURCHASE = 2;
const LABEL_TYPE = 'priority';

const SERVER_DIR = path.resolve(import.meta.dirname, '../apps/server');
// Both portals seal with a known secret, so the bench can configure them on their databases.
const APP_SECRET = 'upstream-bench-secret-0123456789';

const portalEnv = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO: '0',
  APP_SECRET,
  ALTCHA_MAX_NUMBER: '1000',
  RATE_LIMIT_PER_MINUTE: '0',
  AUTH_RATE_LIMIT_PER_MINUTE: '0',
  API_RATE_LIMIT_PER_MINUTE: '0',
  API_PURCHASES_PER_SECOND: '0',
  WEB_DIST_DIR: '/nonexistent',
  PROVIDER_LABEL_WAIT_SECONDS: '10',
  ALLOW_PRIVATE_WEBHOOK_TARGETS: '1',
  ALLOW_PRIVATE_PROVIDER_TARGETS: '1',
};

type Portal = {
  url: string;
  child: ChildProcess;
  /** User + system CPU seconds the process has used so far (Linux /proc). */
  cpuSeconds: () => number;
  output: () => string;
  stop: () => Promise<void>;
};

/** A portal's server (`serverDir`'s src/main.ts) in its own process on `databaseUrl`, once /readyz answers. */
async function startPortal(
  serverDir: string,
  databaseUrl: string,
  nodeOptions: string[] = [],
): Promise<Portal> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      ...portalEnv,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited at start:\n${output}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`portal not ready in 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    cpuSeconds: () => {
      const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime, in clock ticks (USER_HZ, 100 on Linux).
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What the bench's own code needs of an app context to configure a portal on its database. */
const configuringContext = (db: Database['db']): AppContext =>
  ({
    db,
    sealer: createSealer(APP_SECRET),
    // B listens on loopback, as the portals' ALLOW_PRIVATE_PROVIDER_TARGETS allow (decision 312).
    config: { publicUrl: undefined, providers: { adapter: { allowPrivateTargets: true } } },
    providers: { circuitOf: () => 'closed' },
  }) as unknown as AppContext;

const orderBody = (labelType: string, i: number) => ({
  labelType,
  // USPS Priority labels are drawn with a template (the spec's "Please select a Template").
  design: 'evs',
  Weight: 3,
  FromName: 'Bench Sender',
  FromStreet: '100 Congress Ave',
  FromCity: 'Austin',
  FromState: 'TX',
  FromZip: '78701',
  ToName: `Receiver ${i}`,
  ToStreet: '200 Boylston St',
  ToCity: 'Boston',
  ToState: 'MA',
  ToZip: '02116',
});

type RunFigures = {
  tree: string;
  mode: 'ordered' | 'cheapest';
  seconds: number;
  placedSeconds: number;
  completed: number;
  cancelled: number;
  callsPerLabel: { create: number; read: number; download: number; quote: number; other: number };
  aCpuPer100: number;
  bCpuPer100: number;
  load: string;
  /** A's database work per label: transactions, and rows written and scans per table. */
  tables: { transactions: number; byTable: string[] };
};

type Activity = { transactions: number; tables: Map<string, number[]> };

/** A database's transactions so far and each table's rows inserted, updated, deleted and scans. */
async function tableActivity(database: Database): Promise<Activity> {
  const [db] = (
    await database.executeSql(
      `select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`,
    )
  ).rows as { n: string }[];
  const rows = (
    await database.executeSql(
      `select relname, n_tup_ins as ins, n_tup_upd as upd, n_tup_del as del,
            coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as scans
     from pg_stat_all_tables where schemaname not in ('pg_catalog', 'information_schema', 'pg_toast')`,
    )
  ).rows as { relname: string; ins: string; upd: string; del: string; scans: string }[];
  return {
    transactions: Number(db!.n),
    tables: new Map(rows.map((r) => [r.relname, [r.ins, r.upd, r.del, r.scans].map(Number)])),
  };
}

function activitySince(
  before: Activity,
  after: Activity,
  labels: number,
  ownTransactions: number,
): RunFigures['tables'] {
  const per = (n: number) => (n / Math.max(1, labels)).toFixed(1);
  const byTable = [...after.tables]
    .map(([name, now]) => {
      const was = before.tables.get(name) ?? [0, 0, 0, 0];
      return { name, d: now.map((n, i) => n - was[i]!) };
    })
    .filter(({ d }) => d.some((n) => n > 0))
    .sort((x, y) => y.d.reduce((a, b) => a + b, 0) - x.d.reduce((a, b) => a + b, 0))
    .map(({ name, d }) => `${name} ${d.map(per).join('/')}`);
  const transactions = after.transactions - before.transactions - ownTransactions;
  return { transactions: transactions / Math.max(1, labels), byTable };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function oneRun(
  clusterUrl: string,
  b: Portal,
  bKey: string,
  tree: { name: string; serverDir: string },
  mode: 'ordered' | 'cheapest',
): Promise<RunFigures> {
  const calls = { create: 0, read: 0, download: 0, quote: 0, other: 0 };
  const proxy = await startFaultProxy(
    b.url,
    ({ path: p }) => {
      if (p.includes('/create-order')) calls.create++;
      else if (p.includes('/order/quote')) calls.quote++;
      else if (p.includes('/read-order/')) calls.read++;
      else if (p.includes('/download/')) calls.download++;
      else calls.other++;
      return 'slow';
    },
    { slowMs: LATENCY_MS },
  );
  const aUrl = await createDatabaseIn(clusterUrl, 'upstream_a');
  // One folder per run: node names each thread's profile (the main thread's is the largest).
  const profile = PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE_DIR, `A-${tree.name}-${Date.now()}`)}`]
    : [];
  const a = await startPortal(tree.serverDir, aUrl, profile);
  const aDb = await createDatabase({ url: aUrl, dataDir: '', poolSize: 2 });
  try {
    const ctx = configuringContext(aDb.db);
    const staff = await insertBenchUser(aDb.db, { username: 'Bench Staff', role: 'admin' });
    const actor = { userId: staff.id, ip: '127.0.0.1', userAgent: 'bench' };
    // Two providers (B under two names), so a quoting route has two quotes to compare.
    const providers = [];
    for (const name of ['Portal B', 'Portal B again'])
      providers.push(
        (
          await createProvider(ctx, {
            actor,
            body: {
              kind: 'labelport',
              name,
              credentials: { apiKey: bKey, baseUrl: proxy.url },
              maxConcurrent: CONCURRENCY,
            },
          })
        ).provider,
      );
    const [type] = await aDb.db.select().from(labelTypes).where(eq(labelTypes.uid, LABEL_TYPE));
    await setLabelTypeRoute(ctx, {
      actor,
      id: type!.id,
      body: { route: providers.map((p) => ({ providerId: p._id, service: LABEL_TYPE })), mode },
    });
    const reseller = await signUpOver(a.url);
    await fund(aDb.db, reseller.id, 100_000_00);
    const apiBuyer =
      PLACE === 'api'
        ? await insertBenchApiReseller({ ctx } as never, aDb.db, { username: 'Bench API', cents: 100_000_00 })
        : null;

    const aCpu = a.cpuSeconds();
    const bCpu = b.cpuSeconds();
    const aTables = await tableActivity(aDb);
    const started = performance.now();
    if (PLACE === 'csv') {
      await payCsvOver(a.url, reseller.headers, {
        labelTypeId: type!.id,
        design: 'evs',
        csv: excelCsv(sheetRows(ORDERS)),
      });
    } else {
      let next = 0;
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (next < ORDERS) {
            const i = next++;
            const res = await fetch(`${a.url}/api/v2/order/create-order`, {
              method: 'POST',
              headers: { 'x-api-key': apiBuyer!.key, 'content-type': 'application/json' },
              body: JSON.stringify(orderBody(type!.id, i)),
            });
            if (res.status !== 201) throw new Error(`create-order on A: ${res.status} ${await res.text()}`);
          }
        }),
      );
    }
    const placedSeconds = (performance.now() - started) / 1000;
    const deadline = Date.now() + 30 * 60_000;
    // The bench's own statements on A's database, taken out of A's figures.
    let ownStatements = 0;
    for (;;) {
      ownStatements += 1;
      const [open] = await aDb.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(inArray(orders.status, ['pending', 'processing']));
      if (open!.n === 0) break;
      if (Date.now() > deadline) throw new Error(`${open!.n} orders still open after 30 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    const count = async (status: 'completed' | 'cancelled') =>
      (
        await aDb.db
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(and(eq(orders.status, status)))
      )[0]!.n;
    const completed = await count('completed');
    const cancelled = await count('cancelled');
    const aCpuSeconds = a.cpuSeconds() - aCpu;
    const bCpuSeconds = b.cpuSeconds() - bCpu;
    // The statistics reach pg_stat_* within a second of a session's last transaction.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const tables = activitySince(aTables, await tableActivity(aDb), completed, ownStatements + 4);
    const per = (n: number) => Number((n / Math.max(1, completed)).toFixed(2));
    return {
      tree: tree.name,
      mode,
      seconds,
      placedSeconds,
      completed,
      cancelled,
      callsPerLabel: {
        create: per(calls.create),
        read: per(calls.read),
        download: per(calls.download),
        quote: per(calls.quote),
        other: per(calls.other),
      },
      aCpuPer100: (aCpuSeconds * 100) / Math.max(1, completed),
      bCpuPer100: (bCpuSeconds * 100) / Math.max(1, completed),
      tables,
      load: loadAverage(),
    };
  } finally {
    await a.stop();
    await aDb.close();
    await proxy.close();
  }
}

export async function runUpstreamBench(): Promise<void> {
  if (!findPostgresBinary('initdb'))
    throw new Error('the upstream bench runs both portals on PostgreSQL: install PostgreSQL 15');
  const cluster = await startPostgresCluster();
  const bUrl = await createDatabaseIn(cluster.url, 'upstream_b');
  const b = await startPortal(SERVER_DIR, bUrl);
  const bDb = await createDatabase({ url: bUrl, dataDir: '', poolSize: 2 });
  const ceiling = CONCURRENCY / ((CALLS_PER_PURCHASE * LATENCY_MS) / 1000);
  if (PROFILE_DIR) fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const trees = [
    ...(AGAINST ? [{ name: 'against', serverDir: path.resolve(AGAINST) }] : []),
    { name: 'this', serverDir: SERVER_DIR },
  ];
  console.log(
    `${ORDERS.toLocaleString('en-US')} labels (${PLACE === 'csv' ? 'one CSV' : '20 API clients'}) through ` +
      `${LATENCY_MS} ms per call, ${CONCURRENCY} in flight: ceiling ${CONCURRENCY} / ` +
      `(${CALLS_PER_PURCHASE} calls x ${LATENCY_MS} ms) = ${ceiling.toFixed(1)} labels/s, ` +
      `${(ORDERS / ceiling).toFixed(0)} s; ${os.cpus().length} cores, load ${loadAverage()} at start`,
  );
  try {
    const onB = await insertBenchApiReseller({ ctx: configuringContext(bDb.db) } as never, bDb.db, {
      username: 'Portal A on B',
      cents: 1_000_000_00,
    });
    for (let round = 1; round <= ROUNDS; round++) {
      for (const tree of trees) {
        for (const mode of MODES) {
          const r = await oneRun(cluster.url, b, onB.key, tree, mode);
          console.log(
            `round ${round}, ${tree.name === 'this' ? 'this tree' : AGAINST}, ${r.mode} route: ${r.completed} labels ` +
              `(${r.cancelled} cancelled) in ${r.seconds.toFixed(1)} s = ${(r.completed / r.seconds).toFixed(2)} labels/s ` +
              `(${((100 * r.completed) / r.seconds / ceiling).toFixed(0)}% of the ceiling); placed in ` +
              `${r.placedSeconds.toFixed(1)} s; B calls per label: ${r.callsPerLabel.create} create, ` +
              `${r.callsPerLabel.read} read, ${r.callsPerLabel.download} download, ` +
              `${r.callsPerLabel.quote} quotes, ${r.callsPerLabel.other} other; ` +
              `CPU per 100 labels: A ${r.aCpuPer100.toFixed(1)} s, B ${r.bCpuPer100.toFixed(1)} s; load ${r.load}`,
          );
          console.log(
            `  A's database per label: ${r.tables.transactions.toFixed(1)} transactions; per table ` +
              `inserted/updated/deleted/scans: ${r.tables.byTable.join(', ')}`,
          );
        }
      }
    }
  } finally {
    await b.stop();
    await bDb.close();
    cluster.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runUpstreamBench();
