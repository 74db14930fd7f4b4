import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SAMPLE_CSV, type LabelTypeView } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { startWorkers } from '../../jobs/index.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import {
  adminCall,
  balanceCents,
  endedOrder,
  orderBody,
  placeOrder,
  waitForLabelJobs,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { apiCall } from '../../../test/api-fixtures.ts';
import { apiReseller, signUpStaff, type ApiReseller } from '../../../test/account-fixtures.ts';

type AdminType = LabelTypeView & { service: string; isStaffMade: boolean };
type StaffOrder = { _id: string; status: string; tracking: string; price: number };

const GROUND_SAVER = {
  name: 'UPS Ground Saver',
  carrier: 'ups',
  service: 'ups_ground_saver',
  weightUnit: 'lb',
  maxWeight: 70,
  status: true,
  prices: [
    { fromWeight: 0, toWeight: 10, price: 7.5 },
    { fromWeight: 10, toWeight: 70, price: 12 },
  ],
};

/**
 * Label types staff make for any service their providers sell (issue 47, item 6; decision 334): beside the
 * built-in ones, whatever services those already have, and bought on every order path.
 */
describe('label types staff make for a carrier service', () => {
  let app: TestApp;
  let staff: Reseller;
  let reseller: ApiReseller;
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    adminCall(app, staff.headers, method, url, payload);
  const create = (change: Record<string, unknown> = {}) =>
    admin('POST', '/label-types', { ...GROUND_SAVER, ...change });
  const listed = async (): Promise<AdminType[]> => (await admin('GET', '/label-types')).json().labelTypes;
  const labelText = async (orderId: string): Promise<string> => {
    const pdf = await app.inject({ url: `/api/v1/order/download/${orderId}`, headers: reseller.headers });
    expect(pdf.statusCode).toBe(200);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'staff-type-')), 'label.pdf');
    writeFileSync(file, pdf.rawPayload);
    return execFileSync('pdftotext', [file, '-']).toString();
  };

  let saver: AdminType;

  beforeAll(async () => {
    app = await createTestApp();
    await startWorkers(app.ctx);
    staff = await signUpStaff(app);
    reseller = await apiReseller(app, 500_00);
  });
  afterAll(async () => {
    await waitForLabelJobs(app);
    await app.close();
  });

  it('creates one for a carrier and service while every built-in service already has its type (audited)', async () => {
    expect((await listed()).filter((t) => !t.isStaffMade)).toHaveLength(13);
    const res = await create();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Label type created',
      labelType: { name: 'UPS Ground Saver', uid: 'ups_ground_saver', carrier: 'ups', weightUnit: 'lb' },
    });
    saver = (await listed()).find((t) => t.uid === 'ups_ground_saver')!;
    expect(saver).toMatchObject({ service: 'ups_ground_saver', isStaffMade: true, route: [], orderCount: 0 });
    const audit = await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, saver._id));
    expect(audit.map((a) => a.action)).toEqual(['label_type.create']);
    expect(audit[0]!.after).toMatchObject({ carrier: 'ups', service: 'ups_ground_saver', weightUnit: 'lb' });
  });

  it('refuses a name another type has, an unknown carrier, an empty service and bad tiers', async () => {
    const sameName = await create({ name: 'usps priority mail', carrier: 'usps', service: 'Priority' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors).toEqual([
      { field: 'name', message: 'A label type named USPS Priority Mail already exists' },
    ]);
    const dhl = await create({ name: 'DHL Express', carrier: 'dhl' });
    expect(dhl.statusCode).toBe(400);
    expect(dhl.json().errors).toContainEqual({
      field: 'carrier',
      message: 'Carrier must be USPS, UPS or FedEx',
    });
    const empty = await create({ name: 'Nothing', service: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({ field: 'service', message: 'Service is required' });
    const noUnit = await create({ name: 'No unit', weightUnit: undefined });
    expect(noUnit.json().errors).toContainEqual({ field: 'weightUnit', message: 'Choose a weight unit' });
    const gap = await create({
      name: 'Gappy',
      prices: [
        { fromWeight: 0, toWeight: 5, price: 7 },
        { fromWeight: 6, toWeight: 70, price: 9 },
      ],
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().errors[0].field).toMatch(/^prices/);
    const beyond = await create({ name: 'Too far', maxWeight: 20 });
    expect(beyond.statusCode).toBe(400);
    const renamed = await admin('PUT', `/label-types/${saver._id}`, {
      ...GROUND_SAVER,
      name: 'FedEx Ground',
    });
    expect(renamed.statusCode).toBe(409);
    expect((await listed()).filter((t) => t.isStaffMade).map((t) => t.name)).toEqual(['UPS Ground Saver']);
  });

  it("gives each its own uid, never a built-in's, with the carrier first and _oz for ounces", async () => {
    const again = await create({ name: 'UPS Ground Saver (wholesale)' });
    expect(again.json().labelType.uid).toBe('ups_ground_saver_2');
    const express = await create({ name: 'UPS Express via EasyPost', service: 'Express' });
    expect(express.json().labelType.uid).toBe('ups_express_2');
    const ounces = await create({
      name: 'USPS Ground Advantage by the ounce',
      carrier: 'usps',
      service: 'usps_ground_advantage',
      weightUnit: 'oz',
      maxWeight: 15.99,
      prices: [{ fromWeight: 0, toWeight: 15.99, price: 3 }],
    });
    expect(ounces.json().labelType).toMatchObject({ uid: 'usps_ground_advantage_oz', weightUnit: 'oz' });
    // Its uid stays while its service does; a new service gives it the uid of that one.
    const renamed = await admin('PUT', `/label-types/${again.json().labelType._id}`, {
      ...GROUND_SAVER,
      name: 'UPS Ground Saver (bulk)',
    });
    expect(renamed.json().labelType.uid).toBe('ups_ground_saver_2');
    const moved = await admin('PUT', `/label-types/${again.json().labelType._id}`, {
      ...GROUND_SAVER,
      name: 'UPS Ground (bulk)',
      service: 'ups_ground',
    });
    expect(moved.json().labelType.uid).toBe('ups_ground');
  });

  it('is bought in test mode on every order path, drawn with the UPS template and its service printed', async () => {
    const before = await balanceCents(app.database.db, reseller.id);
    // The form (and the quick order, which sends the same body).
    const formId = await placeOrder(app, reseller.headers, orderBody(saver._id, { Weight: 12 }));
    const form = await endedOrder<StaffOrder>(app, staff.headers, formId);
    expect(form).toMatchObject({ status: 'completed', price: 12 });
    expect(form.tracking).toMatch(/^1Z/);
    const text = await labelText(formId);
    expect(text).toContain('UPS GROUND SAVER');
    expect(text).toContain(form.tracking.slice(-4));

    // The API: its list carries the type, and an order may name it by uid.
    const types = (await apiCall(app, reseller.apiKey, 'GET', '/labeltype/read-types')).json().labelTypes;
    expect(types.find((t: LabelTypeView) => t.uid === 'ups_ground_saver')).toMatchObject({
      _id: saver._id,
      carrier: 'ups',
      weightUnit: 'lb',
    });
    const viaApi = await apiCall(app, reseller.apiKey, 'POST', '/order/create-order', {
      ...orderBody('ups_ground_saver', { Weight: 2 }),
    });
    expect(viaApi.statusCode, viaApi.body).toBe(201);
    const apiOrder = await endedOrder<StaffOrder>(app, staff.headers, viaApi.json().orders[0]._id);
    expect(apiOrder).toMatchObject({ status: 'completed', price: 7.5 });

    // A CSV file of orders of this type.
    const csv = await multipartPayload({
      type: saver._id,
      total_price: '15',
      csv: { data: SAMPLE_CSV, filename: 'orders.csv', contentType: 'text/csv' },
    });
    const paid = await app.inject({
      method: 'POST',
      url: '/api/v1/order/createOrderFromCSV',
      headers: { ...reseller.headers, ...csv.headers },
      payload: csv.payload,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().bulkOrder.labelType).toMatchObject({
      name: 'UPS Ground Saver',
      uid: 'ups_ground_saver',
    });

    // A duplicate of the form's order.
    const copy = await app.inject({
      method: 'POST',
      url: `/api/v1/order/duplicate/${formId}`,
      headers: reseller.headers,
      payload: {},
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const duplicate = await endedOrder<StaffOrder>(app, staff.headers, copy.json().order._id);
    expect(duplicate).toMatchObject({ status: 'completed', price: 12 });
    expect(await labelText(duplicate._id)).toContain('UPS GROUND SAVER');

    await waitForLabelJobs(app);
    expect(await balanceCents(app.database.db, reseller.id)).toBe(before - (1200 + 750 + 1500 + 1200));
  });

  it("takes a reseller's own price per type as the built-in ones do", async () => {
    const own = await admin('PUT', `/users/${reseller.id}/prices/${saver._id}`, { percent: -20 });
    expect(own.statusCode, own.body).toBe(200);
    const price = await app.inject({
      method: 'POST',
      url: '/api/v1/order/price',
      headers: reseller.headers,
      payload: { labelType: saver._id, weight: 12 },
    });
    expect(price.json()).toEqual({ price: 9.6 });
  });
});
