import {
  checkAddress,
  sideFields,
  zipPrefixRanges,
  type AddressWarning,
  type LabelTypeView,
} from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CASES, toFieldsOf, type AddressCase } from '../../../test/fixtures/address-cases.ts';
import { excelCsv, sheetRow, type SheetRow } from '../../../test/fixtures/csv-files.ts';
import { amazonFormFields, packingSlipPdf } from '../../../test/fixtures/packing-slips.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { createOrder, labelTypeIds, orderBody } from '../../../test/order-fixtures.ts';
import { parseCsv } from '../../csv/parse-csv.ts';
import { apiReseller, type ApiReseller } from '../../../test/account-fixtures.ts';
import { apiCall } from '../../../test/api-fixtures.ts';
import { usZipDirectory } from '../../lib/zip-table.ts';

/** What a user reads for a case: the first warning's field, suggestion and the start of its message. */
function expectWarned(warnings: AddressWarning[] | undefined, c: AddressCase) {
  if (c.field === null) return expect(warnings ?? []).toEqual([]);
  expect(warnings?.[0]).toMatchObject({ field: c.field });
  if (c.suggestion !== undefined) expect(warnings?.[0]?.suggestion).toBe(c.suggestion);
  if (c.message) expect(warnings?.[0]?.message).toContain(c.message);
}

describe('the offline address rule on the USPS table', () => {
  it.each(ADDRESS_CASES)('judges $name', (c) => {
    expectWarned(checkAddress(c, usZipDirectory(), sideFields('To')), c);
  });

  it('gives a spreadsheet ZIP its leading zeros back and says so', () => {
    const warnings = checkAddress(
      { city: 'Boston', state: 'MA', zip: '2108' },
      usZipDirectory(),
      sideFields('To'),
    );
    expect(warnings).toEqual([
      { field: 'ToZip', message: 'ZIP 2108 has lost its leading zeros', suggestion: '02108' },
    ]);
  });

  it('suggests what the table knows of another place’s ZIP, and where the typed city’s ZIPs are, not one of them', () => {
    const warnings = checkAddress(
      { city: 'Boston', state: 'MA', zip: '10118' },
      usZipDirectory(),
      sideFields('To'),
    );
    expect(warnings).toEqual([
      {
        field: 'ToZip',
        message: 'ZIP 10118 belongs to New York, NY, not Boston, MA; Boston, MA ZIPs start 021-022',
        suggestion: 'New York, NY',
        fix: { ToCity: 'New York', ToState: 'NY' },
      },
    ]);
    expect(usZipDirectory().zipPrefixesOf('houston', 'tx')).toEqual(['770', '772']);
    expect(zipPrefixRanges(['021', '022', '024', '026', '027', '028'])).toBe('021-022, 024, 026-028');
  });

  it('has nothing to say about a Canadian address', () => {
    const place = { city: 'Toronto', state: 'ON', zip: 'M5V 2T6', country: 'CA' };
    expect(checkAddress(place, usZipDirectory(), sideFields('To'))).toEqual([]);
  });
});

describe('address checks on every order path', () => {
  let app: TestApp;
  let alice: ApiReseller;
  let ids: Record<string, string>;
  const setMode = (r: ApiReseller, addressCheck: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/user/address-check',
      headers: r.headers,
      payload: { addressCheck },
    });
  const order = (c: AddressCase, change: Record<string, unknown> = {}) =>
    orderBody(ids.ground_oz!, { ...toFieldsOf(c), ...change });

  beforeAll(async () => {
    // API v2 purchases come faster than one key may make them in production.
    app = await createTestApp({ env: { API_PURCHASES_PER_SECOND: '0' } });
    alice = await apiReseller(app, 1000_00);
    ids = await labelTypeIds(app, alice.headers);
  });
  afterAll(async () => app.close());

  it('GET /address/zip/{zip} answers city and state, reads ZIP+4 and lost zeros, and 404s the unknown', async () => {
    const get = (zip: string) =>
      app.inject({ method: 'GET', url: `/api/v1/address/zip/${zip}`, headers: alice.headers });
    expect((await get('02108')).json()).toEqual({ zip: '02108', city: 'Boston', state: 'MA' });
    expect((await get('2108')).json()).toEqual({ zip: '02108', city: 'Boston', state: 'MA' });
    expect((await get('90209-1234')).json()).toEqual({ zip: '90209', city: 'Beverly Hills', state: 'CA' });
    expect((await get('62799')).statusCode).toBe(404);
  });

  it('keeps the setting per reseller, confirm by default', async () => {
    const bob = await apiReseller(app);
    const read = () => app.inject({ method: 'GET', url: '/api/v1/user/address-check', headers: bob.headers });
    expect((await read()).json().addressCheck).toBe('confirm');
    expect((await setMode(bob, 'correct')).statusCode).toBe(200);
    expect((await read()).json().addressCheck).toBe('correct');
    expect((await setMode(bob, 'maybe')).statusCode).toBe(400);
  });

  describe.each(ADDRESS_CASES)('$name', (c) => {
    it('the simple order waits for Buy anyway in confirm mode, then buys with the warnings', async () => {
      const first = await createOrder(app, alice.headers, order(c));
      if (c.field === null) {
        expect(first.statusCode).toBe(201);
        expect(first.json().warnings).toBeUndefined();
        return;
      }
      expect(first.statusCode).toBe(422);
      expect(first.json().message).toBe('Please check the addresses, or choose Buy anyway');
      expectWarned(first.json().warnings, c);
      const anyway = await createOrder(app, alice.headers, order(c, { acceptAddressWarnings: true }));
      expect(anyway.statusCode).toBe(201);
      expectWarned(anyway.json().warnings, c);
    });

    it('API v2 buys with the warnings beside the order, and strict mode refuses them with 422', async () => {
      const bought = await apiCall(app, alice.apiKey, 'POST', '/order/create-order', order(c));
      expect(bought.statusCode).toBe(201);
      expectWarned(bought.json().warnings, c);
      const strict = await apiCall(
        app,
        alice.apiKey,
        'POST',
        '/order/create-order?address_check=strict',
        order(c),
      );
      expect(strict.statusCode).toBe(c.field === null ? 201 : 422);
      if (c.field !== null) expectWarned(strict.json().errors, c);
    });
  });

  it('API v2 bulk lists each row’s warnings with its row; strict refuses the whole purchase', async () => {
    const data = ADDRESS_CASES.map((c) => order(c));
    const body = { labelType: 'ground_oz', data };
    const strict = await apiCall(
      app,
      alice.apiKey,
      'POST',
      '/order/create-bulk-order?address_check=strict',
      body,
    );
    expect(strict.statusCode).toBe(422);
    const bought = await apiCall(app, alice.apiKey, 'POST', '/order/create-bulk-order', body);
    expect(bought.statusCode).toBe(201);
    const warnings = bought.json().warnings as AddressWarning[];
    ADDRESS_CASES.forEach((c, i) =>
      expectWarned(
        warnings.filter((w) => w.row === i + 1),
        c,
      ),
    );
    expect(strict.json().errors).toEqual(warnings);
  });

  it('correct mode buys with city and state from the ZIP and says what it changed; off says nothing', async () => {
    const carol = await apiReseller(app, 100_00);
    await setMode(carol, 'correct');
    const wrongState = ADDRESS_CASES[0]!;
    const res = await createOrder(app, carol.headers, order(wrongState));
    expect(res.statusCode).toBe(201);
    expect(res.json().orders[0]).toMatchObject({ ToCity: 'Boston', ToState: 'MA' });
    expect(res.json().warnings[0].message).toBe(
      'ZIP 02108 belongs to Boston, MA, not in NY; corrected to MA',
    );
    const typo = await createOrder(app, carol.headers, order(ADDRESS_CASES[1]!));
    expect(typo.json().orders[0].ToCity).toBe('Boston');
    await setMode(carol, 'off');
    const off = await createOrder(app, carol.headers, order(wrongState));
    expect(off.statusCode).toBe(201);
    expect(off.json().warnings).toBeUndefined();
    expect(off.json().orders[0].ToState).toBe('NY');
  });

  it('correct mode takes city and state from another place’s ZIP (Boston, MA 10118 is bought to New York, NY)', async () => {
    const frank = await apiReseller(app, 100_00);
    await setMode(frank, 'correct');
    const res = await createOrder(
      app,
      frank.headers,
      orderBody(ids.ground_oz!, { ToCity: 'Boston', ToState: 'MA', ToZip: '10118' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().orders[0]).toMatchObject({ ToCity: 'New York', ToState: 'NY', ToZip: '10118' });
    expect(res.json().warnings).toEqual([
      {
        field: 'ToZip',
        message:
          'ZIP 10118 belongs to New York, NY, not Boston, MA; Boston, MA ZIPs start 021-022; corrected to New York, NY',
        suggestion: 'New York, NY',
        fix: { ToCity: 'New York', ToState: 'NY' },
        corrected: true,
      },
    ]);
  });

  it('correct mode holds what it cannot correct for Buy anyway in the app; the API buys it with the warning', async () => {
    const gina = await apiReseller(app, 100_00);
    await setMode(gina, 'correct');
    const unknownZip = ADDRESS_CASES.find((c) => c.zip === '62799')!;
    const held = await createOrder(app, gina.headers, order(unknownZip));
    expect(held.statusCode).toBe(422);
    expect(held.json().message).toBe('Please check the addresses, or choose Buy anyway');
    expectWarned(held.json().warnings, unknownZip);
    const anyway = await createOrder(app, gina.headers, order(unknownZip, { acceptAddressWarnings: true }));
    expect(anyway.statusCode).toBe(201);
    const api = await apiCall(app, gina.apiKey, 'POST', '/order/create-order', order(unknownZip));
    expect(api.statusCode).toBe(201);
    expectWarned(api.json().warnings, unknownZip);
  });

  it('a duplicate of an order bought anyway asks again: held in confirm mode, corrected in correct mode', async () => {
    const hank = await apiReseller(app, 100_00);
    const boston10118 = orderBody(ids.ground_oz!, {
      ToCity: 'Boston',
      ToState: 'MA',
      ToZip: '10118',
      acceptAddressWarnings: true,
    });
    const bought = await createOrder(app, hank.headers, boston10118);
    expect(bought.statusCode).toBe(201);
    const duplicate = (payload?: object) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/order/duplicate/${bought.json().orders[0]._id as string}`,
        headers: hank.headers,
        ...(payload ? { payload } : {}),
      });
    const held = await duplicate();
    expect(held.statusCode).toBe(422);
    expect(held.json().warnings[0]).toMatchObject({ field: 'ToZip', suggestion: 'New York, NY' });
    const anyway = await duplicate({ acceptAddressWarnings: true });
    expect(anyway.statusCode).toBe(201);
    expect(anyway.json().order).toMatchObject({ ToCity: 'Boston', ToState: 'MA' });
    expect(anyway.json().warnings[0].field).toBe('ToZip');
    await setMode(hank, 'correct');
    const corrected = await duplicate();
    expect(corrected.statusCode).toBe(201);
    expect(corrected.json().order).toMatchObject({ ToCity: 'New York', ToState: 'NY', ToZip: '10118' });
  });

  it('the address book saves with the warnings, and corrects in correct mode', async () => {
    const dave = await apiReseller(app);
    const address = { name: 'Rita', street: '1 Beacon St', city: 'Boston', state: 'NY', zip: '02108' };
    const saved = await app.inject({
      method: 'POST',
      url: '/api/v1/address/create',
      headers: dave.headers,
      payload: address,
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().warnings).toEqual([
      { field: 'state', message: 'ZIP 02108 belongs to Boston, MA, not in NY', suggestion: 'MA' },
    ]);
    await setMode(dave, 'correct');
    const id = saved.json().address._id as string;
    const fixed = await app.inject({
      method: 'PUT',
      url: `/api/v1/address/update/${id}`,
      headers: dave.headers,
      payload: address,
    });
    expect(fixed.json().address.state).toBe('MA');
  });

  it('the Amazon generator notes each row’s doubts in its AddressCheck column, and corrects in correct mode', async () => {
    const erin = await apiReseller(app);
    const pdf = await packingSlipPdf([
      { orderId: '111-0000000-0000010', shipTo: ['Rita Receiver', '1 Beacon St', 'Boston, NY 02108'] },
      {
        orderId: '111-0000000-0000011',
        shipTo: ['Sam Sender', '77 Massachusetts Ave', 'Cambridge, MA 02139'],
      },
    ]);
    const generate = async () => {
      const body = await multipartPayload({
        ...amazonFormFields,
        pdf: { data: pdf, filename: 'slips.pdf', contentType: 'application/pdf' },
      });
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/amazon/generate-csv',
        headers: { ...erin.headers, ...body.headers },
        payload: body.payload,
      });
      const [header, ...rows] = parseCsv(res.rawPayload).records;
      const cell = (i: number, name: string) => rows[i]![header!.indexOf(name)];
      return { res, cell };
    };
    const warned = await generate();
    expect(warned.res.headers['x-address-warnings']).toBe('1');
    expect(warned.cell(0, 'AddressCheck')).toBe(
      'To address: ZIP 02108 belongs to Boston, MA, not in NY (suggested: MA)',
    );
    expect(warned.cell(0, 'ToState')).toBe('NY');
    expect(warned.cell(1, 'AddressCheck')).toBe('');
    await setMode(erin, 'correct');
    const fixed = await generate();
    expect(fixed.cell(0, 'ToState')).toBe('MA');
    expect(fixed.cell(0, 'AddressCheck')).toContain('corrected to MA');
  });

  describe('CSV', () => {
    let priorityId: string;
    const rowOf = (c: AddressCase, i: number): SheetRow => ({
      ...sheetRow(i),
      ToStreet1: c.street ?? '200 Main St',
      ToCity: c.city,
      ToState: c.state,
      ToZip: c.zip,
    });
    const post = async (url: string, file: Buffer, fields: Record<string, string> = {}) => {
      const body = await multipartPayload({
        labeltype: priorityId,
        type: priorityId,
        design: 'pitney',
        ...fields,
        csv: { data: file, filename: 'orders.csv', contentType: 'text/csv' },
      });
      return app.inject({
        method: 'POST',
        url,
        headers: { ...alice.headers, ...body.headers },
        payload: body.payload,
      });
    };
    beforeAll(async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/labeltype/read', headers: alice.headers });
      priorityId = (res.json() as { labelTypes: LabelTypeView[] }).labelTypes.find(
        (t) => t.uid === 'priority',
      )!._id;
    });

    it('validation lists the rows with warnings (row, column, suggestion) and the corrected file fixes them', async () => {
      // Excel's export: the ZIP column read as a number, so 02108 arrives as 2108.
      const file = excelCsv(ADDRESS_CASES.map(rowOf));
      const res = await post('/api/v1/order/validatecsv', file);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const warned = ADDRESS_CASES.filter((c) => c.field !== null).length;
      expect(body.warningRows).toBe(warned);
      expect(body.message).toContain(`${warned} rows have address warnings`);
      ADDRESS_CASES.forEach((c, i) =>
        expectWarned(
          body.warnings.filter((w: AddressWarning) => w.row === i + 2),
          c,
        ),
      );

      const corrected = await post('/api/v1/order/validatecsv/corrected', file);
      expect(corrected.headers['content-disposition']).toBe('attachment; filename="orders-corrected.csv"');
      const { records } = parseCsv(corrected.rawPayload);
      const column = (name: string) => records[0]!.indexOf(name);
      expect(records[1]![column('ToState')]).toBe('MA');
      expect(records[2]![column('ToCity')]).toBe('Boston');
      expect(records[6]![column('ToZip')]).toBe('12345');
      // Another place's ZIP: the ZIP's own city and state are written in, never a ZIP guessed from the city.
      expect(records[6]![column('ToCity')]).toBe('Schenectady');
      expect(records[12]![column('ToCity')]).toBe('New York');
      expect(records[12]![column('ToZip')]).toBe('10118');
      const again = await post('/api/v1/order/validatecsv', Buffer.from(corrected.rawPayload));
      // Left: the unknown ZIP's row, which has nothing the table can put in (the reseller checks the number).
      expect(again.json().warningRows).toBe(1);
      expect(again.json().warnings[0]).toMatchObject({ row: 6, field: 'ToZip', suggestion: null });
    });

    it('a CSV purchase in confirm mode waits for Buy anyway', async () => {
      const file = excelCsv([rowOf(ADDRESS_CASES[0]!, 0)]);
      const total = (await post('/api/v1/order/validatecsv', file)).json().totalPrice as number;
      const held = await post('/api/v1/order/createOrderFromCSV', file, { total_price: String(total) });
      expect(held.statusCode).toBe(422);
      expect(held.json().warnings[0]).toMatchObject({ row: 2, field: 'ToState', suggestion: 'MA' });
      const anyway = await post('/api/v1/order/createOrderFromCSV', file, {
        total_price: String(total),
        acceptAddressWarnings: 'true',
      });
      expect(anyway.statusCode).toBe(201);
    });
  });
});
