import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { createOrder, labelTypeIds, orderBody, type Reseller } from '../../../test/order-fixtures.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

/** A 4x6 label PDF whose text is its tracking number, as a finished label job leaves it. */
async function labelPdf(tracking: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([288, 432]).drawText(`TRACKING ${tracking}`, { x: 20, y: 200, size: 12, font });
  return doc.save();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selected-labels-'));
/** pdfinfo's page count and first page size, and pdftotext's tracking numbers in page order. */
function readPdf(bytes: Buffer) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  const info = execFileSync('pdfinfo', [file]).toString();
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
    size: /Page size:\s+([\d.]+ x [\d.]+)/.exec(info)?.[1],
    trackings: [...text.matchAll(/TRACKING (\w+)/g)].map((m) => m[1]),
  };
}

describe('POST /api/v1/order/download-selected', () => {
  let app: TestApp;
  let alice: Reseller;
  let bob: Reseller;
  let ids: string[];
  const trackings = ['TRK0001', 'TRK0002', 'TRK0003'];
  const download = (body: Record<string, unknown>, who = alice) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/order/download-selected',
      headers: who.headers,
      payload: body,
    });

  beforeAll(async () => {
    app = await createTestApp();
    alice = await signUpReseller(app, 100_00);
    bob = await signUpReseller(app);
    const types = await labelTypeIds(app, alice.headers);
    const res = await createOrder(app, alice.headers, orderBody(types.ground_oz!, { quantity: 4 }));
    ids = (res.json().orders as { _id: string }[]).map((o) => o._id);
    for (const [i, tracking] of trackings.entries()) {
      const content = await labelPdf(tracking);
      const fileId = await app.ctx.files.put({
        userId: alice.id,
        name: `${tracking}.pdf`,
        contentType: 'application/pdf',
        content,
      });
      await app.database.db
        .update(orders)
        .set({ status: 'completed', tracking, labelFileId: fileId })
        .where(eq(orders.id, ids[i]!));
    }
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('merges the selected labels, 4x6 one a page, in the order selected', async () => {
    const res = await download({ ids: [ids[2], ids[0], ids[1]], layout: '4x6' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = readPdf(res.rawPayload);
    expect(pdf.pages).toBe(3);
    expect(pdf.size).toBe('288 x 432');
    expect(pdf.trackings).toEqual(['TRK0003', 'TRK0001', 'TRK0002']);
  });

  it('puts two labels on each Letter page for desk printers', async () => {
    const res = await download({ ids: [ids[1], ids[0], ids[2]], layout: 'letter' });
    const pdf = readPdf(res.rawPayload);
    expect(pdf.pages).toBe(2);
    expect(pdf.size).toBe('612 x 792');
    expect(pdf.trackings).toEqual(['TRK0002', 'TRK0001', 'TRK0003']);
  });

  it('takes every completed order matching a search, skipping those without a label', async () => {
    const res = await download({ search: 'Rita', sort: 'asc', layout: '4x6' });
    const pdf = readPdf(res.rawPayload);
    expect(pdf.trackings).toEqual(trackings);
  });

  it("refuses another reseller's ids whole, and a selection with no label yet", async () => {
    const foreign = await download({ ids: [ids[0]] }, bob);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Order not found' });
    const pending = await download({ ids: [ids[3]] });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('None of the selected orders has a label yet');
    expect((await download({ layout: '4x6' })).statusCode).toBe(400);
  });
});
