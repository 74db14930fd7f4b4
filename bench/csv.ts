/**
 * Bulk CSV benchmark (`npx tsx bench/csv.ts`, or `npm run bench -- csv`): parse + validate a generated
 * Excel-style file, as POST /order/validatecsv does after the upload. Each size runs in its own child
 * process so peak RSS is per size. Sizes: CSV_BENCH_ROWS (default 5000,10000); runs per size: CSV_BENCH_RUNS (5).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { LABEL_TYPE_SEED, validateCsvRows } from '@portal/shared';
import { parseCsv } from '../apps/server/src/csv/parse-csv.ts';
import { excelCsv, sheetRow, sheetRows } from '../apps/server/test/fixtures/csv-files.ts';

type Figures = {
  rows: number;
  bytes: number;
  firstMs: number;
  parseMs: number;
  validateMs: number;
  peakRssMb: number;
  heapMb: number;
};

const priority = { ...LABEL_TYPE_SEED.find((t) => t.uid === 'priority')!, status: true, weightUnit: 'lb' };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One size, in this process: the file has one bad row near the end, as in the test. */
function measure(rowCount: number, runs: number): Figures {
  const rows = sheetRows(rowCount);
  rows[rowCount - 10] = { ...sheetRow(rowCount - 10), ToZip: 'ABCDE' };
  const file = excelCsv(rows);
  const parse: number[] = [];
  const validate: number[] = [];
  let heap = 0;
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    const { records } = parseCsv(file);
    const t1 = performance.now();
    const result = validateCsvRows(records, priority);
    const t2 = performance.now();
    if (result.ok || result.badRows !== 1) throw new Error('expected exactly one bad row');
    heap = Math.max(heap, process.memoryUsage().heapUsed);
    parse.push(t1 - t0);
    validate.push(t2 - t1);
  }
  return {
    rows: rowCount,
    bytes: file.length,
    firstMs: parse[0]! + validate[0]!,
    parseMs: median(parse),
    validateMs: median(validate),
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    heapMb: heap / 1024 / 1024,
  };
}

export async function runCsvBench(): Promise<void> {
  const sizes = (process.env.CSV_BENCH_ROWS ?? '5000,10000').split(',').map(Number);
  const runs = Number(process.env.CSV_BENCH_RUNS ?? 5);
  const exec = promisify(execFile);
  console.log(`bulk CSV parse + validate (median of ${runs} runs, one child process per size)`);
  console.log('    rows      size  first run ms   parse ms  validate ms   total ms  peak RSS MB  heap MB');
  for (const size of sizes) {
    const { stdout } = await exec(process.execPath, [
      '--import',
      'tsx',
      import.meta.filename,
      '--child',
      String(size),
      String(runs),
    ]);
    const f = JSON.parse(stdout.trim().split('\n').pop()!) as Figures;
    console.log(
      `  ${String(f.rows).padStart(6)}  ${(f.bytes / 1024 / 1024).toFixed(2).padStart(5)} MB  ${f.firstMs.toFixed(0).padStart(12)}  ${f.parseMs.toFixed(0).padStart(8)}  ${f.validateMs.toFixed(0).padStart(11)}  ${(f.parseMs + f.validateMs).toFixed(0).padStart(9)}  ${f.peakRssMb.toFixed(0).padStart(11)}  ${f.heapMb.toFixed(0).padStart(7)}`,
    );
  }
}

if (process.argv[2] === '--child') {
  console.log(JSON.stringify(measure(Number(process.argv[3]), Number(process.argv[4]))));
} else if (import.meta.filename === process.argv[1]) {
  await runCsvBench();
}
