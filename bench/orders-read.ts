/**
 * Order history benchmark (`npx tsx bench/orders-read.ts`, or `npm run bench -- orders-read`): one
 * reseller with 100,000 orders; GET /api/v1/order/read pages and searches under 50 connections, on
 * PGlite and on PostgreSQL, beside a bare Fastify hello-world measured in the same run.
 * ORDERS_BENCH_ROWS (100000) and ORDERS_BENCH_SECONDS (5 per scenario) change the size and length;
 * ORDERS_BENCH_ENGINES (`pglite,postgres`) and ORDERS_BENCH_ONLY (a part of a scenario's name) narrow
 * a run, e.g. to profile one scenario with `--cpu-prof`. The same orders also make up bulk orders of
 * 10,000 each, whose list (GET /api/v1/order/read-bulk-orders) and results page 1 (GET
 * /api/v1/order/read-bulk-order/:id) are measured too. The staff console's lists are measured too, as a
 * staff member: GET /api/v1/admin/users over ORDERS_BENCH_RESELLERS (20000) other resellers, and
 * GET /api/v1/admin/orders over every order.
 *
 * The server runs in this process, started with the node options and environment of `npm start`
 * (its heap limits), as in production; run without them, the bench starts itself again with them. It
 * logs as it does in production too, a line per request at the default level, into /dev/null.
 *
 * Every scenario reads fresh, as a first look at a page does, except "page 1, polled": the dashboard's
 * and resellers' tools' repeated read of an unchanged page, which the server answers from memory after
 * reading the history's version (decision 228).
 *
 * Beside each rate, the CPU time per request of the server's thread (this process's main thread: the
 * load generator runs in a worker) and of PostgreSQL's processes, read from /proc, so a run shows
 * which side a scenario is bound by.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp, loggerOptions, type App } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase, type Database } from '../apps/server/src/db/client.ts';
import { labelTypes } from '../apps/server/src/db/schema.ts';
import { seedLabelTypes } from '../apps/server/src/db/seed.ts';
import { createSession } from '../apps/server/src/modules/auth/auth.service.ts';
import { cachePagesUpTo } from '../apps/server/src/modules/orders/order-list.ts';
import { startPostgresCluster } from '../apps/server/test/postgres-cluster.ts';
import { startCommand } from '../apps/server/test/server-process.ts';
import { insertBenchUser } from './bench-user.ts';
import { fillHistory, SEARCH_NAMES } from './orders/fill-history.ts';

const ROWS = Number(process.env.ORDERS_BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.ORDERS_BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const ENGINES = (process.env.ORDERS_BENCH_ENGINES ?? 'pglite,postgres').split(',');
const ONLY = process.env.ORDERS_BENCH_ONLY ?? '';
const RESELLERS = Number(process.env.ORDERS_BENCH_RESELLERS ?? 20_000);
/** The history is also grouped into bulk orders of this many orders (a CSV holds at most 10,000). */
const PER_BULK = 10_000;

/** `remembered`: the server may answer from the pages it remembers (decision 228); the others read fresh. */
type Scenario = { name: string; path: () => string; staff?: true; remembered?: true };
type Row = {
  engine: string;
  scenario: string;
  rps: number;
  p99: number;
  non2xx: number;
  serverUs: number;
  postgresUs: number;
};

/** User and system CPU time in a /proc stat file, in ms (clock ticks of 10 ms, as on Linux x86). */
const statMs = (file: string): number => {
  const fields = fs.readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** CPU ms so far of the server's thread and of every PostgreSQL process (0 off Linux). */
function cpuMs(): { server: number; postgres: number } {
  if (!fs.existsSync(`/proc/self/task/${process.pid}/stat`)) return { server: 0, postgres: 0 };
  let postgres = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres'))
        postgres += statMs(`/proc/${pid}/stat`);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { server: statMs(`/proc/self/task/${process.pid}/stat`), postgres };
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const scenarios = (pages: number, bulkIds: string[]): Scenario[] => [
  { name: 'page 1 (default)', path: () => '/api/v1/order/read' },
  { name: 'page 1, polled', path: () => '/api/v1/order/read', remembered: true },
  { name: 'random page', path: () => `/api/v1/order/read?page=${1 + Math.floor(Math.random() * pages)}` },
  { name: 'status=completed', path: () => '/api/v1/order/read?status=completed&page=2' },
  { name: 'search name', path: () => `/api/v1/order/read?search=${pick(SEARCH_NAMES)}` },
  {
    name: 'search two words',
    path: () => `/api/v1/order/read?search=${pick(SEARCH_NAMES)}%20${pick(SEARCH_NAMES)}`,
  },
  {
    name: 'search tracking',
    path: () =>
      `/api/v1/order/read?search=9400${String(3 + Math.floor(Math.random() * (ROWS - 3))).padStart(18, '0')}`,
  },
  {
    name: 'search OrderId',
    path: () => `/api/v1/order/read?search=LBL-${10001 + Math.floor(Math.random() * ROWS)}`,
  },
  { name: 'bulk list', path: () => '/api/v1/order/read-bulk-orders' },
  { name: 'bulk results', path: () => `/api/v1/order/read-bulk-order/${pick(bulkIds)}` },
  { name: 'console resellers', path: () => '/api/v1/admin/users', staff: true },
  {
    name: 'console deep page',
    path: () => `/api/v1/admin/users?page=${1 + Math.floor(Math.random() * Math.ceil(RESELLERS / 20))}`,
    staff: true,
  },
  {
    name: 'console search',
    path: () => `/api/v1/admin/users?search=reseller_${1 + Math.floor(Math.random() * RESELLERS)}`,
    staff: true,
  },
  { name: 'console orders', path: () => '/api/v1/admin/orders', staff: true },
];

/** `count` resellers, one a minute back from now, and a staff member; the staff member's session token. */
async function fillResellers(app: App, database: Database, count: number): Promise<string> {
  await database.executeSql(
    `INSERT INTO users (username, discord_id, email, email_verified, password_hash, api_key_hash, api_key_cipher, created_at)
     SELECT 'Reseller ' || g, 'reseller_' || g, 'reseller' || g || '@example.com', true, 'not-a-hash',
            'bench-key-' || g, 'unused', now() - g * interval '1 minute'
     FROM generate_series(1, ${count}) AS g`,
  );
  const staff = await insertBenchUser(database.db, { username: 'Bench Staff', role: 'admin' });
  await database.executeSql('ANALYZE users');
  return createSession(app.ctx, staff.id, { ip: '127.0.0.1', userAgent: 'bench' });
}

/** Load from a worker thread, so the load generator does not share the server's event loop. */
async function load(url: string, path: () => string, headers: Record<string, string> = {}) {
  // Workers cannot take a request function: each connection cycles through 500 pre-drawn paths.
  const requests = Array.from({ length: 500 }, () => ({ method: 'GET' as const, path: path() }));
  const before = cpuMs();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    requests,
    workers: 1,
  });
  const after = cpuMs();
  const perRequestUs = (ms: number) => (ms * 1000) / Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    serverUs: perRequestUs(after.server - before.server),
    postgresUs: perRequestUs(after.postgres - before.postgres),
  };
}

async function helloWorld(): Promise<Row> {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const figures = await load(url, () => '/');
  await app.close();
  return { engine: 'fastify', scenario: 'hello world', ...figures };
}

async function historyOn(engine: 'pglite' | 'postgres', database: Database): Promise<Row[]> {
  await database.migrate();
  await seedLabelTypes(database.db);
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: 'orders-read-bench-secret-0123456789',
    RATE_LIMIT_PER_MINUTE: '0',
    WEB_DIST_DIR: '/nonexistent',
  });
  // The server logs as `npm start` has it log (a line per request at its default level), into nowhere.
  const app: App = await buildApp({
    config,
    database,
    logger: { ...loggerOptions(config), file: '/dev/null' },
  });
  const user = await insertBenchUser(database.db, { username: 'Bench Reseller' });
  const [type] = await database.db.select().from(labelTypes).where(eq(labelTypes.uid, 'ground_oz'));
  const started = performance.now();
  const bulkIds = await fillHistory(database, user.id, type!.id, ROWS, PER_BULK);
  console.log(
    `${engine}: ${ROWS.toLocaleString('en-US')} orders in ${bulkIds.length} bulk orders written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const token = await createSession(app.ctx, user.id, { ip: '127.0.0.1', userAgent: 'bench' });
  const staffToken = await fillResellers(app, database, RESELLERS);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const auth = { authorization: `Bearer ${token}` };
  // Warm-up (JIT, plans, caches), not reported. A shorter one at fewer connections left a one-time
  // stall of about 3 s on PGlite inside the first scenario, which set its p99.
  await autocannon({
    url,
    connections: CONNECTIONS,
    duration: 3,
    headers: auth,
    requests: [{ path: '/api/v1/order/read' }],
  });
  const rows: Row[] = [];
  for (const s of scenarios(Math.ceil(ROWS / 10), bulkIds).filter((x) => x.name.includes(ONLY))) {
    cachePagesUpTo(app.ctx.db, s.remembered ? config.orderPageMemoryRows : 0);
    rows.push({
      engine,
      scenario: s.name,
      ...(await load(url, s.path, { authorization: `Bearer ${s.staff ? staffToken : token}` })),
    });
  }
  await app.close();
  await database.close();
  return rows;
}

async function postgresDatabase(url: string): Promise<Database> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('CREATE DATABASE orders_bench');
  await admin.end();
  return createDatabase({ url: url.replace(/\/postgres$/, '/orders_bench'), dataDir: '', poolSize: 20 });
}

/**
 * Whether this process runs as `npm start` runs the server: with its node options (the heap limits of
 * decision 217) and its environment. V8's default young generation is four times the one the server
 * starts with; under it the server collected less often and a fresh page 1 measured about a tenth
 * faster than the server runs (decision 229).
 */
function runsAsStarted(): boolean {
  const { env, nodeOptions } = startCommand();
  return (
    nodeOptions.every((option) => process.execArgv.includes(option)) &&
    Object.entries(env).every(([name, value]) => process.env[name] === value)
  );
}

/** Runs this file again in a process started with `npm start`'s node options and environment. */
async function runAsStarted(): Promise<void> {
  const { env, nodeOptions } = startCommand();
  const child = spawn(
    process.execPath,
    [...nodeOptions, ...process.execArgv, fileURLToPath(import.meta.url)],
    { stdio: 'inherit', env: { ...process.env, ...env } },
  );
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`orders-read exited with ${code}`);
}

export async function runOrdersReadBench(): Promise<void> {
  if (!runsAsStarted()) return runAsStarted();
  console.log(
    `GET /api/v1/order/read: ${CONNECTIONS} connections, ${SECONDS} s per scenario, ${ROWS.toLocaleString('en-US')} orders`,
  );
  const rows: Row[] = [await helloWorld()];
  if (ENGINES.includes('pglite'))
    rows.push(...(await historyOn('pglite', await createDatabase({ dataDir: 'memory://' }))));
  if (ENGINES.includes('postgres')) {
    const cluster = await startPostgresCluster();
    try {
      rows.push(...(await historyOn('postgres', await postgresDatabase(cluster.url))));
    } finally {
      cluster.stop();
    }
  }
  // Each figure also as a share of the bare hello-world measured in the same run.
  const hello = rows[0]!;
  console.log(
    'engine    scenario              req/s  of hello   p99 ms  non-2xx   server µs/req   PostgreSQL µs/req',
  );
  for (const r of rows)
    console.log(
      `${r.engine.padEnd(9)} ${r.scenario.padEnd(19)} ${r.rps.toFixed(0).padStart(7)} ${`${((r.rps / hello.rps) * 100).toFixed(1)}%`.padStart(9)} ${String(r.p99).padStart(8)} ${String(r.non2xx).padStart(8)} ${r.serverUs.toFixed(0).padStart(15)} ${(r.engine === 'postgres' ? r.postgresUs.toFixed(0) : '').padStart(19)}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) await runOrdersReadBench();
