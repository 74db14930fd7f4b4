/**
 * Label engine benchmark (`npx tsx bench/labels.ts`, or through `npm run bench`). Each figure comes from
 * child processes running bench/labels/worker.ts, so runs do not share heaps and peak RSS is per size.
 * Sizes: LABEL_BENCH_COUNT (labels per render run, default 1000), LABEL_BENCH_MEMORY_SIZES (default 1000,10000).
 */
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { measureEndToEnd, type EndToEndMix } from './labels-end-to-end.ts';

const run = promisify(execFile);
const WORKER = join(import.meta.dirname, 'labels', 'worker.ts');

/**
 * The end-to-end rate (order placed through the API to label ready); by default the real server on
 * PostgreSQL measured by labels-end-to-end.ts.
 */
export type EndToEndLabelHook = (mix: EndToEndMix) => Promise<{ labelsPerSecond: number; note?: string }>;

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
  const count = Number(process.env.LABEL_BENCH_COUNT ?? 1000);
  const sizes = (process.env.LABEL_BENCH_MEMORY_SIZES ?? '1000,10000').split(',').map(Number);
  const cores = availableParallelism();
  const print = (line: string): void => void process.stdout.write(`${line}\n`);

  const raw: Record<string, { one: number; all: number }> = {};
  print(`labels rendered per second (${count} per run; all cores = ${cores} processes)`);
  print('                               1 core  all cores');
  for (const [label, mode, mix] of [
    ['engine, USPS priority', 'engine', 'usps'],
    ['engine, USPS/UPS/FedEx mix', 'engine', 'mix'],
    ['bare pdf-lib+bwip-js, USPS', 'bare', 'usps'],
    ['bare pdf-lib+bwip-js, mix', 'bare', 'mix'],
  ] as const) {
    const [one, all] = await rates(mode, mix, count);
    raw[`${mode}-${mix}`] = { one, all };
    print(`  ${label.padEnd(28)} ${fmt(one)}  ${fmt(all)}`);
  }

  // Target (issue #3): end-to-end at least 80% of the bare loop's one-core rate for the same labels.
  print('end-to-end (order placed through the API -> label ready, database and jobs in between)');
  for (const mix of ['usps', 'mix'] as const) {
    const e2e = await (options.endToEnd ?? measureEndToEnd)(mix);
    const bare = raw[`bare-${mix}`]!;
    const share = (e2e.labelsPerSecond / bare.one) * 100;
    print(
      `  ${(mix === 'usps' ? 'USPS priority' : 'USPS/UPS/FedEx mix').padEnd(19)} ${fmt(e2e.labelsPerSecond)} labels/s ` +
        `= ${share.toFixed(0)}% of bare 1 core, ${((e2e.labelsPerSecond / bare.all) * 100).toFixed(0)}% of bare all cores ` +
        `(target 80% of 1 core: ${share >= 80 ? 'met' : 'NOT met'}) ${e2e.note ?? ''}`,
    );
  }

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
