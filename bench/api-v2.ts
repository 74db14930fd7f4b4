/**
 * Reseller API benchmark (`npx tsx bench/api-v2.ts`, or `npm run bench -- api-v2`), on PGlite:
 * 50 API keys each buying API_BENCH_ORDERS (4) labels through POST /api/v2/order/create-order at once,
 * timed until every label is ready; then GET /api/v2/order/read-orders requests per second and p99
 * under 50 connections, beside a bare Fastify hello-world measured in the same run.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { orders } from '../apps/server/src/db/schema.ts';
import { seedLabelTypes } from '../apps/server/src/db/seed.ts';
import { startWorkers } from '../apps/server/src/jobs/index.ts';
import { insertBenchApiReseller } from './bench-user.ts';

const KEYS = 50;
const ORDERS_PER_KEY = Number(process.env.API_BENCH_ORDERS ?? 4);
const SECONDS = Number(process.env.API_BENCH_SECONDS ?? 5);

const order = (i: number) => ({
  labelType: 'ground_oz',
  Weight: 3,
  FromName: 'Bench Sender',
  FromStreet: '100 Congress Ave',
  FromCity: 'Austin',
  FromState: 'TX',
  FromZip: '78701',
  ToName: `Bench Buyer ${i}`,
  ToStreet: '200 Boylston St',
  ToCity: 'Boston',
  ToState: 'MA',
  ToZip: '02116',
});

async function readLoad(url: string, path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    connections: 50,
    duration: SECONDS,
    headers,
    requests: [{ path }],
    workers: 1,
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

async function helloWorld() {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const figures = await readLoad(url, '/');
  await app.close();
  return figures;
}

export async function runApiV2Bench(): Promise<void> {
  const hello = await helloWorld();
  const database = await createDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedLabelTypes(database.db);
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: 'api-v2-bench-secret-0123456789',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    API_RATE_LIMIT_PER_MINUTE: '0',
    API_PURCHASES_PER_SECOND: '0',
    WEB_DIST_DIR: '/nonexistent',
  });
  const app = await buildApp({ config, database });
  await startWorkers(app.ctx);
  const keys: string[] = [];
  for (let i = 0; i < KEYS; i++) {
    const { key } = await insertBenchApiReseller(app, database.db, {
      username: `Bench ${i}`,
      cents: 1_000_00,
    });
    keys.push(key);
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  const started = performance.now();
  const statuses = await Promise.all(
    keys.map(async (key, k) => {
      const codes: number[] = [];
      for (let i = 0; i < ORDERS_PER_KEY; i++) {
        const res = await fetch(`${url}/api/v2/order/create-order`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json', 'idempotency-key': `b-${k}-${i}` },
          body: JSON.stringify(order(i)),
        });
        await res.arrayBuffer();
        codes.push(res.status);
      }
      return codes;
    }),
  );
  const placedMs = performance.now() - started;
  const total = KEYS * ORDERS_PER_KEY;
  const ok = statuses.flat().filter((s) => s === 201).length;
  for (;;) {
    const [open] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.status, ['pending', 'processing']));
    if (open!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const readyMs = performance.now() - started;
  console.log(
    `create-order: ${ok}/${total} orders from ${KEYS} keys placed in ${(placedMs / 1000).toFixed(1)} s ` +
      `(${Math.round((ok / placedMs) * 1000)} orders/s); every label ready after ${(readyMs / 1000).toFixed(1)} s`,
  );

  const read = await readLoad(url, '/api/v2/order/read-orders?limit=10', { 'x-api-key': keys[0]! });
  console.table([
    { scenario: 'fastify hello world', ...hello },
    { scenario: 'v2 read-orders (PGlite)', ...read },
  ]);
  await app.close();
  await database.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await runApiV2Bench();
