/**
 * `npm run bench`: every benchmark in one run, printing its figures. Pass names to run some of them:
 * `npm run bench -- labels csv`.
 */
import fs from 'node:fs';
import path from 'node:path';

type Bench = { name: string; file: string; exportName: string };

const BENCHES: Bench[] = [
  { name: 'labels', file: 'labels.ts', exportName: 'runLabelBench' },
  { name: 'label-formats', file: 'label-formats.ts', exportName: 'runLabelFormatsBench' },
  { name: 'orders-read', file: 'orders-read.ts', exportName: 'runOrdersReadBench' },
  { name: 'csv', file: 'csv.ts', exportName: 'runCsvBench' },
  { name: 'bulk', file: 'bulk.ts', exportName: 'runBulkBench' },
  { name: 'bulk-pdf', file: 'bulk-pdf.ts', exportName: 'runBulkPdfBench' },
  { name: 'api-v2', file: 'api-v2.ts', exportName: 'runApiV2Bench' },
  { name: 'webhooks', file: 'webhooks.ts', exportName: 'runWebhookBench' },
  { name: 'runtime', file: 'runtime.ts', exportName: 'runRuntimeBench' },
  { name: 'upstream', file: 'upstream.ts', exportName: 'runUpstreamBench' },
  { name: 'file-storage', file: 'file-storage.ts', exportName: 'runFileStorageBench' },
];

async function main(): Promise<void> {
  // Arguments starting with `--` are a bench's own flags (`upstream --orders=1000`).
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const selected = BENCHES.filter((b) => wanted.length === 0 || wanted.includes(b.name));
  for (const bench of selected) {
    const file = path.join(import.meta.dirname, bench.file);
    if (!fs.existsSync(file)) continue;
    console.log(`\n=== ${bench.name} ===`);
    const started = performance.now();
    const mod = (await import(file)) as Record<string, () => Promise<void>>;
    const run = mod[bench.exportName];
    if (!run) throw new Error(`${bench.file} does not export ${bench.exportName}`);
    await run();
    console.log(`(${bench.name} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}

await main();
