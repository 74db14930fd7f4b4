import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { LABEL_FORMATS } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/index.ts';
import { pngSize } from '../../labels/label-scan.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  createOrder,
  labelTypeIds,
  orderBody,
  waitForLabelJobs,
  waitFor,
} from '../../../test/order-fixtures.ts';
import { apiReseller, type ApiReseller } from '../../../test/account-fixtures.ts';
import { apiCall } from '../../../test/api-fixtures.ts';

const run = promisify(execFile);

/** Issue 37: every download route gives pdf, letter, zpl or png, named and typed as what it is. */
const labelsIn = (zpl: string): number => zpl.split('^XA').length - 1;

describe('label downloads in every format', () => {
  let app: TestApp;
  let alice: ApiReseller;
  let orderId = '';
  let tracking = '';
  beforeAll(async () => {
    app = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '0', API_PURCHASES_PER_SECOND: '0' } });
    await startWorkers(app.ctx);
    alice = await apiReseller(app, 100_00);
    const types = await labelTypeIds(app, alice.headers);
    const created = await createOrder(app, alice.headers, orderBody(types.ground_oz!, { quantity: 2 }));
    expect(created.statusCode, created.body).toBe(201);
    const done = await waitFor(
      () =>
        app
          .inject({ method: 'GET', url: '/api/v1/order/read', headers: alice.headers })
          .then((r) => r.json()),
      (r) => r.orders.length === 2 && r.orders.every((o: { status: string }) => o.status === 'completed'),
      60_000,
    );
    orderId = done.orders[0]._id;
    tracking = done.orders[0].tracking;
  });
  afterAll(async () => {
    await waitForLabelJobs(app);
    await app.close();
  });

  const download = (query = '', headers = alice.headers) =>
    app.inject({ method: 'GET', url: `/api/v1/order/download/${orderId}${query}`, headers });

  it('GET /order/download/{id}: PDF by default, ZPL and PNG at 203 or 300 dpi, Letter', async () => {
    const pdf = await download();
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${tracking}.pdf"`);

    const zpl = await download('?format=zpl');
    expect(zpl.statusCode).toBe(200);
    expect(zpl.headers['content-type']).toBe('application/zpl');
    expect(zpl.headers['content-disposition']).toBe(`attachment; filename="${tracking}.zpl"`);
    expect(labelsIn(zpl.body)).toBe(1);
    expect(zpl.body).toContain('^PW812');
    // The IMpb carries the order's tracking number (GS1 AI 92 + the rest of it), as on the PDF.
    expect(zpl.body).toContain(`(${tracking.slice(0, 2)})${tracking.slice(2)}`);
    expect((await download('?format=zpl&dpi=300')).body).toContain('^PW1200');

    const png = await download('?format=png');
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe(`attachment; filename="${tracking}.png"`);
    expect(pngSize(png.rawPayload)).toEqual({ width: 812, height: 1218 });
    expect(pngSize((await download('?format=png&dpi=300')).rawPayload)).toEqual({
      width: 1200,
      height: 1800,
    });

    const letter = await download('?format=letter');
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(letter.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(letter.rawPayload.toString('latin1')).toMatch(/MediaBox\s*\[\s*0 0 612 792\s*\]/);
  });

  it('refuses an unknown format or resolution with a 400 that lists the known ones', async () => {
    const gif = await download('?format=gif');
    expect(gif.statusCode).toBe(400);
    expect(gif.json().message).toBe('Unknown label format: use one of pdf, letter, zpl, png');
    for (const f of LABEL_FORMATS) expect(gif.json().message).toContain(f);
    const dpi = await download('?format=png&dpi=150');
    expect(dpi.statusCode).toBe(400);
    expect(dpi.json().message).toBe('Unknown label resolution: use dpi 203 or 300');
  });

  it('downloads without a format in the reseller’s default from Account Settings', async () => {
    const url = '/api/v1/user/label-format';
    const got = await app.inject({ method: 'GET', url, headers: alice.headers });
    expect(got.json(), got.body).toEqual({
      labelFormat: 'pdf',
      labelDpi: 203,
    });
    const set = await app.inject({
      method: 'PUT',
      url,
      headers: alice.headers,
      payload: { labelFormat: 'zpl', labelDpi: 300 },
    });
    expect(set.statusCode).toBe(200);
    const zpl = await download();
    expect(zpl.headers['content-type']).toBe('application/zpl');
    expect(zpl.body).toContain('^PW1200');
    expect((await download('?format=pdf')).headers['content-type']).toBe('application/pdf');
    await app.inject({
      method: 'PUT',
      url,
      headers: alice.headers,
      payload: { labelFormat: 'pdf', labelDpi: 203 },
    });
  });

  it('POST /order/download-selected: ZPL as one stream, PNG as a zip', async () => {
    const ids = (await app.inject({ method: 'GET', url: '/api/v1/order/read', headers: alice.headers }))
      .json()
      .orders.map((o: { _id: string }) => o._id);
    const post = (query: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/order/download-selected${query}`,
        headers: alice.headers,
        payload: { ids },
      });
    const zpl = await post('?format=zpl');
    expect(zpl.statusCode).toBe(200);
    expect(zpl.headers['content-type']).toBe('application/zpl');
    expect(zpl.headers['content-disposition']).toBe('attachment; filename="labels.zpl"');
    expect(labelsIn(zpl.body)).toBe(2);
    const png = await post('?format=png');
    expect(png.headers['content-type']).toBe('application/zip');
    expect(png.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(png.rawPayload.toString('latin1')).toContain(`${tracking}.png`);
    expect((await post('?format=bmp')).statusCode).toBe(400);
  });

  it('API v2: label_format at purchase, told by read-order, given by download and bulk download', async () => {
    const { labelType: _t, ...body } = orderBody('');
    const created = await apiCall(app, alice.apiKey, 'POST', '/order/create-order', {
      ...body,
      labelType: 'ground_oz',
      label_format: 'png',
      label_dpi: 300,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().orders[0]._id;
    const read = await waitFor(
      () => apiCall(app, alice.apiKey, 'GET', `/order/read-order/${id}`).then((r) => r.json()),
      (r) => r.order.status === 'completed',
    );
    expect(read.order).toMatchObject({ label_format: 'png', label_dpi: 300 });
    const png = await apiCall(app, alice.apiKey, 'GET', `/order/download/${id}`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(pngSize(png.rawPayload)).toEqual({ width: 1200, height: 1800 });
    const zpl = await apiCall(app, alice.apiKey, 'GET', `/order/download/${id}?format=zpl&dpi=203`);
    expect(zpl.headers['content-type']).toBe('application/zpl');
    expect(zpl.headers['content-disposition']).toMatch(/\.zpl"$/);
    const bad = await apiCall(app, alice.apiKey, 'POST', '/order/create-order', {
      ...body,
      labelType: 'ground_oz',
      label_format: 'gif',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown label format: use one of pdf, letter, zpl, png');

    const { quantity: _q, signature: _s, ...row } = body;
    const bulk = await apiCall(app, alice.apiKey, 'POST', '/order/create-bulk-order', {
      labelType: 'ground_oz',
      label_format: 'zpl',
      data: [row, { ...row, ToName: 'Second Buyer' }],
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    const bulkId = bulk.json().bulkOrder._id;
    await waitFor(
      () => apiCall(app, alice.apiKey, 'GET', `/order/read-bulk-order/${bulkId}`).then((r) => r.json()),
      (b) => b.bulkOrder.status === 'Completed',
    );
    const stream = await apiCall(app, alice.apiKey, 'GET', `/order/download-bulk-order/${bulkId}?format=zpl`);
    expect(stream.headers['content-type']).toBe('application/zpl');
    expect(stream.headers['content-disposition']).toMatch(/\.zpl"$/);
    expect(labelsIn(stream.body)).toBe(2);
    const unknown = await apiCall(
      app,
      alice.apiKey,
      'GET',
      `/order/download-bulk-order/${bulkId}?format=gif`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown label format: use one of zip, pdf, letter, zpl, png');
  });

  it('GET /order/bulk-download/{id}: a zip of one file per label in the asked format, an unknown one refused', async () => {
    const { labelType: _t, quantity: _q, signature: _s, ...row } = orderBody('');
    const bulk = await apiCall(app, alice.apiKey, 'POST', '/order/create-bulk-order', {
      labelType: 'ground_oz',
      data: [row, { ...row, ToName: 'Second Buyer' }],
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    const bulkId = bulk.json().bulkOrder._id;
    const done = await waitFor(
      () => apiCall(app, alice.apiKey, 'GET', `/order/read-bulk-order/${bulkId}`).then((r) => r.json()),
      (b) => b.bulkOrder.status === 'Completed',
    );
    const trackings: string[] = done.orders.map((o: { tracking: string }) => o.tracking);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-zip-'));
    const zipOf = async (query: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/order/bulk-download/${bulkId}${query}`,
        headers: alice.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const file = path.join(dir, `labels${query.replace(/\W/g, '-')}.zip`);
      fs.writeFileSync(file, res.rawPayload);
      const names = (await run('zipinfo', ['-1', file])).stdout.trim().split('\n');
      const first = (await run('unzip', ['-p', file, names[0]!], { encoding: 'buffer' })).stdout;
      return { names, first };
    };
    try {
      const png = await zipOf('?format=png');
      expect(png.names).toEqual(trackings.map((t) => `${t}.png`));
      expect(pngSize(png.first)).toEqual({ width: 812, height: 1218 });
      const zpl = await zipOf('?format=zpl&dpi=300');
      expect(zpl.names).toEqual(trackings.map((t) => `${t}.zpl`));
      expect(labelsIn(zpl.first.toString())).toBe(1);
      expect(zpl.first.toString()).toContain('^PW1200');
      const letter = await zipOf('?format=letter');
      expect(letter.names).toEqual(trackings.map((t) => `${t}.pdf`));
      expect(letter.first.toString('latin1')).toMatch(/MediaBox\s*\[\s*0 0 612 792\s*\]/);
      for (const query of ['', '?format=pdf']) {
        const pdf = await zipOf(query);
        expect(pdf.names).toEqual(trackings.map((t) => `${t}.pdf`));
        expect(pdf.first.subarray(0, 5).toString()).toBe('%PDF-');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    const get = (url: string) => app.inject({ method: 'GET', url, headers: alice.headers });
    for (const url of [
      `/api/v1/order/bulk-download/${bulkId}?format=gif`,
      `/api/v1/order/bulk-download-pdf/${bulkId}?format=gif`,
    ]) {
      const gif = await get(url);
      expect(gif.statusCode, url).toBe(400);
      expect(gif.json().message).toBe('Unknown label format: use one of pdf, letter, zpl, png');
    }
    const csvAsPng = await get(`/api/v1/order/bulk-download-csv/${bulkId}?format=png`);
    expect(csvAsPng.statusCode).toBe(400);
    expect(csvAsPng.json().message).toBe(
      'This download is the rows as CSV: leave format out or use format=csv',
    );
    expect((await get(`/api/v1/order/bulk-download-csv/${bulkId}?format=csv`)).statusCode).toBe(200);
  });
});
