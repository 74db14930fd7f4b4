/**
 * Bulk CSV benchmark (`npx tsx bench/csv.ts`, or `npm run bench -- csv`): parse + validate a generated
 * Excel-style file, as POST /order/validatecsv does after the upload, and validate again with the
 * address check of every row against the USPS ZIP table (issue 38), beside it. Each size runs in its own
 * child process so peak RSS is per size; the ZIP table's load time and the RSS it adds are printed once.
 * Sizes: CSV_BENCH_ROWS (default 5000,10000); runs per size: CSV_BENCH_RUNS (5).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { LABEL_TYPE_SEED, validateCsvRows } from '@portal/shared';
import { usZipDirectory } from '../apps/server/src/lib/zip-table.ts';
import { parseCsv } from '../apps/server/src/csv/parse-csv.ts';
import { excelCsv, sheetRow, sheetRows } from '../apps/server/test/fixtures/csv-files.ts';

type Figures = {
  rows: number;
  bytes: number;
  firstMs: number;
  parseMs: number;
  validateMs: number;
  checkedMs: number;
  warningRows: number;
  tableLoadMs: number;
  tableRssMb: number;
  peakRssMb: number;
  heapMb: number;
};

const priority = { ...LABEL_TYPE_SEED.find((t) => t.uid === 'priority')!, status: true, weightUnit: 'lb' };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One size, in this process: the file has one bad row near the end, as in the test. */
function measure(rowCount: number, runs: number): Figures {
  const rows = sheetRows(rowCount);
  rows[rowCount - 10] = { ...sheetRow(rowCount - 10), ToZip: 'ABCDE' };
  // One row in a hundred has a state its ZIP is not in, so the check's warning path is timed too.
  for (let i = 5; i < rowCount; i += 100) rows[i] = { ...rows[i]!, ToState: 'NY', ToZip: '02108' };
  const file = excelCsv(rows);
  const parse: number[] = [];
  const validate: number[] = [];
  const checked: number[] = [];
  let warningRows = 0;
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const t = performance.now();
  const directory = usZipDirectory();
  const tableLoadMs = performance.now() - t;
  globalThis.gc?.();
  const tableRssMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
  let heap = 0;
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    const { records } = parseCsv(file);
    const t1 = performance.now();
    const result = validateCsvRows(records, priority);
    const t2 = performance.now();
    if (result.ok || result.badRows !== 1) throw new Error('expected exactly one bad row');
    // The same file without its bad row, so every row reaches the address check.
    const good = records.filter((_, i) => i !== rowCount - 9);
    const t3 = performance.now();
    validateCsvRows(good, priority);
    const t4 = performance.now();
    const withCheck = validateCsvRows(good, priority, { addressCheck: { directory, mode: 'confirm' } });
    const t5 = performance.now();
    if (!withCheck.ok) throw new Error('expected the file without its bad row to validate');
    warningRows = withCheck.warningRows;
    heap = Math.max(heap, process.memoryUsage().heapUsed);
    parse.push(t1 - t0);
    validate.push(t2 - t1);
    checked.push(t5 - t4 - (t4 - t3));
  }
  return {
    rows: rowCount,
    bytes: file.length,
    firstMs: parse[0]! + validate[0]!,
    parseMs: median(parse),
    validateMs: median(validate),
    checkedMs: median(validate) + median(checked),
    warningRows,
    tableLoadMs,
    tableRssMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    heapMb: heap / 1024 / 1024,
  };
}

export async function runCsvBench(): Promise<void> {
  const sizes = (process.env.CSV_BENCH_ROWS ?? '5000,10000').split(',').map(Number);
  const runs = Number(process.env.CSV_BENCH_RUNS ?? 5);
  const exec = promisify(execFile);
  console.log(`bulk CSV parse + validate (median of ${runs} runs, one child process per size)`);
  console.log(
    '    rows      size  first run ms   parse ms  validate ms  + address check ms  warned rows   total ms  peak RSS MB  heap MB',
  );
  let table = '';
  for (const size of sizes) {
    const { stdout } = await exec(process.execPath, [
      '--import',
      'tsx',
      '--expose-gc',
      import.meta.filename,
      '--child',
      String(size),
      String(runs),
    ]);
    const f = JSON.parse(stdout.trim().split('\n').pop()!) as Figures;
    console.log(
      `  ${String(f.rows).padStart(6)}  ${(f.bytes / 1024 / 1024).toFixed(2).padStart(5)} MB  ${f.firstMs.toFixed(0).padStart(12)}  ${f.parseMs.toFixed(0).padStart(8)}  ${f.validateMs.toFixed(0).padStart(11)}  ${f.checkedMs.toFixed(0).padStart(18)}  ${String(f.warningRows).padStart(11)}  ${(f.parseMs + f.validateMs).toFixed(0).padStart(9)}  ${f.peakRssMb.toFixed(0).padStart(11)}  ${f.heapMb.toFixed(0).padStart(7)}`,
    );
    table = `USPS ZIP table: loaded in ${f.tableLoadMs.toFixed(0)} ms, ${f.tableRssMb.toFixed(1)} MB of RSS after GC`;
  }
  console.log(table);
}

if (process.argv[2] === '--child') {
  console.log(JSON.stringify(measure(Number(process.argv[3]), Number(process.argv[4]))));
} else if (import.meta.filename === process.argv[1]) {
  await runCsvBench();
}
