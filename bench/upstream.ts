/**
 * Real postage throughput (`npx tsx bench/upstream.ts`, or `npm run bench -- upstream`): portal A buys
 * UPSTREAM_BENCH_ORDERS (1,000) labels on portal B through B's `/api/v2`, both real apps on PGlite, with
 * UPSTREAM_BENCH_LATENCY_MS (300) added to every call between them by a proxy. A buys with up to
 * UPSTREAM_BENCH_CONCURRENCY (20) purchases in flight. Prints labels per second beside the ceiling that
 * concurrency and latency allow: one purchase is about three calls (create, read, download).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp, type App } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase, type Database } from '../apps/server/src/db/client.ts';
import { labelTypes, orders } from '../apps/server/src/db/schema.ts';
import { seedLabelTypes } from '../apps/server/src/db/seed.ts';
import { startWorkers } from '../apps/server/src/jobs/index.ts';
import { createProvider } from '../apps/server/src/modules/providers/providers.service.ts';
import { setLabelTypeRoute } from '../apps/server/src/modules/providers/label-type-routes.service.ts';
import { startFaultProxy } from '../apps/server/test/fault-proxy.ts';
import { insertBenchApiReseller, insertBenchUser } from './bench-user.ts';

const ORDERS = Number(process.env.UPSTREAM_BENCH_ORDERS ?? 1000);
const LATENCY_MS = Number(process.env.UPSTREAM_BENCH_LATENCY_MS ?? 300);
const CONCURRENCY = Number(process.env.UPSTREAM_BENCH_CONCURRENCY ?? 20);
const CALLS_PER_PURCHASE = 3;

const env = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '0',
  API_RATE_LIMIT_PER_MINUTE: '0',
  API_PURCHASES_PER_SECOND: '0',
  WEB_DIST_DIR: '/nonexistent',
  PROVIDER_LABEL_WAIT_SECONDS: '10',
};

async function portal(extra: Record<string, string> = {}): Promise<{ app: App; database: Database }> {
  const database = await createDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedLabelTypes(database.db);
  const app = await buildApp({ config: loadConfig({ ...env, ...extra }), database });
  await startWorkers(app.ctx);
  return { app, database };
}

const order = (labelType: string, i: number) => ({
  labelType,
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

export async function runUpstreamBench(): Promise<void> {
  const b = await portal();
  const onB = await insertBenchApiReseller(b.app, b.database.db, {
    username: 'Portal A on B',
    cents: 100_000_00,
  });
  const bUrl = await b.app.listen({ port: 0, host: '127.0.0.1' });
  const proxy = await startFaultProxy(bUrl, () => 'slow', { slowMs: LATENCY_MS });

  const a = await portal();
  const staff = await insertBenchUser(a.database.db, { username: 'Bench Staff', role: 'admin' });
  const actor = { userId: staff.id, ip: '127.0.0.1', userAgent: 'bench' };
  const provider = await createProvider(a.app.ctx, {
    actor,
    body: {
      kind: 'labelport',
      name: 'Portal B',
      credentials: { apiKey: onB.key, baseUrl: proxy.url },
      maxConcurrent: CONCURRENCY,
    },
  });
  const [groundOz] = await a.database.db.select().from(labelTypes).where(eq(labelTypes.uid, 'ground_oz'));
  await setLabelTypeRoute(a.app.ctx, {
    actor,
    id: groundOz!.id,
    body: { route: [{ providerId: provider._id, service: 'ground_oz' }] },
  });
  const buyer = await insertBenchApiReseller(a.app, a.database.db, {
    username: 'Bench Reseller',
    cents: 100_000_00,
  });
  const aUrl = await a.app.listen({ port: 0, host: '127.0.0.1' });

  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < ORDERS) {
        const i = next++;
        const res = await fetch(`${aUrl}/api/v2/order/create-order`, {
          method: 'POST',
          headers: { 'x-api-key': buyer.key, 'content-type': 'application/json' },
          body: JSON.stringify(order(groundOz!.id, i)),
        });
        if (res.status !== 201) throw new Error(`create-order on A: ${res.status} ${await res.text()}`);
      }
    }),
  );
  const placedMs = performance.now() - started;
  for (;;) {
    const [open] = await a.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.status, ['pending', 'processing']));
    if (open!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  const [done] = await a.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.status, 'completed'));
  const ceiling = CONCURRENCY / ((CALLS_PER_PURCHASE * LATENCY_MS) / 1000);
  console.log(
    `${ORDERS.toLocaleString('en-US')} orders placed on A in ${(placedMs / 1000).toFixed(1)} s; ` +
      `${done!.n} labels bought on B through ${LATENCY_MS} ms per call in ${seconds.toFixed(1)} s: ` +
      `${(done!.n / seconds).toFixed(2)} labels/s with ${CONCURRENCY} in flight ` +
      `(ceiling ${CONCURRENCY} / (${CALLS_PER_PURCHASE} calls x ${LATENCY_MS} ms) = ${ceiling.toFixed(1)} labels/s)`,
  );
  await a.app.close();
  await a.database.close();
  await proxy.close();
  await b.app.close();
  await b.database.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await runUpstreamBench();
