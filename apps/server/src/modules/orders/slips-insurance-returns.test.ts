import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CSV_COLUMNS } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/index.ts';
import { apiReseller, signUpReseller, type ApiReseller } from '../../../test/account-fixtures.ts';
import { apiCall, appCall } from '../../../test/api-fixtures.ts';
import { sheetRow } from '../../../test/fixtures/csv-files.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import {
  balanceCents,
  labelTypeIds,
  ledgerOf,
  orderBody,
  waitFor,
  waitForLabelJobs,
  type Reseller,
} from '../../../test/order-fixtures.ts';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slips-'));

/** The text of each page of a PDF, read back with pdftotext. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout.split('\f').filter((page) => page.trim() !== '');
}

type Order = {
  _id: string;
  OrderId: string;
  status: string;
  price: number;
  tracking: string | null;
  insuredValue?: number | null;
  insurancePrice?: number | null;
  insuranceStatus?: string | null;
  returnOf?: string | null;
  returnOrder?: string | null;
  items?: { sku: string; title: string; quantity: number }[];
  FromName: string;
  FromStreet: string;
  ToName: string;
  ToStreet: string;
};

describe('packing slips, pick lists, insurance and return labels (issue 46, test mode)', () => {
  let app: TestApp;
  let alice: Reseller;
  let types: Record<string, string>;

  const readOrder = async (id: string, who = alice) =>
    (await appCall(app, who.headers, 'GET', `/order/read/${id}`)).json().order as Order;
  const completed = (id: string, who = alice) =>
    waitFor(
      () => readOrder(id, who),
      (o) => o.status === 'completed',
    );

  beforeAll(async () => {
    app = await createTestApp({ env: { LABEL_RETRY_DELAY_SECONDS: '0' } });
    await startWorkers(app.ctx);
    alice = await signUpReseller(app, 500_00);
    types = await labelTypeIds(app, alice.headers);
  });
  afterAll(async () => {
    await waitForLabelJobs(app);
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('quotes, charges once and records the insurance of a declared value', async () => {
    const quote = await appCall(app, alice.headers, 'POST', '/order/price', {
      labelType: types.ground_oz,
      weight: 3,
      insuredValue: 250,
    });
    // $2.75 for the label; $3 to insure $250 at the default $1 per started $100.
    expect(quote.json()).toEqual({ price: 2.75, insurance: 3 });
    const before = await balanceCents(app.ctx.db, alice.id);
    const res = await appCall(
      app,
      alice.headers,
      'POST',
      '/order/create',
      orderBody(types.ground_oz!, { insuredValue: 250, expectedTotal: 5.75 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [created] = res.json().orders as Order[];
    expect(created).toMatchObject({ price: 5.75, insuredValue: 250, insurancePrice: 3 });
    expect(await balanceCents(app.ctx.db, alice.id)).toBe(before - 575);
    const charges = (await ledgerOf(app.ctx.db, alice.id)).entries.filter((e) => e.kind === 'order_charge');
    expect(charges.at(-1)).toMatchObject({ amountCents: -575 });
    expect((await completed(created!._id)).insuranceStatus).toBe('test');
  });

  it('refuses a declared value a label type does not insure, by its field', async () => {
    await app.ctx.db.execute(
      sql`UPDATE label_types SET insurance_per100_cents = NULL WHERE uid = 'ups_standard'`,
    );
    const body = orderBody(types.ups_standard!, { insuredValue: 100, Weight: 2 });
    const res = await appCall(app, alice.headers, 'POST', '/order/create', body);
    expect(res.statusCode).toBe(400);
    const { name } = (await appCall(app, alice.headers, 'GET', '/labeltype/read'))
      .json()
      .labelTypes.find((t: { uid: string }) => t.uid === 'ups_standard');
    expect(res.json().errors).toEqual([
      { field: 'insuredValue', message: `${name} labels cannot be insured` },
    ]);
  });

  it('buys a CSV with items, downloads labels with slips, each right after its label, and totals the pick list', async () => {
    const header = [...CSV_COLUMNS, 'InsuredValue', 'ItemSku', 'ItemTitle', 'ItemQty'];
    const cells = (i: number) => CSV_COLUMNS.map((c) => sheetRow(i)[c]);
    const blank = CSV_COLUMNS.map(() => '');
    const csvLines = [
      header,
      [...cells(0), '', 'WB-32;HL-400', 'Water Bottle 32 oz;Trail Headlamp', '2;1'],
      [...blank, '', 'CAP-1', 'Trucker Cap', '3'],
      [...cells(1), '120', 'HL-400', 'Trail Headlamp', '4'],
      [...cells(2), '', '', '', ''],
    ];
    const csv = Buffer.from(csvLines.map((l) => l.map((c) => `"${c}"`).join(',')).join('\r\n'));
    const form = async (parts: Record<string, string | { data: Buffer; filename: string }>) =>
      multipartPayload(parts);
    const validated = await form({ csv: { data: csv, filename: 'items.csv' }, labeltype: types.ground_oz! });
    const check = await app.inject({
      method: 'POST',
      url: '/api/v1/order/validatecsv',
      headers: { ...alice.headers, ...validated.headers },
      payload: validated.payload,
    });
    expect(check.statusCode, check.body).toBe(200);
    const paid = await form({
      csv: { data: csv, filename: 'items.csv' },
      type: types.ground_oz!,
      total_price: String(check.json().totalPrice),
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/order/createOrderFromCSV',
      headers: { ...alice.headers, ...paid.headers },
      payload: paid.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const bulkId = res.json().bulkOrder._id as string;
    const bulk = await waitFor(
      async () => (await appCall(app, alice.headers, 'GET', `/order/read-bulk-order/${bulkId}`)).json(),
      (b) => b.bulkOrder?.progress?.done === 3,
    );
    expect(bulk.bulkOrder).toBeDefined();

    const pdf = await appCall(app, alice.headers, 'GET', `/order/bulk-download-pdf/${bulkId}?with=slips`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const pages = await pagesOf(pdf.rawPayload);
    expect(pages).toHaveLength(6);
    const slips = pages.filter((_, i) => i % 2 === 1);
    const labels = pages.filter((_, i) => i % 2 === 0);
    for (const [i, slip] of slips.entries()) {
      expect(slip).toContain('PACKING SLIP');
      expect(labels[i]).not.toContain('PACKING SLIP');
      // The slip names the label's tracking number: it belongs to the label right before it.
      const tracking = /Tracking (\S+)/.exec(slip)![1]!;
      expect(labels[i]!.replace(/\s+/g, '')).toContain(tracking);
    }
    expect(slips[0]).toMatch(/2\s+WB-32\s+Water Bottle 32 oz/);
    expect(slips[0]).toMatch(/1\s+HL-400\s+Trail Headlamp/);
    expect(slips[0]).toMatch(/3\s+CAP-1\s+Trucker Cap/);
    expect(slips[1]).toMatch(/4\s+HL-400\s+Trail Headlamp/);
    expect(slips[1]).toContain('Insured for $120.00');
    expect(slips[2]).toContain('No items were given for this order.');

    const zpl = await appCall(
      app,
      alice.headers,
      'GET',
      `/order/bulk-download-pdf/${bulkId}?with=slips&format=zpl`,
    );
    expect(zpl.statusCode).toBe(200);
    expect(zpl.body.match(/\^XA/g)).toHaveLength(6);
    expect(zpl.body).toContain('PACKING SLIP');
    const png = await appCall(
      app,
      alice.headers,
      'GET',
      `/order/bulk-download-pdf/${bulkId}?with=slips&format=png`,
    );
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe('Labels with slips download as pdf, letter or zpl');

    // API v2: the same merged PDF with slips.
    const access = (await appCall(app, alice.headers, 'GET', '/auth/access')).json() as { api_key: string };
    const viaApi = await apiCall(
      app,
      access.api_key,
      'GET',
      `/order/download-bulk-order/${bulkId}?with=slips`,
    );
    expect(viaApi.statusCode, viaApi.body).toBe(200);
    expect(await pagesOf(viaApi.rawPayload)).toHaveLength(6);

    const pickList = await appCall(app, alice.headers, 'GET', `/order/pick-list/${bulkId}`);
    expect(pickList.statusCode, pickList.body).toBe(200);
    expect(pickList.json()).toEqual({
      bulkOrder: bulkId,
      orders: 3,
      ordersWithItems: 2,
      units: 10,
      items: [
        { sku: 'CAP-1', title: 'Trucker Cap', quantity: 3, orders: 1 },
        { sku: 'HL-400', title: 'Trail Headlamp', quantity: 5, orders: 2 },
        { sku: 'WB-32', title: 'Water Bottle 32 oz', quantity: 2, orders: 1 },
      ],
    });
    const sheet = await appCall(app, alice.headers, 'GET', `/order/pick-list/${bulkId}?format=csv`);
    expect(sheet.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(sheet.body.trim().split(/\r\n/)).toEqual([
      'SKU,Title,Quantity,Orders',
      'CAP-1,Trucker Cap,3,1',
      'HL-400,Trail Headlamp,5,2',
      'WB-32,Water Bottle 32 oz,2,1',
    ]);
    const stranger = await signUpReseller(app);
    expect((await appCall(app, stranger.headers, 'GET', `/order/pick-list/${bulkId}`)).statusCode).toBe(404);
  });

  it('serves one order’s packing slip as 4x6, Letter and ZPL, and a label with its slip', async () => {
    const res = await appCall(
      app,
      alice.headers,
      'POST',
      '/order/create',
      orderBody(types.ground_oz!, { items: [{ sku: 'MUG-11', title: 'Enamel Camp Mug', quantity: 2 }] }),
    );
    const order = await completed((res.json().orders as Order[])[0]!._id);
    expect(order.items).toEqual([{ sku: 'MUG-11', title: 'Enamel Camp Mug', quantity: 2 }]);
    const slip = await appCall(app, alice.headers, 'GET', `/order/packing-slip/${order._id}`);
    expect(slip.headers['content-type']).toBe('application/pdf');
    const [page] = await pagesOf(slip.rawPayload);
    expect(page).toContain(order.OrderId);
    expect(page).toMatch(/2\s+MUG-11\s+Enamel Camp Mug/);
    expect(page).toContain('RITA RECEIVER');
    const letter = await appCall(app, alice.headers, 'GET', `/order/packing-slip/${order._id}?format=letter`);
    fs.writeFileSync(path.join(dir, 'letter.pdf'), letter.rawPayload);
    expect((await run('pdfinfo', [path.join(dir, 'letter.pdf')])).stdout).toMatch(/612 x 792/);
    const zpl = await appCall(
      app,
      alice.headers,
      'GET',
      `/order/packing-slip/${order._id}?format=zpl&dpi=300`,
    );
    expect(zpl.body).toMatch(/^\^XA/);
    expect(zpl.body).toContain('^PW1200');
    const both = await appCall(app, alice.headers, 'GET', `/order/download/${order._id}?with=slips`);
    const pages = await pagesOf(both.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.replace(/\s+/g, '')).toContain(order.tracking!);
    expect(pages[1]).toContain('PACKING SLIP');
    const selected = await app.inject({
      method: 'POST',
      url: '/api/v1/order/download-selected?with=slips',
      headers: alice.headers,
      payload: { ids: [order._id] },
    });
    expect(await pagesOf(selected.rawPayload)).toHaveLength(2);
  });

  it('makes a return label: addresses swapped, charged as an order, linked both ways, once', async () => {
    const res = await appCall(app, alice.headers, 'POST', '/order/create', orderBody(types.ground_oz!));
    const original = (res.json().orders as Order[])[0]!;
    const early = await appCall(app, alice.headers, 'POST', `/order/return/${original._id}`);
    if (early.statusCode !== 409) expect(early.statusCode).toBe(201);
    await completed(original._id);
    const before = await balanceCents(app.ctx.db, alice.id);
    const made =
      early.statusCode === 201
        ? early
        : await appCall(app, alice.headers, 'POST', `/order/return/${original._id}`);
    expect(made.statusCode, made.body).toBe(201);
    const { message, order } = made.json() as { message: string; order: Order };
    expect(message).toBe('Return label created');
    expect(order).toMatchObject({
      returnOf: original._id,
      FromName: 'Rita Receiver',
      FromStreet: '200 Boylston St',
      ToName: 'Sam Sender',
      ToStreet: '100 Congress Ave',
      price: 2.75,
    });
    if (early.statusCode !== 201) expect(await balanceCents(app.ctx.db, alice.id)).toBe(before - 275);
    expect((await readOrder(original._id)).returnOrder).toBe(order._id);
    expect((await completed(order._id)).returnOf).toBe(original._id);
    const again = await appCall(app, alice.headers, 'POST', `/order/return/${original._id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order already has a return label');
    const ofReturn = await appCall(app, alice.headers, 'POST', `/order/return/${order._id}`);
    expect(ofReturn.json().message).toBe('A return label cannot have a return label of its own');
    const slip = await appCall(app, alice.headers, 'GET', `/order/packing-slip/${order._id}`);
    expect((await pagesOf(slip.rawPayload))[0]).toContain(`Return of ${original.OrderId}`);
  });

  it('two return requests at once buy one return label and charge once', async () => {
    const res = await appCall(app, alice.headers, 'POST', '/order/create', orderBody(types.ground_oz!));
    const original = await completed((res.json().orders as Order[])[0]!._id);
    const before = await balanceCents(app.ctx.db, alice.id);
    const both = await Promise.all(
      [1, 2].map(() => appCall(app, alice.headers, 'POST', `/order/return/${original._id}`)),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await balanceCents(app.ctx.db, alice.id)).toBe(before - 275);
  });

  describe('API v2', () => {
    let bob: ApiReseller;
    beforeAll(async () => {
      bob = await apiReseller(app, 100_00);
    });

    it('takes insured_value and items on create-order, shows them, and serves the slip and the return', async () => {
      const res = await apiCall(app, bob.apiKey, 'POST', '/order/create-order', {
        ...orderBody('ground_oz'),
        insured_value: 80,
        items: [{ sku: 'BK-1', title: 'Field Notebook', quantity: 5 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json().orders[0] as Order;
      expect(created).toMatchObject({ insuredValue: 80, insurancePrice: 1, price: 3.75 });
      await completed(created._id, bob);
      const read = (await apiCall(app, bob.apiKey, 'GET', `/order/read-order/${created._id}`)).json().order;
      expect(read).toMatchObject({
        insuredValue: 80,
        insuranceStatus: 'test',
        items: [{ sku: 'BK-1', title: 'Field Notebook', quantity: 5 }],
        returnOrder: null,
      });
      const slip = await apiCall(app, bob.apiKey, 'GET', `/order/packing-slip/${created._id}`);
      expect((await pagesOf(slip.rawPayload))[0]).toMatch(/5\s+BK-1\s+Field Notebook/);
      const returned = await apiCall(app, bob.apiKey, 'POST', `/order/return/${created._id}`);
      expect(returned.statusCode, returned.body).toBe(201);
      expect(returned.json().order).toMatchObject({ returnOf: created._id, FromName: 'Rita Receiver' });
      expect(returned.json().order.pdf).toBeNull();
    });
  });
});
