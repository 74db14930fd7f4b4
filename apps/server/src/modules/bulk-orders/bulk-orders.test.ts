import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/index.ts';
import { excelCsv, sheetRow, sheetRows } from '../../../test/fixtures/csv-files.ts';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import {
  balanceCents,
  labelTypeIds,
  ledgerOf,
  waitFor,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-files-'));

describe('bulk (CSV) orders', () => {
  let app: TestApp;
  let alice: Reseller;
  let ids: Record<string, string>;

  const pay = async (
    headers: Record<string, string>,
    parts: Record<string, string | { data: Uint8Array; filename: string } | undefined>,
    extra: Record<string, string> = {},
  ) => {
    const body = await multipartPayload(parts);
    return app.inject({
      method: 'POST',
      url: '/api/v1/order/createOrderFromCSV',
      headers: { ...headers, ...body.headers, ...extra },
      payload: body.payload,
    });
  };
  const validate = async (file: Buffer, labeltype: string) => {
    const body = await multipartPayload({ csv: { data: file, filename: 'orders.csv' }, labeltype });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/order/validatecsv',
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    return res.json().totalPrice as number;
  };
  const get = (url: string, headers = alice.headers) => app.inject({ method: 'GET', url, headers });
  const readBulk = async (id: string) => (await get(`/api/v1/order/read-bulk-order/${id}?limit=1000`)).json();

  beforeAll(async () => {
    app = await createTestApp({
      env: { LABEL_TEST_REJECT_MARKER: 'REJECT', LABEL_RETRY_DELAY_SECONDS: '0' },
    });
    await startWorkers(app.ctx);
    alice = await signUpReseller(app, 500_00);
    ids = await labelTypeIds(app, alice.headers);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('charges once, makes one label per row, refunds the rejected rows and serves the three files', async () => {
    const rows = sheetRows(30);
    rows[4] = { ...sheetRow(4), ToName: 'REJECT Five' };
    rows[20] = { ...sheetRow(20), ToName: 'REJECT Twenty' };
    rows[7] = { ...sheetRow(7), ToCompany: '=HYPERLINK("http://evil.example","x")' };
    const file = excelCsv(rows);
    const totalPrice = await validate(file, ids.ground_oz!);
    const before = await balanceCents(app.database.db, alice.id);

    const res = await pay(alice.headers, {
      csv: { data: file, filename: 'march.csv' },
      type: ids.ground_oz!,
      total_price: String(totalPrice),
    });
    expect(res.statusCode).toBe(201);
    const { bulkOrder, balance, message } = res.json();
    expect(message).toBe('CSV order created successfully: 30 labels are being generated');
    expect(bulkOrder).toMatchObject({
      totalOrders: 30,
      total: totalPrice,
      fileName: 'march.csv',
      source: 'csv',
    });
    expect(balance * 100).toBeCloseTo(before - totalPrice * 100);

    const done = await waitFor(
      () => readBulk(bulkOrder._id),
      (b) => b.bulkOrder.status === 'Completed',
      60_000,
    );
    expect(done.bulkOrder.progress).toEqual({
      pending: 0,
      processing: 0,
      completed: 28,
      cancelled: 2,
      done: 30,
    });
    const cancelled = done.orders.filter((o: { status: string }) => o.status === 'cancelled');
    expect(cancelled.map((o: { row: number }) => o.row)).toEqual([6, 22]);
    expect(cancelled[0].reason).toBe('The carrier refused this label: the address could not be used');

    // The results table by status and page: rows in file order, totals and pages for that status.
    type Line = { row: number; status: string };
    const results = done.orders as Line[];
    for (const [status, limit, pageNo] of [
      ['cancelled', 10, 1],
      ['completed', 10, 2],
      ['completed', 10, 3],
      ['All', 7, 5],
      ['pending', 10, 1],
    ] as const) {
      const shown = (
        await get(
          `/api/v1/order/read-bulk-order/${bulkOrder._id}?status=${status}&limit=${limit}&page=${pageNo}`,
        )
      ).json();
      const matching = results.filter((l) => status === 'All' || l.status === status).map((l) => l.row);
      expect(
        { rows: shown.orders.map((l: Line) => l.row), total: shown.total, totalPages: shown.totalPages },
        `${status} page ${pageNo}`,
      ).toEqual({
        rows: matching.slice((pageNo - 1) * limit, pageNo * limit),
        total: matching.length,
        totalPages: Math.max(1, Math.ceil(matching.length / limit)),
      });
    }

    const ledger = await ledgerOf(app.database.db, alice.id);
    const charges = ledger.entries.filter((e) => e.sourceKey === `charge:bulk:${bulkOrder._id}`);
    expect(charges.map((e) => e.amountCents)).toEqual([-Math.round(totalPrice * 100)]);
    const refunds = ledger.entries.filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => e.sourceKey).sort()).toEqual(
      cancelled.map((o: { _id: string }) => `refund:order:${o._id}`).sort(),
    );
    const refunded = refunds.reduce((sum, e) => sum + e.amountCents, 0);
    expect(await balanceCents(app.database.db, alice.id)).toBe(
      before - Math.round(totalPrice * 100) + refunded,
    );
    expect(ledger.sum).toBe(await balanceCents(app.database.db, alice.id));

    const list = (await get('/api/v1/order/read-bulk-orders')).json();
    expect(list.orders[0]).toMatchObject({
      _id: bulkOrder._id,
      status: 'Completed',
      zip: `/api/v1/order/bulk-download/${bulkOrder._id}`,
      pdf: `/api/v1/order/bulk-download-pdf/${bulkOrder._id}`,
      csv: `/api/v1/order/bulk-download-csv/${bulkOrder._id}`,
    });

    const short = bulkOrder._id.slice(0, 8);
    const zip = await get(`/api/v1/order/bulk-download/${bulkOrder._id}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="bulk-${short}.zip"`);
    fs.writeFileSync(path.join(dir, 'labels.zip'), zip.rawPayload);
    const names = (await run('zipinfo', ['-1', path.join(dir, 'labels.zip')])).stdout.trim().split('\n');
    const completed = done.orders.filter((o: { status: string }) => o.status === 'completed');
    expect(names).toEqual(completed.map((o: { tracking: string }) => `${o.tracking}.pdf`));

    const pdf = await get(`/api/v1/order/bulk-download-pdf/${bulkOrder._id}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    fs.writeFileSync(path.join(dir, 'labels.pdf'), pdf.rawPayload);
    const thermalInfo = (await run('pdfinfo', [path.join(dir, 'labels.pdf')])).stdout;
    expect(thermalInfo).toMatch(/Pages:\s+28\n/);
    expect(thermalInfo).toMatch(/Page size:\s+288 x 432 pts/);
    const asked4x6 = await get(`/api/v1/order/bulk-download-pdf/${bulkOrder._id}?layout=4x6`);
    fs.writeFileSync(path.join(dir, 'asked-4x6.pdf'), asked4x6.rawPayload);
    expect((await run('pdfinfo', [path.join(dir, 'asked-4x6.pdf')])).stdout).toMatch(/Pages:\s+28\n/);
    const a4 = await get(`/api/v1/order/bulk-download-pdf/${bulkOrder._id}?layout=a4`);
    expect(a4.statusCode).toBe(400);
    const letter = await get(`/api/v1/order/bulk-download-pdf/${bulkOrder._id}?layout=letter`);
    fs.writeFileSync(path.join(dir, 'letter.pdf'), letter.rawPayload);
    const letterInfo = (await run('pdfinfo', [path.join(dir, 'letter.pdf')])).stdout;
    expect(letterInfo).toMatch(/Pages:\s+14\n/);
    expect(letterInfo).toMatch(/Page size:\s+612 x 792 pts/);

    const csv = await get(`/api/v1/order/bulk-download-csv/${bulkOrder._id}`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(31);
    expect(lines[0]).toMatch(/^FromCountry,FromName,.*,Weight,Tracking,Status,Reason$/);
    expect(lines[1]).toContain(`,${completed[0].tracking},completed,`);
    expect(lines[5]).toMatch(
      /REJECT Five,.*,,cancelled,The carrier refused this label: the address could not be used$/,
    );
    expect(lines[8]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  it('refuses a double submit, a changed total and a missing field with the spec messages', async () => {
    const file = excelCsv(sheetRows(3));
    const totalPrice = await validate(file, ids.ground_oz!);
    const parts = {
      csv: { data: file, filename: 'a.csv' },
      type: ids.ground_oz!,
      total_price: String(totalPrice),
    };
    const [first, second] = await Promise.all([pay(alice.headers, parts), pay(alice.headers, parts)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    expect([first, second].find((r) => r.statusCode === 409)!.json()).toEqual({
      message: 'Request already sent',
    });

    const keyed = { ...parts, csv: { data: excelCsv(sheetRows(4)), filename: 'b.csv' } };
    keyed.total_price = String(await validate(keyed.csv.data, ids.ground_oz!));
    expect((await pay(alice.headers, keyed, { 'idempotency-key': 'k-1' })).statusCode).toBe(201);
    const other = { ...keyed, csv: { data: excelCsv(sheetRows(5)), filename: 'c.csv' } };
    const again = await pay(alice.headers, other, { 'idempotency-key': 'k-1' });
    expect(again.statusCode).toBe(422);

    const changed = await pay(alice.headers, { ...other, total_price: '0.01' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe('The total has changed, please validate the CSV again');
    expect((await pay(alice.headers, { ...other, type: undefined })).json().message).toBe(
      'Please select LabelType',
    );
    expect((await pay(alice.headers, { ...other, csv: undefined })).json().message).toBe(
      'Please select CSV file',
    );
    expect((await pay(alice.headers, { ...other, total_price: undefined })).json().message).toBe(
      'Please validate the CSV first',
    );
  });

  it('refuses a bulk order the balance cannot cover and creates nothing', async () => {
    const poor = await signUpReseller(app, 5_00);
    const file = excelCsv(sheetRows(10));
    const res = await pay(poor.headers, {
      csv: { data: file, filename: 'x.csv' },
      type: ids.ground_oz!,
      total_price: String(await validate(file, ids.ground_oz!)),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(
      /^Insufficient balance: this bulk order costs \$[\d.]+ and your balance is \$5\.00/,
    );
    expect((await get('/api/v1/order/read-bulk-orders', poor.headers)).json()).toEqual({
      orders: [],
      totalPages: 1,
      total: 0,
    });
    expect(await balanceCents(app.database.db, poor.id)).toBe(5_00);
  });

  it("answers 404 for another reseller's bulk order and 409 while no label is ready", async () => {
    const rows = sheetRows(2).map((r) => ({ ...r, ToName: 'REJECT All' }));
    const file = excelCsv(rows);
    const res = await pay(alice.headers, {
      csv: { data: file, filename: 'rejects.csv' },
      type: ids.ground_oz!,
      total_price: String(await validate(file, ids.ground_oz!)),
    });
    const id = res.json().bulkOrder._id as string;
    await waitFor(
      () => readBulk(id),
      (b) => b.bulkOrder.status === 'Completed',
    );
    for (const kind of ['bulk-download', 'bulk-download-pdf']) {
      const none = await get(`/api/v1/order/${kind}/${id}`);
      expect(none.statusCode).toBe(409);
      expect(none.json()).toEqual({ message: 'No label of this bulk order is ready yet' });
    }
    const bob = (await signUp(app)).headers;
    for (const url of [
      `/api/v1/order/read-bulk-order/${id}`,
      `/api/v1/order/bulk-download/${id}`,
      `/api/v1/order/bulk-download-pdf/${id}`,
      `/api/v1/order/bulk-download-csv/${id}`,
      '/api/v1/order/bulk-download-csv/not-a-uuid',
    ]) {
      const stolen = await get(url, bob);
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json()).toEqual({ message: 'Bulk order not found' });
    }
  });
});
