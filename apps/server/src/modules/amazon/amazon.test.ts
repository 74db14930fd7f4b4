import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { multipartPayload, type MultipartPart } from '../../../test/multipart.ts';
import {
  amazonFormFields,
  encryptedPdf,
  garbagePdf,
  packingSlipPdf,
  pdfWithoutAddress,
  sampleOrders,
  truncatedPdf,
} from '../../../test/fixtures/packing-slips.ts';
import { parseCsv } from '../../csv/parse-csv.ts';

const fromFields = { ...amazonFormFields, fromStreet2: 'Suite 210' };

describe('POST /api/v1/amazon/generate-csv', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp();
    headers = (await signUp(app)).headers;
  });
  afterAll(async () => app.close());

  const post = async (pdf: Uint8Array | null, fields: Record<string, string | undefined> = fromFields) => {
    const parts: Record<string, MultipartPart | undefined> = { ...fields };
    if (pdf) parts.pdf = { data: pdf, filename: 'slips.pdf', contentType: 'application/pdf' };
    const body = await multipartPayload(parts);
    return app.inject({
      method: 'POST',
      url: '/api/v1/amazon/generate-csv',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('turns a packing-slip PDF with several orders into amazon.csv in the bulk CSV format', async () => {
    const res = await post(await packingSlipPdf(sampleOrders));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="amazon.csv"');
    expect(res.headers['x-orders-count']).toBe('3');
    const { records } = parseCsv(res.rawPayload);
    const [header, ...rows] = records;
    const row = (i: number) => Object.fromEntries(header!.map((h, j) => [h, rows[i]![j]]));
    expect(rows).toHaveLength(3);
    expect(row(0)).toMatchObject({
      FromName: 'Jordan Avery',
      FromStreet1: '1200 Barton Springs Rd',
      FromStreet2: 'Suite 210',
      FromState: 'TX',
      FromZip: '78704',
      ToName: 'José Núñez',
      ToStreet1: '4410 W Fullerton Ave',
      ToStreet2: 'Apt 2R',
      ToCity: 'Chicago',
      ToState: 'IL',
      ToZip: '60639-2104',
      ToCountry: 'US',
      Weight: '1.5',
      AmazonOrderId: '112-4839201-5528374',
    });
    expect(row(1)).toMatchObject({ ToName: 'Chloé Dubois', ToZip: '02139', ToStreet2: '' });
    expect(row(2)).toMatchObject({ ToName: 'Jürgen Müller', ToCompany: 'Müller Woodworks', ToState: 'DC' });
  });

  it("keeps each slip's items (SKU, title, quantity) in the ItemSku, ItemTitle and ItemQty columns", async () => {
    const orders = [
      {
        ...sampleOrders[0]!,
        items: [
          { quantity: 2, title: 'Stainless Steel Water Bottle, 32 oz', sku: 'WB-32-SS', price: '$19.99' },
          { quantity: 1, title: 'Trail Headlamp 400 lm', sku: 'HL-400', price: '$24.50' },
        ],
      },
      sampleOrders[1]!,
      sampleOrders[2]!,
    ];
    for (const layout of [{}, { ordersPerPage: 2 as const }]) {
      const res = await post(await packingSlipPdf(orders, layout));
      const [header, ...rows] = parseCsv(res.rawPayload).records;
      const row = (i: number) => Object.fromEntries(header!.map((h, j) => [h, rows[i]![j]]));
      expect(row(0)).toMatchObject({
        ItemSku: 'WB-32-SS;HL-400',
        ItemTitle: 'Stainless Steel Water Bottle, 32 oz;Trail Headlamp 400 lm',
        ItemQty: '2;1',
      });
      expect(row(1)).toMatchObject({ ItemSku: 'HL-400', ItemTitle: 'Trail Headlamp 400 lm', ItemQty: '1' });
    }
  });

  it('reads two slips per page and slips without the top Ship To block', async () => {
    const twoUp = await post(await packingSlipPdf(sampleOrders, { ordersPerPage: 2 }));
    expect(twoUp.headers['x-orders-count']).toBe('3');
    const compact = await post(await packingSlipPdf(sampleOrders.slice(0, 1), { hasNoShipToBlock: true }));
    expect(compact.statusCode).toBe(200);
    expect(compact.body).toContain('4410 W Fullerton Ave');
  });

  it('keeps an order whose city line cannot be read, for the CSV page to flag', async () => {
    const odd = [
      { orderId: '111-0000000-0000002', shipTo: ['Ana Ruiz', '15 Beacon St', 'Somewhere far away'] },
    ];
    const res = await post(await packingSlipPdf([...odd, sampleOrders[1]!]));
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-orders-count']).toBe('2');
    expect(res.headers['x-incomplete-orders']).toBe('1');
    expect(res.body).toContain('Ana Ruiz,,,15 Beacon St');
  });

  it('protects cells that a spreadsheet would run as formulas', async () => {
    const hostile = [
      {
        orderId: '111-0000000-0000001',
        shipTo: ['=HYPERLINK("http://x.example")', '1 Main St', 'Reno, NV 89501'],
      },
    ];
    const res = await post(await packingSlipPdf(hostile));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`"'=HYPERLINK(""http://x.example"")"`);
  });

  it.each([
    ['a password-protected PDF', () => encryptedPdf(), 422, /password-protected/],
    ['a truncated PDF', () => truncatedPdf(), 422, /damaged or incomplete/],
    ['a file that only starts like a PDF', () => garbagePdf(), 422, /damaged or incomplete/],
    ['a PDF without any address', () => pdfWithoutAddress(), 422, /No Amazon "Ship To" address/],
    ['a file that is not a PDF', () => Buffer.from('FromName,ToName\n'), 400, /not a PDF/],
    ['an empty file', () => new Uint8Array(0), 400, /PDF file is empty/],
  ])('refuses %s with a clear message', async (_name, make, status, message) => {
    const res = await post(await make());
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
  });

  it('checks the From fields and the weight with the shared rules', async () => {
    const pdf = await packingSlipPdf(sampleOrders.slice(0, 1));
    const res = await post(pdf, { ...fromFields, fromState: 'XX', fromZip: '7870', weight: '0' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'fromState', message: 'Please select a US state or territory' },
      { field: 'fromZip', message: 'ZIP Code must be 5 digits or ZIP+4 (12345-6789)' },
      { field: 'weight', message: 'Weight must be greater than 0' },
    ]);
    const noFile = await post(null);
    expect(noFile.json()).toMatchObject({ message: 'Please select a PDF file' });
  });

  it('refuses a PDF over the size cap and requires a signed-in user', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(Buffer.from('%PDF-1.7\n'));
    const res = await post(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The PDF is larger than 10 MB.');
    const body = await multipartPayload(fromFields);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/amazon/generate-csv',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
