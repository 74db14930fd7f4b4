/**
 * Webhook delivery benchmark (`npx tsx bench/webhooks.ts`, or `npm run bench -- webhooks`): 10,000 events
 * emitted for one reseller with one endpoint, delivered by the app's workers to a local receiver, on
 * embedded PGlite. Prints deliveries per second and the p50/p99 delay from an event's creation to its
 * arrival. WEBHOOK_BENCH_EVENTS (10000) changes the count.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { seedLabelTypes } from '../apps/server/src/db/seed.ts';
import { startWebhookWorkers } from '../apps/server/src/modules/webhooks/webhook-delivery.ts';
import { emitWebhookEvents } from '../apps/server/src/modules/webhooks/webhook-events.ts';
import { createEndpoint } from '../apps/server/src/modules/webhooks/webhooks.service.ts';
import { insertBenchUser } from './bench-user.ts';

const EVENTS = Number(process.env.WEBHOOK_BENCH_EVENTS ?? 10_000);
const BATCH = 500;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function runWebhookBench(): Promise<void> {
  const delays: number[] = [];
  let done: () => void = () => undefined;
  const allArrived = new Promise<void>((resolve) => (done = resolve));
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { created } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { created: string };
      delays.push(Date.now() - Date.parse(created));
      res.end('ok');
      if (delays.length === EVENTS) done();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const database = await createDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedLabelTypes(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
    // The receiver listens on loopback.
    ALLOW_PRIVATE_WEBHOOK_TARGETS: '1',
  });
  const app = await buildApp({ config, database });
  const user = await insertBenchUser(database.db, { username: 'Bench Reseller' });
  await createEndpoint(app.ctx, user.id, { url, events: ['order.completed'], enabled: true });
  await startWebhookWorkers(app.ctx);

  const started = performance.now();
  for (let i = 0; i < EVENTS; i += BATCH) {
    const events = Array.from({ length: Math.min(BATCH, EVENTS - i) }, (_, j) => ({
      userId: user.id,
      type: 'order.completed' as const,
      data: { _id: crypto.randomUUID(), n: i + j, status: 'completed' },
    }));
    await database.db.transaction((tx) => emitWebhookEvents(app.ctx, tx, events));
  }
  const emitted = performance.now();
  await allArrived;
  const seconds = (performance.now() - started) / 1000;
  delays.sort((a, b) => a - b);
  console.log(
    `PGlite: ${EVENTS.toLocaleString('en-US')} events emitted in ${((emitted - started) / 1000).toFixed(1)} s, ` +
      `delivered in ${seconds.toFixed(1)} s: ${Math.round(EVENTS / seconds)} deliveries/s; ` +
      `delay event -> delivery p50 ${percentile(delays, 0.5)} ms, p99 ${percentile(delays, 0.99)} ms`,
  );
  await app.close();
  await database.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
}

if (import.meta.url === `file://${process.argv[1]}`) await runWebhookBench();
