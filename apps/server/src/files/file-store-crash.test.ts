import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';
import { files, fileStoreChecks, orders } from '../db/schema.ts';
import { fund, orderBody, waitFor } from '../../test/order-fixtures.ts';
import { keysIn, startS3, type TestS3 } from '../../test/s3-server.ts';
import { createDatabaseIn, signUpOver, startServer, type ServerProcess } from '../../test/server-process.ts';
import { createFileStore, ORPHAN_GRACE_MS } from './index.ts';

/**
 * In front of the S3 server: passes every request, except that the answer to the first upload of a label
 * file is held (the object is stored), and `uploaded` resolves with its key: the server waits there,
 * between the file write and its transaction's commit, for as long as the test likes.
 */
async function holdFirstUpload(target: string) {
  let reportUpload: (key: string) => void = () => {};
  const uploaded = new Promise<string>((resolve) => (reportUpload = resolve));
  let held = false;
  const server = http.createServer((req, res) => {
    const url = new URL(target);
    const upstream = http.request(
      { host: url.hostname, port: url.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const key = /^\/[^/]+\/(files\/[0-9a-f-]{36})/.exec(req.url ?? '')?.[1];
        if (req.method === 'PUT' && key && !held) {
          held = true;
          answer.resume();
          reportUpload(key);
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    uploaded,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const SERVER_ENV = {
  LABEL_RETRY_DELAY_SECONDS: '0',
  // The killed process's lease on the label lapses after 2 s and another instance takes it over; a live
  // attempt keeps the default time limit, however slow a busy machine makes the first render.
  LABEL_JOB_LEASE_SECONDS: '2',
};

describe('the S3 file store across a crash (real server process, PostgreSQL, real S3-compatible server)', () => {
  const servers: ServerProcess[] = [];
  let database: Database | undefined;
  let s3: TestS3 | undefined;
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGTERM');
    await database?.close();
    await s3?.close();
  });

  it('a server killed between the file write and the commit leaves no row without its file, and the sweep removes the file without its row', async () => {
    s3 = await startS3('crash-files');
    const proxy = await holdFirstUpload(s3.settings.endpoint!);
    const url = await createDatabaseIn(inject('postgresUrl'), 'files_crash');
    const first = await startServer(url, { ...SERVER_ENV, ...s3.env, S3_ENDPOINT: proxy.url });
    servers.push(first);
    database = await createDatabase({ url, dataDir: '', poolSize: 2 });
    const db = database.db;
    const reseller = await signUpOver(first.baseUrl);
    await fund(db, reseller.id, 100_00);
    const api = (base: string, path: string, init: RequestInit = {}) =>
      fetch(`${base}/api/v1${path}`, {
        ...init,
        redirect: 'manual',
        headers: { ...reseller.headers, 'content-type': 'application/json' },
      });
    const { labelTypes } = (await (await api(first.baseUrl, '/labeltype/read')).json()) as {
      labelTypes: { uid: string; _id: string }[];
    };
    const groundOz = labelTypes.find((t) => t.uid === 'ground_oz')!._id;
    const created = await api(first.baseUrl, '/order/create', {
      method: 'POST',
      body: JSON.stringify(orderBody(groundOz)),
    });
    expect(created.status).toBe(201);
    const orderId = ((await created.json()) as { orders: { _id: string }[] }).orders[0]!._id;

    // The label's PDF is in the bucket; its row is not committed: the process dies right there.
    const orphanKey = await proxy.uploaded;
    expect(await keysIn(s3.bucket)).toContain(orphanKey);
    await first.kill('SIGKILL');
    await proxy.close();

    const rowKeys = async () =>
      (await db.select({ key: files.storageKey }).from(files).where(isNotNull(files.storageKey))).map(
        (r) => r.key!,
      );
    expect(await rowKeys()).not.toContain(orphanKey);
    const [atKill] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(atKill).toMatchObject({ labelFileId: null });
    expect(atKill!.status).not.toBe('completed');
    // Recorded before the upload, so the sweep knows to look at it.
    expect((await db.select().from(fileStoreChecks)).map((c) => c.storageKey)).toContain(orphanKey);

    // Another instance takes the label over and stores it again; every row's file is in the bucket.
    const second = await startServer(url, { ...SERVER_ENV, ...s3.env });
    servers.push(second);
    await waitFor(
      () =>
        db
          .select({ status: orders.status, failureReason: orders.failureReason })
          .from(orders)
          .where(eq(orders.id, orderId)),
      ([o]) => o?.status === 'completed',
      60_000,
    );
    const download = await api(second.baseUrl, `/order/download/${orderId}`);
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const kept = await rowKeys();
    expect(kept.length).toBeGreaterThan(0);
    expect(await keysIn(s3.bucket)).toEqual(expect.arrayContaining(kept));

    // The object without a row outlives its grace only until the sweep.
    const store = createFileStore({ db, bucket: s3.bucket });
    expect(await store.sweep(new Date())).toBe(0);
    expect(await store.sweep(new Date(Date.now() + ORPHAN_GRACE_MS + 1000))).toBe(1);
    expect(await keysIn(s3.bucket)).toEqual([...kept].sort());
  }, 180_000);
});
