import { CSV_COLUMNS, SAMPLE_CSV, type LabelTypeView } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  excelCsv,
  excelUnicodeText,
  googleSheetsCsv,
  sheetRow,
  sheetRows,
} from '../../../test/fixtures/csv-files.ts';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { csvToString } from '../../csv/write-csv.ts';
import { parseCsv } from '../../csv/parse-csv.ts';

describe('POST /api/v1/order/validatecsv', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  let typeId: (uid: string) => string;
  beforeAll(async () => {
    app = await createTestApp();
    headers = (await signUp(app)).headers;
    const res = await app.inject({ method: 'GET', url: '/api/v1/labeltype/read', headers });
    const types = (res.json() as { labelTypes: LabelTypeView[] }).labelTypes;
    typeId = (uid) => types.find((t) => t.uid === uid)!._id;
  });
  afterAll(async () => app.close());

  const validate = async (
    csv: Uint8Array | string | null,
    labeltype: string | undefined = typeId('priority'),
  ) => {
    const file = csv === null ? undefined : { data: csv, filename: 'orders.csv', contentType: 'text/csv' };
    const body = await multipartPayload({ labeltype, csv: file });
    return app.inject({
      method: 'POST',
      url: '/api/v1/order/validatecsv',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('prices the sample CSV', async () => {
    const res = await validate(SAMPLE_CSV);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'CSV is valid: 2 orders, total $11.00',
      totalPrice: 11,
      rows: 2,
      ignoredColumns: [],
    });
  });

  it('accepts Excel, Google Sheets and Unicode Text exports of the same sheet', async () => {
    const rows = sheetRows(12).map((r, i) => (i === 3 ? { ...r, ToStreet1: '15 Beacon St\nFloor 2' } : r));
    for (const file of [excelCsv(rows), googleSheetsCsv(rows), excelUnicodeText(rows)]) {
      const res = await validate(file);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ rows: 12 });
    }
  });

  it('accepts aliases, reordered and extra columns', async () => {
    const columns = [...CSV_COLUMNS].reverse();
    const header = columns.map((c) =>
      c === 'FromStreet1'
        ? 'from_address_1'
        : c === 'ToZip'
          ? 'to_postal_code'
          : c === 'ToName'
            ? 'Ship To Name'
            : c,
    );
    const file = googleSheetsCsv(sheetRows(3), { columns, header: [...header] }).toString() + '';
    const withExtra = file.replace(/^/, 'Notes,').replace(/\n/g, '\nfragile,');
    const res = await validate(withExtra);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 3, ignoredColumns: ['Notes'] });
  });

  it('takes formula-looking cells as text, and the CSV writer neutralises them on the way out', async () => {
    const hostile = {
      ...sheetRow(0),
      ToName: '=HYPERLINK("http://evil.example","Ana")',
      ToCompany: '@SUM(A1)',
    };
    const res = await validate(excelCsv([hostile, sheetRow(1)]));
    expect(res.statusCode, res.body).toBe(200);
    const written = await csvToString([[hostile.ToName, hostile.ToCompany, '-2']], {
      header: ['ToName', 'ToCompany', 'Weight'],
    });
    expect(parseCsv(Buffer.from(written)).records[1]).toEqual([`'${hostile.ToName}`, "'@SUM(A1)", '-2']);
  });

  it('finds the one bad row in 5,000 and names row, column and reason', async () => {
    const rows = sheetRows(5000);
    rows[4321] = { ...sheetRow(4321), ToState: 'Atlantis', Weight: 'heavy' };
    const res = await validate(excelCsv(rows));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: '1 row has errors. Fix them and upload the file again.',
      errors: [
        { row: 4323, field: 'Weight', message: 'Weight must be a number' },
        { row: 4323, field: 'ToState', message: 'To State must be a US state or territory' },
      ],
    });
  });

  it('caps the error list and says how many problems there are', async () => {
    const rows = sheetRows(700).map((r) => ({ ...r, ToName: '' }));
    const res = await validate(googleSheetsCsv(rows));
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: unknown[] };
    expect(body.errors).toHaveLength(500);
    expect(body.message).toBe(
      '700 rows have errors. Fix them and upload the file again. The list shows the first 500 of 700 problems.',
    );
  });

  it('applies the label type: FedEx rows need dimensions', async () => {
    const rows = sheetRows(2).map((r) => ({ ...r, Height: '' }));
    const res = await validate(googleSheetsCsv(rows), typeId('fedex_ground'));
    expect(res.json().errors[0]).toEqual({
      row: 2,
      field: 'Height',
      message: 'Height is required for FedEx labels',
    });
  });

  it.each([
    ['no label type', SAMPLE_CSV, '', 'Please select LabelType'],
    [
      'an unknown label type',
      SAMPLE_CSV,
      '00000000-0000-4000-8000-000000000000',
      'Please select a valid label type',
    ],
    ['no file', null, undefined, 'Please select CSV file'],
    ['an empty file', '', undefined, 'The CSV file is empty.'],
    [
      'a header alone',
      CSV_COLUMNS.join(',') + '\r\n',
      undefined,
      'The CSV file has a header but no data rows.',
    ],
    ['an xlsx workbook', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0]), undefined, /Excel workbook/],
    ['a missing column', 'ToName,ToZip\nAna,02108\n', undefined, /missing the required columns FromName/],
  ])('refuses %s with a clear message', async (_name, csv, labeltype, message) => {
    const res = await validate(csv, labeltype === undefined ? typeId('priority') : labeltype);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('refuses files over the size and row caps', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0x41);
    expect((await validate(big)).json()).toEqual({ message: 'The CSV file is larger than 5 MB.' });
    const many = await validate(googleSheetsCsv(sheetRows(10_001)));
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toBe(
      'The CSV file has more than 10,000 orders. Split it into smaller files.',
    );
  });
});
