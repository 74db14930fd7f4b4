/**
 * Label formats benchmark (`npm run bench -- label-formats`): labels drawn per second on one core in
 * each format, from the same layouts, beside today's PDF rate. A USPS/UPS/FedEx mix; the layout step
 * is counted in every format, as a download in that format pays for it.
 * Size: LABEL_FORMATS_BENCH_COUNT labels per format (default 200).
 */
import { sampleShipment } from '../apps/server/src/labels/fixtures.ts';
import { renderLabel, type LabelOutput } from '../apps/server/src/labels/render-label.ts';
import { generateTracking } from '../apps/server/src/labels/tracking/generate-tracking.ts';

const MIX = ['priority', 'ground_oz', 'ups_standard', 'fedex_2day', 'fedex_ground'] as const;

const OUTPUTS: Array<{ name: string; output: LabelOutput }> = [
  { name: 'PDF 4x6 (today)', output: { format: 'pdf' } },
  { name: 'ZPL 203 dpi', output: { format: 'zpl', dpi: 203 } },
  { name: 'ZPL 300 dpi', output: { format: 'zpl', dpi: 300 } },
  { name: 'PNG 203 dpi', output: { format: 'png', dpi: 203 } },
  { name: 'PNG 300 dpi', output: { format: 'png', dpi: 300 } },
];

export async function runLabelFormatsBench(): Promise<void> {
  const count = Number(process.env.LABEL_FORMATS_BENCH_COUNT ?? 200);
  const labels = Array.from({ length: count }, (_, i) => {
    const uid = MIX[i % MIX.length]!;
    const shipment = sampleShipment(uid, { orderId: `LBL-${20000 + i}` });
    const tracking = generateTracking({
      labelTypeUid: uid,
      template: shipment.template,
      destinationZip: shipment.to.zip,
      serial: BigInt(i + 1),
    });
    return { shipment, tracking };
  });
  const print = (line: string): void => void process.stdout.write(`${line}\n`);
  print(`label formats: labels per second on 1 core (${count} a format, USPS/UPS/FedEx mix)`);
  let pdfRate = 0;
  for (const { name, output } of OUTPUTS) {
    // Warm-up: code loading and JIT out of the figure.
    for (const { shipment, tracking } of labels.slice(0, 10))
      await renderLabel(shipment, tracking, { isTestLabel: true }, output);
    let bytes = 0;
    const start = performance.now();
    for (const { shipment, tracking } of labels)
      bytes += (await renderLabel(shipment, tracking, { isTestLabel: true }, output)).length;
    const rate = count / ((performance.now() - start) / 1000);
    if (output.format === 'pdf') pdfRate = rate;
    const share = pdfRate ? ` = ${((rate / pdfRate) * 100).toFixed(0)}% of PDF` : '';
    print(
      `  ${name.padEnd(16)} ${rate.toFixed(0).padStart(6)} labels/s${share}, ${(bytes / count / 1024).toFixed(1)} kB a label`,
    );
  }
}
