import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { balanceCents, ledgerOf, type Reseller } from '../../../test/order-fixtures.ts';
import { cancel, complete, courierBody, createCourier, pdf, quote, setStatus } from './test-support.ts';
import { signUpStaff, signUpReseller } from '../../../test/account-fixtures.ts';

describe('courier orders /api/v1/fed and /api/v1/admin/courier', () => {
  let app: TestApp;
  let reseller: Reseller;
  let other: Reseller;
  let staff: Reseller;
  const read = (headers: Record<string, string>, query = '') =>
    app.inject({ url: `/api/v1/fed/read${query}`, headers });
  const statusOf = async (id: string) =>
    ((await read(reseller.headers)).json().docs as { _id: string; status: string }[]).find(
      (d) => d._id === id,
    )?.status;

  beforeAll(async () => {
    app = await createTestApp();
    reseller = await signUpReseller(app, 10_000);
    other = await signUpReseller(app);
    staff = await signUpStaff(app);
  });
  afterAll(() => app.close());

  it('creates an order in kg and cm and lists it Pending with every detail', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/fed/create-order',
      headers: reseller.headers,
      payload: courierBody({ dimensionUnit: 'in', specialNotes: 'Leave at desk' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Courier order created successfully' });
    const listRes = await read(reseller.headers, '?search=leave%20at');
    const list = listRes.json();
    expect(list.totalDocs).toBe(1);
    expect(list.docs[0]).toMatchObject({
      status: 'Pending',
      price: null,
      dimensionUnit: 'inch',
      weightUnit: 'kg',
      specialNotes: 'Leave at desk',
      from: { name: 'Sender Co', state: 'TX', zip: '73301', phone: '512-555-0100' },
    });
    expect((await read(other.headers)).json()).toEqual({ docs: [], totalDocs: 0, totalPages: 1 });
  });

  it('finds an order by the reference the list shows and by its status, and not by a wildcard', async () => {
    const { docs } = (await read(reseller.headers)).json() as { docs: { _id: string }[] };
    const id = docs[0]!._id;
    const byRef = (await read(reseller.headers, `?search=${id.slice(0, 8).toUpperCase()}`)).json();
    expect(byRef.docs.map((d: { _id: string }) => d._id)).toEqual([id]);
    expect((await read(reseller.headers, `?search=${id.slice(2, 10)}`)).json().totalDocs).toBe(0);
    expect((await read(reseller.headers, '?search=pending')).json().totalDocs).toBe(1);
    expect((await read(reseller.headers, '?search=completed')).json().totalDocs).toBe(0);
    expect((await read(reseller.headers, '?search=%25')).json().totalDocs).toBe(0);
    expect((await read(other.headers, `?search=${id.slice(0, 8)}`)).json().totalDocs).toBe(0);
  });

  it('refuses bad input with field messages', async () => {
    const bad = courierBody({
      weight: -1,
      weightUnit: 'oz',
      to: { ...courierBody().to, state: 'XX', zip: '12' },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/fed/create-order',
      headers: reseller.headers,
      payload: bad,
    });
    expect(res.statusCode).toBe(400);
    const text = res.body;
    expect(text).toContain('Weight must be greater than 0');
    expect(text).toContain('Weight unit must be lbs or kg');
    expect(text).toContain('Please select a US state or territory');
    expect(text).toContain('ZIP Code must be 5 digits');
    const huge = await app.inject({
      method: 'POST',
      url: '/api/v1/fed/create-order',
      headers: reseller.headers,
      payload: courierBody({ length: 100000 }),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('Length must be at most 500');
  });

  it('runs quote, accept (charged once), complete and download; refuses every other move', async () => {
    const id = await createCourier(app, reseller.headers);
    // Nothing to accept before a quote; staff cannot complete a Pending order.
    expect((await setStatus(app, reseller.headers, id, 'In Process')).statusCode).toBe(409);
    expect((await complete(app, staff.headers, id)).statusCode).toBe(409);
    expect((await quote(app, reseller.headers, id)).statusCode).toBe(403);
    expect((await quote(app, staff.headers, id, 42, 'Pickup at 5pm')).statusCode).toBe(200);
    expect((await quote(app, staff.headers, id)).statusCode).toBe(409);
    const quoted = (await read(reseller.headers)).json().docs[0];
    expect(quoted).toMatchObject({ status: 'Awaiting User Input', price: 42, note: 'Pickup at 5pm' });

    expect((await setStatus(app, other.headers, id, 'In Process')).statusCode).toBe(404);
    expect((await setStatus(app, reseller.headers, id, 'Completed')).statusCode).toBe(400);
    const before = await balanceCents(app.database.db, reseller.id);
    const accepted = await setStatus(app, reseller.headers, id, 'In Process');
    expect(accepted.json()).toEqual({ message: 'Order accepted' });
    expect((await setStatus(app, reseller.headers, id, 'In Process')).statusCode).toBe(409);
    expect(await balanceCents(app.database.db, reseller.id)).toBe(before - 4200);

    expect(
      (await app.inject({ url: `/api/v1/fed/download/${id}`, headers: reseller.headers })).statusCode,
    ).toBe(404);
    const notPdf = await complete(app, staff.headers, id, Buffer.from('<html>'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe('The file must be a PDF');
    expect((await complete(app, staff.headers, id, pdf, 'Tracking 7701')).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('Completed');
    expect((await cancel(app, staff.headers, id)).statusCode).toBe(409);

    const file = await app.inject({ url: `/api/v1/fed/download/${id}`, headers: reseller.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await app.inject({ url: `/api/v1/fed/download/${id}`, headers: other.headers })).statusCode).toBe(
      404,
    );

    const audit = await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(['courier.complete', 'courier.quote']);
  });

  it('rejects a quote without charging, and refuses Accept without the balance', async () => {
    const poor = await signUpReseller(app);
    const id = await createCourier(app, poor.headers);
    await quote(app, staff.headers, id, 42);
    const refused = await setStatus(app, poor.headers, id, 'In Process');
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(
      'Insufficient balance: this courier order costs $42.00 and your balance is $0.00. Please add funds.',
    );
    const list = (await read(poor.headers)).json();
    expect(list.docs[0].status).toBe('Awaiting User Input');
    expect((await setStatus(app, poor.headers, id, 'Cancelled')).json()).toEqual({
      message: 'Order rejected',
    });
    expect((await read(poor.headers)).json().docs[0].status).toBe('Cancelled');
    expect((await ledgerOf(app.database.db, poor.id)).entries).toEqual([]);
  });

  it('refunds a staff cancel after acceptance exactly once', async () => {
    const id = await createCourier(app, reseller.headers);
    await quote(app, staff.headers, id, 10);
    const before = await balanceCents(app.database.db, reseller.id);
    await setStatus(app, reseller.headers, id, 'In Process');
    expect((await cancel(app, staff.headers, id, 'Courier unavailable')).json()).toEqual({
      message: 'Order cancelled and the charge refunded',
    });
    expect((await cancel(app, staff.headers, id)).statusCode).toBe(409);
    expect(await balanceCents(app.database.db, reseller.id)).toBe(before);
    expect((await read(reseller.headers)).json().docs[0]).toMatchObject({
      status: 'Cancelled',
      note: 'Courier unavailable',
    });
    const missingNote = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/courier/${id}/cancel`,
      headers: staff.headers,
      payload: { note: '' },
    });
    expect(missingNote.statusCode).toBe(400);
  });

  it('gives staff the queue by status and counts what awaits them on the overview', async () => {
    const res = await app.inject({ url: '/api/v1/admin/courier?status=Pending', headers: staff.headers });
    expect(res.statusCode).toBe(200);
    const queue = res.json();
    expect(queue.docs.every((d: { status: string }) => d.status === 'Pending')).toBe(true);
    const overview = (await app.inject({ url: '/api/v1/admin/overview', headers: staff.headers })).json();
    expect(overview.courierAwaitingStaff).toBe(queue.totalDocs);
    expect((await app.inject({ url: '/api/v1/admin/courier', headers: reseller.headers })).statusCode).toBe(
      403,
    );
    expect((await quote(app, staff.headers, 'not-an-id')).statusCode).toBe(404);
  });
});
