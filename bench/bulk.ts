/**
 * Bulk order benchmark (`npx tsx bench/bulk.ts`, or `npm run bench -- bulk`): a 5,000-row CSV
 * (BULK_BENCH_ROWS) of USPS priority (evs) labels sent to the real server process on PostgreSQL:
 * validation time, Pay -> every label ready, the zip and merged PDF downloads, and the server's peak
 * RSS (VmHWM), printed beside the single-label rendering rate of the label engine on one core.
 */
import { postCsvForm } from '../apps/server/test/server-process.ts';
import { excelCsv, sheetRows } from '../apps/server/test/fixtures/csv-files.ts';
import {
  describeLabelSettings,
  engineRate,
  labelSettingsFromEnv,
  secondsUntil,
  startBenchServer,
} from './bulk-server.ts';

/** Downloads a file to nowhere; seconds and megabytes. */
async function download(
  url: string,
  headers: Record<string, string>,
): Promise<{ seconds: number; mb: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (!res.ok || !res.body) throw new Error(`download failed: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  return { seconds: (performance.now() - started) / 1000, mb: bytes / 1024 / 1024 };
}

export async function runBulkBench(): Promise<void> {
  const rows = Number(process.env.BULK_BENCH_ROWS ?? 5000);
  const print = (line: string): void => void process.stdout.write(`${line}\n`);
  const rendering = await engineRate(200);
  const settings = labelSettingsFromEnv();
  const bench = await startBenchServer(settings);
  try {
    const { server, reseller } = bench;
    const csv = excelCsv(sheetRows(rows));
    const type = bench.labelTypeId('priority');
    const fields = { labeltype: type, design: 'evs' };
    const startRss = server.memory().rssMb;

    const validations: number[] = [];
    let totalPrice = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await postCsvForm(
        server.baseUrl,
        '/api/v1/order/validatecsv',
        reseller.headers,
        fields,
        csv,
      );
      validations.push(performance.now() - started);
      totalPrice = ((await res.json()) as { totalPrice: number }).totalPrice;
    }
    validations.sort((a, b) => a - b);

    const paidAt = performance.now();
    const paid = await postCsvForm(
      server.baseUrl,
      '/api/v1/order/createOrderFromCSV',
      reseller.headers,
      { type, design: 'evs', total_price: totalPrice.toFixed(2) },
      csv,
    );
    const payMs = performance.now() - paidAt;
    if (paid.status !== 201) throw new Error(`pay failed: ${paid.status} ${await paid.text()}`);
    const bulkId = ((await paid.json()) as { bulkOrder: { _id: string } }).bulkOrder._id;
    const readySeconds = await secondsUntil(bench.finalOrders, rows, paidAt);
    const afterLabels = server.memory();

    const zip = await download(`${server.baseUrl}/api/v1/order/bulk-download/${bulkId}`, reseller.headers);
    const pdf = await download(
      `${server.baseUrl}/api/v1/order/bulk-download-pdf/${bulkId}`,
      reseller.headers,
    );
    const csvOut = await download(
      `${server.baseUrl}/api/v1/order/bulk-download-csv/${bulkId}`,
      reseller.headers,
    );
    const end = server.memory();

    print(
      `bulk order of ${rows.toLocaleString('en-US')} USPS priority rows, one server process on PostgreSQL, ${describeLabelSettings(settings)}`,
    );
    print(
      `  validate CSV (POST /order/validatecsv):   ${validations[1]!.toFixed(0)} ms median of 3 (first ${validations[0]!.toFixed(0)} ms fastest, ${validations[2]!.toFixed(0)} ms slowest)`,
    );
    print(
      `  pay (POST /order/createOrderFromCSV):      ${payMs.toFixed(0)} ms (charge, ${rows} orders and jobs in one transaction)`,
    );
    print(
      `  pay -> every label ready:                 ${readySeconds.toFixed(1)} s = ${(rows / readySeconds).toFixed(0)} labels/s end to end`,
    );
    print(
      `  single-label rendering, engine, 1 core:   ${rendering.toFixed(0)} labels/s (bench/labels/worker.ts)`,
    );
    print(
      `  zip of ${rows} labels:                      ${zip.seconds.toFixed(1)} s, ${zip.mb.toFixed(1)} MB`,
    );
    print(`  merged PDF:                               ${pdf.seconds.toFixed(1)} s, ${pdf.mb.toFixed(1)} MB`);
    print(
      `  results CSV:                              ${csvOut.seconds.toFixed(1)} s, ${csvOut.mb.toFixed(1)} MB`,
    );
    print(
      `  server RSS: ${startRss.toFixed(0)} MB at start, ${afterLabels.rssMb.toFixed(0)} MB after the labels, peak ${end.peakRssMb.toFixed(0)} MB (peak before downloads ${afterLabels.peakRssMb.toFixed(0)} MB)`,
    );
  } finally {
    await bench.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runBulkBench();
