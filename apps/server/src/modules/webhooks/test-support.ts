import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createDatabase } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { startWebhookWorkers } from './webhook-delivery.ts';

export type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };

/** A real HTTP receiver on 127.0.0.1: `respond` picks each answer's status from the requests so far. */
export async function startReceiver(respond: (count: number) => number = () => 200) {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.statusCode = respond(received.length);
      res.end('ok');
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Resolves once `n` requests arrived (fails the test after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 15_000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} requests, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A host that takes requests and never answers: counts them and how many are open at once (a request
 * closes when our side gives up on it).
 */
export async function startSilentReceiver() {
  let received = 0;
  let open = 0;
  let mostOpen = 0;
  const server = http.createServer((req) => {
    received += 1;
    open += 1;
    mostOpen = Math.max(mostOpen, open);
    req.resume();
    req.socket.once('close', () => {
      open -= 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = 'hooks') => `http://127.0.0.1:${port}/${path}`,
    stats: () => ({ received, open, mostOpen }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The real app with its webhook workers, on a database given by URL (or in-memory PGlite). */
export async function startWebhookApp(url?: string, env: Record<string, string> = {}): Promise<TestApp> {
  const app = await createTestApp({
    database: url ? await createDatabase({ url, dataDir: '' }) : undefined,
    env: {
      WEBHOOK_RETRY_BASE_SECONDS: '1',
      // Tests send many test events; the budget has its own test.
      WEBHOOK_SENDS_PER_MINUTE: '0',
      ...env,
    },
  });
  await startWebhookWorkers(app.ctx);
  return app;
}

/** Waits until no delivery is pending, so a test closes its app with nothing in flight. */
export async function drainWebhookDeliveries(app: TestApp, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await app.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, 'pending'))
      .limit(1);
    if (pending.length === 0 || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const createEndpoint = async (
  app: TestApp,
  headers: Record<string, string>,
  body: { url: string; events?: string[] },
) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers,
    payload: { events: ['order.completed', 'order.cancelled', 'bulk_order.completed'], ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create endpoint failed: ${res.body}`);
  return res.json() as { endpoint: { id: string }; secret: string };
};
