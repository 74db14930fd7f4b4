/**
 * Merged-PDF download benchmark (`npx tsx bench/bulk-pdf.ts`, or `npm run bench -- bulk-pdf`): a bulk order of
 * 5,000 completed USPS labels (BULK_PDF_BENCH_ROWS) on the embedded database (PGlite), served by the real
 * server process; GET /order/bulk-download-pdf/{id} once, then six at once, while /healthz is asked every
 * 50 ms. Prints each download's time and size and the slowest /healthz answer meanwhile.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { prepareBulkOrderDataDir } from '../apps/server/test/large-bulk-order.ts';
import { labelsWarm, startServer, whileProbingHealth } from '../apps/server/test/server-process.ts';

const run = promisify(execFile);
const ROWS = Number(process.env.BULK_PDF_BENCH_ROWS ?? 5000);
/** Distinct label PDFs drawn for the order; its rows repeat them (the merge's cost does not depend on it). */
const DISTINCT = 100;

type Download = { status: number; seconds: number; mb: number; file?: string };

async function download(url: string, headers: Record<string, string>, file?: string): Promise<Download> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of res.body ?? []) {
    bytes += (chunk as Uint8Array).length;
    if (file) chunks.push(chunk as Uint8Array);
  }
  if (file) fs.writeFileSync(file, Buffer.concat(chunks));
  return { status: res.status, seconds: (performance.now() - started) / 1000, mb: bytes / 1024 / 1024, file };
}

export async function runBulkPdfBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-pdf-bench-'));
  const print = (line: string): void => void process.stdout.write(`${line}\n`);
  try {
    const dataDir = path.join(dir, 'data');
    const prepared = performance.now();
    const { bulkOrderId, headers } = await prepareBulkOrderDataDir(dataDir, {
      rows: ROWS,
      distinct: DISTINCT,
    });
    print(
      `bulk order of ${ROWS.toLocaleString('en-US')} completed USPS labels on PGlite, written in ${((performance.now() - prepared) / 1000).toFixed(1)} s`,
    );
    const server = await startServer({ dataDir }, { SEED_DEMO: '0' });
    try {
      await labelsWarm(server.baseUrl);
      const url = `${server.baseUrl}/api/v1/order/bulk-download-pdf/${bulkOrderId}`;
      const one = await whileProbingHealth(server.baseUrl, () =>
        download(url, headers, path.join(dir, 'one.pdf')),
      );
      const pages = /Pages:\s+(\d+)/.exec((await run('pdfinfo', [one.result.file!])).stdout)?.[1];
      print(
        `  one download:   ${one.result.seconds.toFixed(2)} s, ${one.result.mb.toFixed(1)} MB, ${pages} pages (pdfinfo); slowest /healthz meanwhile ${one.slowestMs.toFixed(0)} ms`,
      );
      const six = await whileProbingHealth(server.baseUrl, () =>
        Promise.all(Array.from({ length: 6 }, () => download(url, headers))),
      );
      const seconds = six.result.map((d) => d.seconds);
      const statuses = six.result.map((d) => d.status).join(' ');
      print(
        `  six at once:    slowest ${Math.max(...seconds).toFixed(2)} s, fastest ${Math.min(...seconds).toFixed(2)} s (status ${statuses}); slowest /healthz meanwhile ${six.slowestMs.toFixed(0)} ms`,
      );
      print(`  server RSS peak ${server.memory().peakRssMb.toFixed(0)} MB`);
    } finally {
      await server.kill('SIGTERM');
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runBulkPdfBench();
