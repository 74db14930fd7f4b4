import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyLabel, LONG_UNICODE_TO, sampleShipment, type LabelCase } from './fixtures.ts';
import { decodeLinearCodes, decodeMatrixCode, pdfText, scannedDataOf } from './label-scan.ts';
import { renderLabelWithLayout } from './render-label.ts';
import { TEST_MARK } from './templates/canvas.ts';
import { generateTracking } from './tracking/generate-tracking.ts';
import type { Shipment } from './types.ts';

const cases: LabelCase[] = [
  ...everyLabel(),
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

/** Renders the label, checks its text and reads every barcode back; the label's text, compacted. */
async function renderAndScan(name: string, shipment: Shipment): Promise<string> {
  const tracking = generateTracking({
    labelTypeUid: shipment.labelTypeUid,
    labelType: shipment.labelType,
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
  return text;
}

describe('renderLabel: every label type and priority template scans', () => {
  it.concurrent.each(cases)(
    '$name: text, 1D and 2D barcodes read back exactly',
    async ({ name, shipment }) => {
      await renderAndScan(name, shipment);
    },
  );
});

describe('renderLabel: a label type staff made for a service of their providers (decision 334)', () => {
  const staffMade = [
    {
      uid: 'usps_ground_advantage',
      carrier: 'usps',
      service: 'GroundAdvantage',
      printed: 'USPS GROUND ADVANTAGE',
    },
    { uid: 'ups_ground_saver', carrier: 'ups', service: 'ups_ground_saver', printed: 'UPS GROUND SAVER' },
    { uid: 'fedex_2_day_am', carrier: 'fedex', service: 'FEDEX_2_DAY_AM', printed: '2 DAY AM' },
    { uid: 'fedex_ground_economy', carrier: 'fedex', service: 'Ground Economy', printed: 'GROUND ECONOMY' },
    {
      uid: 'usps_priority_mail_express_international',
      carrier: 'usps',
      service: 'Priority Mail Express International Flat Rate Padded Envelope',
      printed: 'USPS PRIORITY MAIL EXPRESS INTERNATIONAL FLAT RATE PADDED ENVELOPE',
    },
  ] as const;
  it.concurrent.each(staffMade)(
    "$carrier $service: its carrier's template with the service name printed, and every barcode scans",
    async ({ uid, carrier, service, printed }) => {
      const shipment = sampleShipment(uid, {
        labelType: { name: `Staff ${service}`, carrier, service },
        weightUnit: 'lb',
        postage: 7.25,
      });
      const text = await renderAndScan(`staff-${uid}`, shipment);
      expect(text).toContain(compact(printed));
    },
  );

  it('is refused without the staff-made type it names: no built-in service has its uid', () => {
    expect(() =>
      generateTracking({ labelTypeUid: 'ups_ground_saver', destinationZip: '46240', serial: 1n }),
    ).toThrow(RangeError);
  });
});
