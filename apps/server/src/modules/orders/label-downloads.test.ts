import { LABEL_FORMATS } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/index.ts';
import { pngSize } from '../../labels/label-scan.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { createOrder, labelTypeIds, orderBody, settleLabels, waitFor } from '../../../test/order-kit.ts';
import { apiReseller, type ApiReseller } from '../../../test/account-kit.ts';
import { apiCall } from '../../../test/api-kit.ts';

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
    await settleLabels(app);
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
});
