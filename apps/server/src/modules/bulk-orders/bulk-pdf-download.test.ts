import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareBulkOrderDataDir } from '../../../test/large-bulk-order.ts';
import {
  labelsWarm,
  startServer,
  whileProbingHealth,
  type ServerProcess,
} from '../../../test/server-process.ts';

const run = promisify(execFile);
/** Enough labels that the old download held the event loop for about a second (over 1 ms a label on PGlite). */
const LABELS = 1000;
/** Label PDFs drawn for the order; its rows repeat them in turn, so a page out of place still shows. */
const DISTINCT = 40;
const HEALTH_BOUND_MS = 200;

/**
 * The merged PDF of a large bulk order on the embedded database, from the real server process: the client
 * is another process, as in production, so the server never gets a turn from its own client's reading.
 */
describe('merged PDF download of a large bulk order (PGlite, real server process)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-pdf-download-'));
  let server: ServerProcess;
  let bulk: Awaited<ReturnType<typeof prepareBulkOrderDataDir>>;
  let firstPdf: Buffer;

  beforeAll(async () => {
    const dataDir = path.join(dir, 'data');
    bulk = await prepareBulkOrderDataDir(dataDir, { rows: LABELS, distinct: DISTINCT });
    server = await startServer({ dataDir }, { LABEL_DOWNLOADS_AT_ONCE: '2', LABEL_DOWNLOADS_WAITING: '4' });
    // The render threads' warm-up at start takes both cores for a few seconds; measure the downloads alone.
    await labelsWarm(server.baseUrl);
  }, 120_000);
  afterAll(async () => {
    await server?.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const download = async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/order/bulk-download-pdf/${bulk.bulkOrderId}`, {
      headers: bulk.headers,
    });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };

  const whileProbing = <T>(work: () => Promise<T>) => whileProbingHealth(server.baseUrl, work);

  /** Every label on its own page, in the bulk order's row order. */
  const expectEveryLabelInOrder = async (pdf: Buffer) => {
    const file = path.join(dir, 'download.pdf');
    fs.writeFileSync(file, pdf);
    expect((await run('pdfinfo', [file])).stdout).toMatch(new RegExp(`Pages:\\s+${LABELS}\\n`));
    const { stdout, stderr } = await run('pdftotext', ['-raw', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    expect(stderr).toBe('');
    const pages = stdout.split('\f').map((p) => p.replace(/\s+/g, ''));
    expect(bulk.trackings.filter((tracking, i) => !pages[i]?.includes(tracking))).toEqual([]);
  };

  it('streams every label in order while /healthz keeps answering', async () => {
    const { result, slowestMs } = await whileProbing(download);
    expect(result.res.status).toBe(200);
    await expectEveryLabelInOrder(result.body);
    firstPdf = result.body;
    expect(slowestMs, 'slowest /healthz (ms) during the download').toBeLessThan(HEALTH_BOUND_MS);
  }, 60_000);

  it('runs two downloads at once, queues four and refuses a seventh with 503 and Retry-After', async () => {
    const { result, slowestMs } = await whileProbing(() => Promise.all(Array.from({ length: 7 }, download)));
    const refused = result.filter((d) => d.res.status !== 200);
    expect(refused.map((d) => d.res.status)).toEqual([503]);
    expect(JSON.parse(refused[0]!.body.toString())).toEqual({
      message: 'Too many label downloads are being prepared right now. Please try again in a minute.',
    });
    expect(refused[0]!.res.headers.get('retry-after')).toBe('60');
    const served = result.filter((d) => d.res.status === 200);
    expect(served).toHaveLength(6);
    // The merge is deterministic: each download is the same file as the one checked page by page above.
    for (const d of served) expect(d.body.equals(firstPdf)).toBe(true);
    expect(slowestMs, 'slowest /healthz (ms) during six downloads').toBeLessThan(HEALTH_BOUND_MS);
  }, 120_000);
});
