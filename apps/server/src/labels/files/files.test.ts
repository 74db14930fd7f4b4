import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleShipment } from '../fixtures.ts';
import { renderLabel } from '../render-label.ts';
import { generateTracking } from '../tracking/generate-tracking.ts';
import { writeMergedPdf } from './merge-pdfs.ts';
import { writePdfZip } from './zip-pdfs.ts';

const run = promisify(execFile);
const uids = ['priority', 'ups_standard', 'fedex_2day', 'ground_oz'];
let dir = '';
const labels: Array<{ tracking: string; pdf: Uint8Array }> = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'label-files-'));
  for (const [i, uid] of uids.entries()) {
    const shipment = sampleShipment(uid);
    const tracking = generateTracking({
      labelTypeUid: uid,
      destinationZip: shipment.to.zip,
      serial: BigInt(900 + i),
    });
    labels.push({
      tracking: tracking.trackingNumber,
      pdf: await renderLabel(shipment, tracking, { isTestLabel: true }),
    });
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function* pdfs(): AsyncGenerator<Uint8Array> {
  for (const label of labels) yield label.pdf;
}

describe('label files', () => {
  it('merges label PDFs into one valid PDF with every page in order', async () => {
    const file = join(dir, 'merged.pdf');
    const result = await writeMergedPdf(pdfs(), createWriteStream(file));
    expect(result.pages).toBe(labels.length);
    const info = (await run('pdfinfo', [file])).stdout;
    expect(info).toMatch(/Pages:\s+4/);
    expect(info).toMatch(/288 x 432 pts/);
    const { stdout, stderr } = await run('pdftotext', ['-raw', file, '-']);
    expect(stderr).toBe('');
    const pages = stdout.split('\f');
    labels.forEach((label, i) => expect(pages[i]?.replace(/\s+/g, '')).toContain(label.tracking));
  });
  it('zips label PDFs one entry per label', async () => {
    const file = join(dir, 'labels.zip');
    const result = await writePdfZip(
      labels.map((l) => ({ name: `${l.tracking}.pdf`, bytes: l.pdf })),
      createWriteStream(file),
    );
    expect(result.entries).toBe(labels.length);
    // End of central directory record: signature, then the entry count at offset 10.
    const zip = await readFile(file);
    const eocd = zip.subarray(zip.length - 22);
    expect(eocd.readUInt32LE(0)).toBe(0x06054b50);
    expect(eocd.readUInt16LE(10)).toBe(labels.length);
    for (const label of labels) expect(zip.includes(`${label.tracking}.pdf`)).toBe(true);
    expect(zip.includes(Buffer.from(labels[0]?.pdf ?? []))).toBe(true);
  });
});
