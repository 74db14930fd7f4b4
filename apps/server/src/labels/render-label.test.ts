import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LABEL_TYPE_SEED, PRIORITY_TEMPLATES, type PriorityTemplate } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_UNICODE_TO, sampleShipment } from './fixtures.ts';
import { decodeLinearCodes, decodeMatrixCode, pdfText, scannedDataOf } from './label-scan.ts';
import { renderLabelWithLayout } from './render-label.ts';
import { TEST_MARK } from './templates/canvas.ts';
import { generateTracking } from './tracking/generate-tracking.ts';
import type { Shipment } from './types.ts';

type Case = { name: string; shipment: Shipment };

const cases: Case[] = [
  ...LABEL_TYPE_SEED.filter((t) => t.uid !== 'priority').map((t) => ({
    name: t.uid,
    shipment: sampleShipment(t.uid),
  })),
  ...PRIORITY_TEMPLATES.map((template: PriorityTemplate) => ({
    name: `priority-${template}`,
    shipment: sampleShipment('priority', { template }),
  })),
  {
    name: 'long-unicode-ups',
    shipment: sampleShipment('ups_express', { to: LONG_UNICODE_TO }),
  },
  { name: 'long-unicode-fedex', shipment: sampleShipment('fedex_home_delivery', { to: LONG_UNICODE_TO }) },
  {
    name: 'long-unicode-usps',
    shipment: sampleShipment('ground_oz', {
      to: LONG_UNICODE_TO,
      from: { ...LONG_UNICODE_TO, zip: '10001' },
    }),
  },
];

const compact = (s: string): string => s.replace(/\s+/g, '');
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'labels-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('renderLabel: every label type and priority template scans', () => {
  it.concurrent.each(cases)(
    '$name: text, 1D and 2D barcodes read back exactly',
    async ({ name, shipment }) => {
      const tracking = generateTracking({
        labelTypeUid: shipment.labelTypeUid,
        template: shipment.template,
        destinationZip: shipment.to.zip,
        serial: 424_242n,
      });
      const { pdf, barcodes } = await renderLabelWithLayout(shipment, tracking, { isTestLabel: true });
      const file = join(dir, `${name}.pdf`);
      await writeFile(file, pdf);

      const text = compact(await pdfText(file));
      expect(text).toContain(tracking.trackingNumber);
      expect(text).toContain(compact(TEST_MARK));
      for (const address of [shipment.from, shipment.to]) {
        expect(text).toContain(compact(address.name.toUpperCase()));
        expect(text).toContain(compact(address.street1.toUpperCase()));
      }

      const linear = barcodes.filter((b) => b.bcid === 'code128' || b.bcid === 'gs1-128');
      const decoded = await decodeLinearCodes(file, join(dir, name));
      expect(decoded.sort()).toEqual(linear.map(scannedDataOf).sort());
      expect(decoded.some((d) => d.includes(tracking.trackingNumber))).toBe(true);

      const matrix = barcodes.filter((b) => b.bcid === 'pdf417' || b.bcid === 'maxicode');
      expect(matrix.length).toBe(tracking.carrier === 'usps' ? 0 : 1);
      for (const [i, placement] of matrix.entries()) {
        expect(await decodeMatrixCode(file, placement, join(dir, `${name}-2d-${i}`))).toBe(placement.text);
      }
    },
  );
});
