/**
 * Label engine benchmark (`npx tsx bench/labels.ts`, or through `npm run bench`). Each figure comes from
 * child processes running bench/labels/worker.ts, so runs do not share heaps and peak RSS is per size.
 * Sizes: LABEL_BENCH_COUNT (labels per render run, default 300), LABEL_BENCH_MEMORY_SIZES (default 1000,10000).
 */
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { measureEndToEnd } from './labels-end-to-end.ts';

const run = promisify(execFile);
const WORKER = join(import.meta.dirname, 'labels', 'worker.ts');

/**
 * The end-to-end rate (order placed through the API to label ready); by default the real server on
 * PostgreSQL measured by labels-end-to-end.ts.
 */
export type EndToEndLabelHook = () => Promise<{ labelsPerSecond: number; note?: string }>;

const measure = async <T>(...args: string[]): Promise<T> => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', WORKER, ...args], {
    cwd: join(import.meta.dirname, '..'),
    maxBuffer: 1 << 20,
  });
  const line = stdout.trim().split('\n').pop() ?? '{}';
  return JSON.parse(line) as T;
};

type Rate = { perSecond: number };
const fmt = (n: number): string => n.toFixed(0).padStart(6);

/** Renders on one core, then one process per core at once; the sum of their rates is the all-core rate. */
const rates = async (
  mode: 'engine' | 'bare',
  mix: 'usps' | 'mix',
  count: number,
): Promise<[number, number]> => {
  const one = await measure<Rate>(mode, String(count), mix);
  const cores = availableParallelism();
  const all = await Promise.all(Array.from({ length: cores }, () => measure<Rate>(mode, String(count), mix)));
  return [one.perSecond, all.reduce((sum, r) => sum + r.perSecond, 0)];
};

export async function runLabelBench(options: { endToEnd?: EndToEndLabelHook } = {}): Promise<void> {
  const count = Number(process.env.LABEL_BENCH_COUNT ?? 300);
  const sizes = (process.env.LABEL_BENCH_MEMORY_SIZES ?? '1000,10000').split(',').map(Number);
  const cores = availableParallelism();
  const print = (line: string): void => void process.stdout.write(`${line}\n`);

  print(`labels rendered per second (${count} per run; all cores = ${cores} processes)`);
  print('                               1 core  all cores');
  for (const [label, mode, mix] of [
    ['engine, USPS priority', 'engine', 'usps'],
    ['engine, USPS/UPS/FedEx mix', 'engine', 'mix'],
    ['bare pdf-lib+bwip-js, USPS', 'bare', 'usps'],
    ['bare pdf-lib+bwip-js, mix', 'bare', 'mix'],
  ] as const) {
    const [one, all] = await rates(mode, mix, count);
    print(`  ${label.padEnd(28)} ${fmt(one)}  ${fmt(all)}`);
  }

  const e2e = await (options.endToEnd ?? measureEndToEnd)();
  print(
    `end-to-end (order placed -> label ready): ${e2e.labelsPerSecond.toFixed(0)} labels/s ${e2e.note ?? ''}`,
  );

  const files = await measure<{
    mergePerSecond: number;
    mergeMBps: number;
    zipPerSecond: number;
    zipMBps: number;
  }>('throughput', '5000');
  print(`merged PDF: ${fmt(files.mergePerSecond)} labels/s (${files.mergeMBps.toFixed(1)} MB/s)`);
  print(`zip:        ${fmt(files.zipPerSecond)} labels/s (${files.zipMBps.toFixed(1)} MB/s)`);

  print('peak memory, render -> merged PDF + zip streamed (one process per size)');
  for (const size of sizes) {
    const m = await measure<{
      peakRssMb: number;
      baselineRssMb: number;
      mergedMb: number;
      zipMb: number;
      seconds: number;
    }>('memory', String(size));
    print(
      `  ${String(size).padStart(6)} labels: peak RSS ${m.peakRssMb.toFixed(0)} MB (start ${m.baselineRssMb.toFixed(0)} MB), ` +
        `merged ${m.mergedMb.toFixed(1)} MB, zip ${m.zipMb.toFixed(1)} MB, ${m.seconds.toFixed(1)} s`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runLabelBench();
