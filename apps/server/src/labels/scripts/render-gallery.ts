/**
 * Writes docs/labels/<type>.png: one test label per label type and per priority template, rendered
 * with poppler at 150 dpi, for reviewing how the templates look. Run: npx tsx apps/server/src/labels/scripts/render-gallery.ts
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { LABEL_TYPE_SEED, PRIORITY_TEMPLATES } from '@portal/shared';
import { LONG_UNICODE_TO, sampleShipment } from '../fixtures.ts';
import { renderLabel } from '../render-label.ts';
import { generateTracking } from '../tracking/generate-tracking.ts';
import type { Shipment } from '../types.ts';

const run = promisify(execFile);
const outDir = resolve(import.meta.dirname, '../../../../../docs/labels');

const gallery: Array<[string, Shipment]> = [
  ...LABEL_TYPE_SEED.filter((t) => t.uid !== 'priority').map((t): [string, Shipment] => [
    t.uid,
    sampleShipment(t.uid),
  ]),
  ...PRIORITY_TEMPLATES.map((template): [string, Shipment] => [
    `priority-${template}`,
    sampleShipment('priority', { template }),
  ]),
  ['long-unicode-ups_express', sampleShipment('ups_express', { to: LONG_UNICODE_TO })],
  ['long-unicode-priority', sampleShipment('priority', { to: LONG_UNICODE_TO, template: 'pitney' })],
];

const work = await mkdtemp(join(tmpdir(), 'label-gallery-'));
await mkdir(outDir, { recursive: true });
let serial = 7_001n;
for (const [name, shipment] of gallery) {
  const tracking = generateTracking({
    labelTypeUid: shipment.labelTypeUid,
    template: shipment.template,
    destinationZip: shipment.to.zip,
    serial: serial++,
  });
  const pdfFile = join(work, `${name}.pdf`);
  await writeFile(pdfFile, await renderLabel(shipment, tracking, { isTestLabel: true }));
  await run('pdftoppm', ['-r', '150', '-png', '-singlefile', pdfFile, join(outDir, name)]);
  process.stdout.write(`docs/labels/${name}.png  ${tracking.trackingNumber}\n`);
}
await rm(work, { recursive: true, force: true });
