/**
 * Runtime benchmark (`npm run bench -- runtime`, issue #17 item 2): the server as `npm start` runs it (the
 * compiled build on plain node) beside the TypeScript source under tsx (how it ran before), on the embedded
 * database and on PostgreSQL. For each: launch -> /readyz ready, launch -> labels warm, RSS at rest with warm
 * render threads, and a 5,000-row bulk order (BULK_BENCH_ROWS): labels per second from the CSV upload (price
 * and pay) to the last label, beside the raw rate of the label engine on one core, and the peak RSS.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { excelCsv, sheetRows } from '../apps/server/test/fixtures/csv-files.ts';
import { startPostgresCluster } from '../apps/server/test/postgres-cluster.ts';
import {
  createDatabaseIn,
  enrolTwoFactorOver,
  labelsWarm,
  payCsvOver,
  signInOver,
  signUpOver,
  startServer,
  type ServerProcess,
} from '../apps/server/test/server-process.ts';
import { engineRate } from './bulk-server.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const COMPILED_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const print = (line: string): void => void process.stdout.write(`${line}\n`);

type Mode = 'compiled' | 'tsx';
type Figures = {
  readyMs: number;
  warmMs: number;
  restMb: number;
  labelsPerSecond: number;
  peakMb: number;
};

/** Gives `reseller` enough balance through the staff console's adjustment, as an operator would. */
async function fundOver(baseUrl: string, staffPassword: string, resellerId: string): Promise<void> {
  const staff = await signInOver(baseUrl, 'admin', staffPassword);
  await enrolTwoFactorOver(baseUrl, staff);
  const res = await fetch(`${baseUrl}/api/v1/admin/users/${resellerId}/adjust-balance`, {
    method: 'POST',
    headers: { ...staff, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 500_000, reason: 'Runtime benchmark' }),
  });
  if (!res.ok) throw new Error(`adjust-balance failed: ${res.status} ${await res.text()}`);
}

/** Pays a bulk order of `rows` CSV rows and waits until every label is done; labels per second. */
async function bulkOrder(
  server: ServerProcess,
  headers: Record<string, string>,
  rows: number,
): Promise<number> {
  const { labelTypes } = (await (
    await fetch(`${server.baseUrl}/api/v1/labeltype/read`, { headers })
  ).json()) as { labelTypes: { _id: string; uid: string }[] };
  const type = labelTypes.find((t) => t.uid === 'priority')!._id;
  const csv = excelCsv(sheetRows(rows));
  const paidAt = performance.now();
  const { bulkId: id } = await payCsvOver(server.baseUrl, headers, { labelTypeId: type, design: 'evs', csv });
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const res = await fetch(`${server.baseUrl}/api/v1/order/read-bulk-order/${id}`, { headers });
    const { bulkOrder } = (await res.json()) as { bulkOrder: { progress: { done: number } } };
    if (bulkOrder.progress.done >= rows) return rows / ((performance.now() - paidAt) / 1000);
    if (Date.now() > deadline)
      throw new Error(`labels not done after 15 minutes (${bulkOrder.progress.done})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function measure(mode: Mode, database: string | { dataDir: string }, rows: number): Promise<Figures> {
  const staffPassword = `Bench staff ${crypto.randomBytes(9).toString('base64url')}`;
  const launchedAt = performance.now();
  const server = await startServer(
    database,
    { SEED_DEMO: '1', DEMO_ADMIN_PASSWORD: staffPassword, LABEL_RETRY_DELAY_SECONDS: '0' },
    mode === 'compiled' ? { compiledMain: COMPILED_MAIN } : {},
  );
  try {
    const readyMs = performance.now() - launchedAt;
    await labelsWarm(server.baseUrl);
    const warmMs = performance.now() - launchedAt;
    // At rest: warm threads, no request for a few seconds (the collector has run).
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const restMb = server.memory().rssMb;
    const reseller = await signUpOver(server.baseUrl);
    await fundOver(server.baseUrl, staffPassword, reseller.id);
    const labelsPerSecond = await bulkOrder(server, reseller.headers, rows);
    return { readyMs, warmMs, restMb, labelsPerSecond, peakMb: server.memory().peakRssMb };
  } finally {
    await server.kill('SIGTERM');
  }
}

export async function runRuntimeBench(): Promise<void> {
  const rows = Number(process.env.BULK_BENCH_ROWS ?? 5000);
  print('building the server (npm run build -w @portal/server) ...');
  await run('npm', ['run', 'build', '-w', '@portal/server'], { cwd: ROOT });
  const raw = await engineRate(200);
  const cluster = await startPostgresCluster();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-bench-'));
  try {
    const results: { engine: string; mode: Mode; figures: Figures }[] = [];
    for (const engine of ['embedded', 'PostgreSQL'] as const) {
      for (const mode of ['tsx', 'compiled'] as const) {
        const database =
          engine === 'PostgreSQL'
            ? await createDatabaseIn(cluster.url, 'runtime')
            : { dataDir: path.join(scratch, `${mode}-data`) };
        results.push({ engine, mode, figures: await measure(mode, database, rows) });
      }
    }
    print(
      `server runtime, ${rows.toLocaleString('en-US')}-row bulk order; label engine alone: ${raw.toFixed(0)} labels/s on one core`,
    );
    print(
      '  engine      run as               ready   labels warm   RSS at rest   labels/s (x engine)   peak RSS',
    );
    for (const { engine, mode, figures: f } of results) {
      const runAs = mode === 'compiled' ? 'compiled (npm start)' : 'tsx (before)';
      print(
        `  ${engine.padEnd(11)} ${runAs.padEnd(20)} ${`${(f.readyMs / 1000).toFixed(2)} s`.padStart(7)}   ${`${(f.warmMs / 1000).toFixed(1)} s`.padStart(11)}   ${`${f.restMb.toFixed(0)} MB`.padStart(11)}   ${`${f.labelsPerSecond.toFixed(0)} (${(f.labelsPerSecond / raw).toFixed(2)}x)`.padStart(19)}   ${`${f.peakMb.toFixed(0)} MB`.padStart(8)}`,
      );
    }
    print(
      '  targets: ready within 1.5 s; at rest at most 300 MB embedded, 200 MB PostgreSQL; peak at most 450 MB',
    );
  } finally {
    cluster.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runRuntimeBench();
