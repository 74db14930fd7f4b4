import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ready as zplRendererReady } from 'zpl-renderer-js';
import { labelSizeInDots, type LabelDpi } from './backends/output.ts';
import { everyLabel } from './fixtures.ts';
import { decodeImageSymbol, pngSize, scannedDataOf } from './label-scan.ts';
import { renderLabelWithLayout, type LabelOutput } from './render-label.ts';
import { generateTracking } from './tracking/generate-tracking.ts';

/**
 * Every label type and template in ZPL and PNG (both resolutions for each template family): the ZPL is drawn back to an image by
 * an independent renderer (zpl-renderer-js, Zebrash in WebAssembly), the PNG is read as it is, and each
 * barcode, cropped from its layout box, decodes to what the PDF label's barcode holds.
 */
const cases = everyLabel();
const outputs: Array<Exclude<LabelOutput, { format: 'pdf' }>> = [
  { format: 'zpl', dpi: 203 },
  { format: 'zpl', dpi: 300 },
  { format: 'png', dpi: 203 },
  { format: 'png', dpi: 300 },
];
/** At 300 dpi, one label of each template family (the rest differ only in text): keeps the suite quick. */
const AT_300_DPI = new Set([
  'ground_oz',
  'priority-indica',
  'ups_express',
  'fedex_ground',
  'fedex_2day',
  'long-unicode-ups',
]);
const matrix = cases.flatMap((c) =>
  outputs
    .filter((output) => output.dpi === 203 || AT_300_DPI.has(c.name))
    .map((output) => ({ ...c, output, id: `${c.name} ${output.format} ${output.dpi}` })),
);

/** Zebrash's page in millimetres for exactly 812 x 1218 (8 dots/mm) and 1200 x 1800 (12 dots/mm). */
const ZPL_PAGE: Record<LabelDpi, [number, number, number]> = { 203: [101.5, 152.25, 8], 300: [100, 150, 12] };

const zplToPng = async (zpl: string, dpi: LabelDpi): Promise<Uint8Array> => {
  const { api } = await zplRendererReady;
  const [w, h, dpmm] = ZPL_PAGE[dpi];
  return Buffer.from(await api!.zplToBase64Async(zpl, w, h, dpmm), 'base64');
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'label-formats-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('label formats: ZPL and PNG carry the PDF label', () => {
  it.each(matrix)(
    '$id: exact size, every barcode reads as on the PDF',
    async ({ name, shipment, output }) => {
      const tracking = generateTracking({
        labelTypeUid: shipment.labelTypeUid,
        template: shipment.template,
        destinationZip: shipment.to.zip,
        serial: 424_242n,
      });
      const pdf = await renderLabelWithLayout(shipment, tracking, { isTestLabel: true });
      const { file, barcodes } = await renderLabelWithLayout(
        shipment,
        tracking,
        { isTestLabel: true },
        output,
      );
      expect(barcodes).toEqual(pdf.barcodes);

      let image = file;
      if (output.format === 'zpl') {
        const zpl = new TextDecoder().decode(file);
        expect(zpl.startsWith('^XA')).toBe(true);
        expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
        expect(zpl).toContain('TEST LABEL - NOT VALID FOR POSTAGE');
        expect(zpl).toMatch(
          tracking.carrier === 'usps' ? /\^BC/ : tracking.carrier === 'ups' ? /\^BD/ : /\^B7/,
        );
        image = await zplToPng(zpl, output.dpi);
      }
      expect(pngSize(image)).toEqual(labelSizeInDots(output.dpi));
      expect(labelSizeInDots(output.dpi)).toEqual(
        output.dpi === 203 ? { width: 812, height: 1218 } : { width: 1200, height: 1800 },
      );

      for (const [i, placement] of barcodes.entries()) {
        const decoded = await decodeImageSymbol(
          image,
          output.dpi,
          placement,
          join(dir, `${name}-${output.format}-${output.dpi}-${i}`),
        );
        const expected =
          placement.bcid === 'code128' || placement.bcid === 'gs1-128'
            ? scannedDataOf(placement)
            : placement.text;
        expect({ bcid: placement.bcid, decoded }).toEqual({ bcid: placement.bcid, decoded: expected });
      }
    },
  );
});
