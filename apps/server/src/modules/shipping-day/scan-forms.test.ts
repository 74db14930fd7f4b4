import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../db/schema.ts';
import { startWorkers } from '../../jobs/index.ts';
import { decodeLinearCodes, pdfText } from '../../labels/label-scan.ts';
import { TEST_FORM_MARK } from '../../labels/scan-form-pdf.ts';
import { signUpReseller, signUpStaff } from '../../../test/account-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  adminCall,
  completedOrders,
  labelTypeIds,
  orderBody,
  waitFor,
  waitForLabelJobs,
  type Reseller,
} from '../../../test/order-fixtures.ts';

type Listed = { _id: string; OrderId: string; status: string; tracking: string };

/** SCAN forms in test mode (issue 46, decision 328): one form per from-address and ship date. */
describe('SCAN forms in test mode', () => {
  let app: TestApp;
  let reseller: Reseller;
  let staff: Reseller;
  let types: Record<string, string>;
  let usps: Listed[];
  let ups: Listed | undefined;
  let elsewhere: Listed | undefined;
  let dir: string;

  const buy = (body: object) => completedOrders<Listed>(app, reseller.headers, body);
  const post = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/scan-forms', headers: reseller.headers, payload });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'scan-form-'));
    app = await createTestApp();
    await startWorkers(app.ctx);
    reseller = await signUpReseller(app, 500_00);
    staff = await signUpStaff(app);
    types = await labelTypeIds(app, reseller.headers);
    usps = await buy(orderBody(types.ground_oz!, { quantity: 10 }));
    [ups] = await buy(orderBody(types.ups_standard!));
    [elsewhere] = await buy(
      orderBody(types.ground_oz!, { FromStreet: '1 Main St', FromCity: 'Dallas', FromZip: '75201' }),
    );
  });
  afterAll(async () => {
    await waitForLabelJobs(app);
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a mixed set and names each label that does not fit and why', async () => {
    const res = await post({ orderIds: [...usps.map((o) => o._id), ups!._id, elsewhere!._id] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(
      `2 labels do not fit on one SCAN form: ${ups!.OrderId}: another carrier (UPS); ` +
        `${elsewhere!.OrderId}: another from-address`,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/scan-forms', headers: reseller.headers })).json(),
    ).toEqual({ scanForms: [] });
  });

  it('makes one form for 10 USPS labels, kept as one PDF whose barcode and text read back', async () => {
    const res = await post({ orderIds: usps.map((o) => o._id) });
    expect(res.statusCode, res.body).toBe(201);
    const form = res.json().scanForm;
    expect(form).toMatchObject({
      carrier: 'usps',
      status: 'created',
      isTest: true,
      fromAddress: { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
      trackingNumbers: usps.map((o) => o.tracking),
    });
    expect(form.shipDate).toBe(new Date().toISOString().slice(0, 10));

    const pdf = await app.inject({
      method: 'GET',
      url: `/api/v1/scan-forms/${form._id}/download`,
      headers: reseller.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const file = path.join(dir, 'form.pdf');
    await writeFile(file, pdf.rawPayload);
    const text = await pdfText(file);
    expect(text).toContain(TEST_FORM_MARK);
    expect(text).toContain('PS Form 5630');
    for (const order of usps) {
      expect(text).toContain(order.tracking);
      expect(text).toContain(order.OrderId);
    }
    expect(await decodeLinearCodes(file, path.join(dir, 'form'))).toContain(form._id);

    const listed = (
      await app.inject({ method: 'GET', url: '/api/v1/scan-forms', headers: reseller.headers })
    ).json().scanForms;
    expect(listed).toHaveLength(1);
    expect(listed[0].orders.map((o: Listed) => o.OrderId)).toEqual(usps.map((o) => o.OrderId));
  });

  it('refuses a label already on a form, and its refund is left to staff, who are told why', async () => {
    const again = await post({ orderIds: [usps[0]!._id, elsewhere!._id] });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(
      `1 label does not fit on one SCAN form: ${usps[0]!.OrderId}: already on a SCAN form`,
    );

    const asked = await app.inject({
      method: 'POST',
      url: `/api/v1/order/refund-request/${usps[1]!._id}`,
      headers: reseller.headers,
      payload: { reason: 'not shipped' },
    });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toMatch(
      /^This label is on SCAN form [0-9a-f]{8}, which USPS accepts as one shipment: ask staff to refund it$/,
    );

    const byStaff = await adminCall(app, staff.headers, 'POST', `/orders/${usps[1]!._id}/refund`, {
      reason: 'staff refund',
    });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect(byStaff.json().message).toMatch(/on SCAN form [0-9a-f]{8}, which USPS accepts as one shipment$/);
  });

  it('puts a label on one form only when two forms of it are asked at once', async () => {
    const pair = await buy(
      orderBody(types.ground_oz!, { quantity: 2, FromStreet: '5 Oak St', FromZip: '78702' }),
    );
    const answers = await Promise.all([
      post({ orderIds: pair.map((o) => o._id) }),
      post({ orderIds: pair.map((o) => o._id) }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const refused = answers.find((a) => a.statusCode === 422)!;
    expect(refused.json().message).toBe(
      `2 labels do not fit on one SCAN form: ${pair[0]!.OrderId}: already on a SCAN form; ${pair[1]!.OrderId}: already on a SCAN form`,
    );
  });

  it('refuses a refunded label by name', async () => {
    const [refunded] = await buy(orderBody(types.ground_oz!));
    const asked = await app.inject({
      method: 'POST',
      url: `/api/v1/order/refund-request/${refunded!._id}`,
      headers: reseller.headers,
      payload: { reason: 'not shipped' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const res = await post({ orderIds: [refunded!._id, elsewhere!._id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain(`${refunded!.OrderId}: refunded`);
  });

  it('shows today’s labels by carrier and from-address, and finds no unknown bulk order', async () => {
    const today = (
      await app.inject({ method: 'GET', url: '/api/v1/scan-forms/today', headers: reseller.headers })
    ).json();
    const groups = today.groups as { carrier: string; fromAddress: { street: string }; labels: Listed[] }[];
    // 10 + 1 bought from Congress Ave, less the one staff refunded; 2 from Oak St.
    expect(groups.map((g) => `${g.carrier} ${g.fromAddress.street} ${g.labels.length}`)).toEqual([
      'usps 100 Congress Ave 10',
      'ups 100 Congress Ave 1',
      'usps 1 Main St 1',
      'usps 5 Oak St 2',
    ]);
    const unknown = await post({ bulkOrderId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
  });

  it('reads today and ship dates where the reseller is: the zone the browser names, else the portal’s', async () => {
    const now = new Date();
    // A zone whose date is not UTC's now, an hour or more from its midnight.
    const zone = now.getUTCHours() < 11 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';
    const dateThere = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
    const utcDate = now.toISOString().slice(0, 10);
    expect(dateThere).not.toBe(utcDate);
    const today = (headers: Record<string, string>) =>
      app.inject({
        method: 'GET',
        url: '/api/v1/scan-forms/today',
        headers: { ...reseller.headers, ...headers },
      });
    const there = (await today({ 'x-time-zone': zone })).json();
    expect(there.date).toBe(dateThere);
    // The labels bought minutes ago were bought today there too.
    expect(there.groups.length).toBeGreaterThan(0);
    // A zone this server does not know is the portal's (UTC in tests).
    expect((await today({ 'x-time-zone': 'Mars/Olympus_Mons' })).json().date).toBe(utcDate);

    // A SCAN form's ship date is the day there too.
    const [fresh] = await buy(orderBody(types.ground_oz!, { FromStreet: '9 Elm St' }));
    const form = await app.inject({
      method: 'POST',
      url: '/api/v1/scan-forms',
      headers: { ...reseller.headers, 'x-time-zone': zone },
      payload: { orderIds: [fresh!._id] },
    });
    expect(form.statusCode, form.body).toBe(201);
    expect(form.json().scanForm.shipDate).toBe(dateThere);
  });

  it('makes a form of a bulk order’s labels through API v2 and sends scan_form.created', async () => {
    const access = await app.inject({ method: 'GET', url: '/api/v1/auth/access', headers: reseller.headers });
    const key = { 'x-api-key': access.json().api_key as string };
    const hook = await app.inject({
      method: 'POST',
      url: '/api/v2/webhooks',
      headers: key,
      payload: { url: 'https://example.com/hooks', events: ['scan_form.created'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const {
      labelType: _t,
      quantity: _q,
      ...row
    } = orderBody(types.ground_oz!, {
      FromStreet: '9 Elm St',
      FromCity: 'Houston',
      FromZip: '77002',
    });
    const bulk = await app.inject({
      method: 'POST',
      url: '/api/v2/order/create-bulk-order',
      headers: key,
      payload: { labelType: 'ground_oz', data: [row, { ...row, ToName: 'Second Receiver' }] },
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    const bulkOrderId = bulk.json().bulkOrder._id as string;
    await waitFor(
      async () =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/v2/order/read-bulk-order/${bulkOrderId}`,
            headers: key,
          })
        ).json().bulkOrder.status as string,
      (status) => status === 'Completed',
    );
    const made = await app.inject({
      method: 'POST',
      url: '/api/v2/scan-form',
      headers: key,
      payload: { bulkOrderId },
    });
    expect(made.statusCode, made.body).toBe(201);
    const form = made.json().scanForm;
    expect(form.fromAddress.city).toBe('Houston');
    expect(form.orders).toHaveLength(2);
    const listed = (await app.inject({ method: 'GET', url: '/api/v2/scan-forms', headers: key })).json();
    expect(listed.scanForms.map((f: { _id: string }) => f._id)).toContain(form._id);
    const events = await app.ctx.db
      .select({ type: webhookEvents.type, payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(eq(webhookEvents.userId, reseller.id));
    expect(events.map((e) => e.type)).toEqual(['scan_form.created']);
    expect(JSON.parse(events[0]!.payload).data).toEqual(form);
  });
});
