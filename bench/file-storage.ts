/**
 * File storage benchmark (`npm run bench -- file-storage`, issue 48): the embedded database's size with N
 * label PDFs in it (FILE_STORE=db) and with only their keys (FILE_STORE=s3, against a local S3-compatible
 * server), scaled to 100,000 labels, and the time `npm run backup` and `npm run restore` take on each.
 * The labels are real test-mode PDFs (a USPS/UPS/FedEx mix). Size: FILE_STORAGE_BENCH_COUNT (default 2000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupDatabase, restoreDatabase } from '../apps/server/src/db/backup.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { createFileStore, type NewFile } from '../apps/server/src/files/index.ts';
import { sampleShipment } from '../apps/server/src/labels/fixtures.ts';
import { renderLabel } from '../apps/server/src/labels/render-label.ts';
import { generateTracking } from '../apps/server/src/labels/tracking/generate-tracking.ts';
import { startS3, type TestS3 } from '../apps/server/test/s3-server.ts';

const MIX = ['priority', 'ground_oz', 'ups_standard', 'fedex_2day', 'fedex_ground'] as const;
const PER = 100_000;
const BATCH = 50;
const TRIES = 3;

async function samplePdfs(count: number): Promise<Uint8Array[]> {
  const pdfs: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const uid = MIX[i % MIX.length]!;
    const shipment = sampleShipment(uid, { orderId: `LBL-${30000 + i}` });
    const tracking = generateTracking({
      labelTypeUid: uid,
      template: shipment.template,
      destinationZip: shipment.to.zip,
      serial: BigInt(i + 1),
    });
    pdfs.push(await renderLabel(shipment, tracking, { isTestLabel: true }, { format: 'pdf' }));
  }
  return pdfs;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const timed = async (run: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};

export async function runFileStorageBench(): Promise<void> {
  const count = Number(process.env.FILE_STORAGE_BENCH_COUNT ?? 2000);
  const print = (line: string): void => void process.stdout.write(`${line}\n`);
  // 100 distinct labels, repeated: each stored file is a real label PDF of the usual size.
  const pdfs = await samplePdfs(100);
  const average = pdfs.reduce((s, p) => s + p.length, 0) / pdfs.length;
  print(
    `file storage: ${count} label PDFs (${(average / 1024).toFixed(1)} kB each on average), scaled to ${PER}`,
  );
  const scale = PER / count;
  const empty = await measure(0, null, pdfs);
  print(
    `  an empty database: backup file ${mb(empty.backupBytes)}, backup ${seconds(empty.backupMs)}, restore ${seconds(empty.restoreMs)}`,
  );
  // The label files' bytes are what grows, so the time a backup or restore takes for 100,000 labels is
  // estimated from the bytes: the empty database's time, plus the extra bytes at the rate measured on the
  // database store's run (the one with the most bytes; small runs on a busy machine time too noisily to scale).
  const runs: Array<{ kind: 'db' | 's3'; m: Awaited<ReturnType<typeof measure>> }> = [];
  for (const kind of ['db', 's3'] as const) {
    const s3 = kind === 's3' ? await startS3('bench-files') : null;
    try {
      runs.push({ kind, m: await measure(count, s3, pdfs) });
    } finally {
      await s3?.close();
    }
  }
  const db = runs[0]!.m;
  const extraMb = (bytes: number) => (bytes - empty.backupBytes) / 1024 / 1024;
  const backupMbPerS = extraMb(db.backupBytes) / Math.max(0.001, (db.backupMs - empty.backupMs) / 1000);
  const restoreMbPerS = extraMb(db.backupBytes) / Math.max(0.001, (db.restoreMs - empty.restoreMs) / 1000);
  print(
    `  backup and restore of the label bytes: ${backupMbPerS.toFixed(1)} and ${restoreMbPerS.toFixed(1)} MB/s of backup file`,
  );
  for (const { kind, m } of runs) {
    const fileBytes = empty.backupBytes + (m.backupBytes - empty.backupBytes) * scale;
    const estimate = (emptyMs: number, mbPerS: number) => emptyMs + (extraMb(fileBytes) / mbPerS) * 1000;
    print(`  FILE_STORE=${kind}`);
    print(`    files table        ${mb(m.tableBytes * scale).padStart(10)} per ${PER} labels`);
    print(`    database growth    ${mb(m.growthBytes * scale).padStart(10)} per ${PER} labels`);
    print(
      `    backup file        ${mb(fileBytes).padStart(10)} for ${PER} labels (measured ${mb(m.backupBytes)} for ${count})`,
    );
    print(
      `    backup             ${seconds(estimate(empty.backupMs, backupMbPerS)).padStart(10)} for ${PER} labels (measured ${seconds(m.backupMs)} for ${count})`,
    );
    print(
      `    restore            ${seconds(estimate(empty.restoreMs, restoreMbPerS)).padStart(10)} for ${PER} labels (measured ${seconds(m.restoreMs)} for ${count})`,
    );
    print(`    writes             ${m.filesPerSecond.toFixed(0).padStart(10)} files/s (batches of ${BATCH})`);
    if (kind === 's3')
      print(
        `    bucket             ${mb(average * PER).padStart(10)} per ${PER} labels (the objects' bytes, backed up apart)`,
      );
  }
}

/** An embedded database with `count` label files on the store of `s3` (none: the database store). */
async function measure(count: number, s3: TestS3 | null, pdfs: Uint8Array[]) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-files-'));
  try {
    const dataDir = path.join(work, 'data');
    const database = await createDatabase({ dataDir });
    await database.migrate();
    const emptySize = await databaseSize(database);
    const store = createFileStore({ db: database.db, bucket: s3?.bucket ?? null });
    const files: NewFile[] = Array.from({ length: count }, (_, i) => ({
      userId: null,
      name: `${i}.pdf`,
      contentType: 'application/pdf',
      content: pdfs[i % pdfs.length]!,
    }));
    const writeMs = await timed(async () => {
      for (let i = 0; i < files.length; i += BATCH) {
        const staged = await store.stage(files.slice(i, i + BATCH));
        await database.db.transaction((tx) => store.record(staged, tx));
      }
    });
    await database.executeSql('VACUUM ANALYZE files', []);
    const growthBytes = (await databaseSize(database)) - emptySize;
    const tableBytes = Number(
      (await database.executeSql("SELECT pg_total_relation_size('files') AS n", [])).rows[0]!.n,
    );
    await database.close();
    // The fastest of three of each: the machine's other work only ever adds time.
    let backupMs = Infinity;
    let restoreMs = Infinity;
    const backupFile = path.join(work, 'backup.tar.gz');
    for (let i = 0; i < TRIES; i++) {
      fs.rmSync(backupFile, { force: true });
      backupMs = Math.min(
        backupMs,
        await timed(() => backupDatabase({ databaseUrl: undefined, dataDir }, backupFile)),
      );
      const restored = path.join(work, `restored-${i}`);
      restoreMs = Math.min(
        restoreMs,
        await timed(() => restoreDatabase({ databaseUrl: undefined, dataDir: restored }, backupFile)),
      );
      fs.rmSync(restored, { recursive: true, force: true });
    }
    return {
      tableBytes,
      growthBytes,
      backupBytes: fs.statSync(backupFile).size,
      backupMs,
      restoreMs,
      filesPerSecond: count / (writeMs / 1000),
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function databaseSize(database: Awaited<ReturnType<typeof createDatabase>>): Promise<number> {
  return Number(
    (await database.executeSql('SELECT pg_database_size(current_database()) AS n', [])).rows[0]!.n,
  );
}
