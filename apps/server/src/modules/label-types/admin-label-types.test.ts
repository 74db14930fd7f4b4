import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SAMPLE_CSV, type LabelTypeView, type PriceTier } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../db/schema.ts';
import { startWorkers } from '../../jobs/index.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import {
  balanceCents,
  createOrder,
  orderBody,
  waitForLabelJobs,
  waitFor,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { apiCall } from '../../../test/api-fixtures.ts';
import { apiReseller, signUpReseller, signUpStaff } from '../../../test/account-fixtures.ts';

type Headers = Record<string, string>;
const tiers = (rows: Array<[number, number, number]>): PriceTier[] =>
  rows.map(([fromWeight, toWeight, price]) => ({ fromWeight, toWeight, price }));
const PRIORITY_DEFAULT = tiers([
  [0, 1, 4.5],
  [1, 5, 6.5],
  [5, 10, 9.5],
  [10, 20, 14],
  [20, 40, 19],
  [40, 70, 26],
]);

describe('staff label types and reseller prices', () => {
  let app: TestApp;
  let staff: Reseller;
  let alice: Reseller;
  let bob: Reseller;
  let priority: LabelTypeView;
  let groundOz: LabelTypeView;

  const admin = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) => app.inject({ method, url: `/api/v1/admin${url}`, headers, ...(payload ? { payload } : {}) });
  const typeBody = (t: LabelTypeView, change: Partial<LabelTypeView> = {}) => ({
    name: t.name,
    uid: t.uid,
    maxWeight: t.maxWeight,
    status: t.status,
    prices: t.prices,
    ...change,
  });
  const priceOf = async (headers: Headers, labelType: string, weight: number) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/order/price',
        headers,
        payload: { labelType, weight },
      })
    ).json();
  const readTypes = async (headers: Headers): Promise<LabelTypeView[]> =>
    (await app.inject({ url: '/api/v1/labeltype/read', headers })).json().labelTypes;
  const auditActions = async (targetId: string) =>
    (await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId))).map((r) => r.action);

  beforeAll(async () => {
    app = await createTestApp();
    await startWorkers(app.ctx);
    staff = await signUpStaff(app);
    alice = await signUpReseller(app, 500_00);
    bob = await signUpReseller(app, 500_00);
    const types = await readTypes(alice.headers);
    priority = types.find((t) => t.uid === 'priority')!;
    groundOz = types.find((t) => t.uid === 'ground_oz')!;
  });
  afterAll(async () => {
    await waitForLabelJobs(app);
    await app.close();
  });

  it('is staff only', async () => {
    for (const [method, url] of [
      ['GET', '/label-types'],
      ['POST', '/label-types'],
      ['PUT', `/label-types/${priority._id}`],
      ['GET', `/users/${alice.id}/prices`],
      ['PUT', `/users/${alice.id}/prices/${priority._id}`],
      ['DELETE', `/users/${alice.id}/prices/${priority._id}`],
    ] as const) {
      expect((await admin(method, url, alice.headers, {})).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lists the types with their order counts and the services the engine renders', async () => {
    const res = await admin('GET', '/label-types', staff.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.labelTypes.find((t: LabelTypeView) => t.uid === 'priority')).toMatchObject({
      name: 'USPS Priority Mail',
      status: true,
      prices: PRIORITY_DEFAULT,
      orderCount: expect.any(Number),
    });
    expect(body.services.map((s: { uid: string }) => s.uid)).toContain('fedex_2day');
  });

  it('refuses tiers with a gap, an overlap, a negative price or beyond the max weight, changing nothing', async () => {
    const cases: Array<[PriceTier[], string]> = [
      [
        tiers([
          [0, 5, 4],
          [6, 70, 9],
        ]),
        'No price from 5 to 6',
      ],
      [
        tiers([
          [0, 5, 4],
          [4, 70, 9],
        ]),
        'Tiers 1 and 2 overlap between 4 and 5',
      ],
      [
        tiers([
          [0, 5, -4],
          [5, 70, 9],
        ]),
        'Tier 1: Price must be greater than 0',
      ],
      [
        tiers([
          [0, 5, 0],
          [5, 70, 9],
        ]),
        'Tier 1: Price must be greater than 0',
      ],
      [
        tiers([
          [0, 5, 4],
          [5, 80, 9],
        ]),
        'Tier 2: To weight 80 is beyond the max weight 70',
      ],
    ];
    for (const [prices, message] of cases) {
      const res = await admin(
        'PUT',
        `/label-types/${priority._id}`,
        staff.headers,
        typeBody(priority, { prices }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await readTypes(alice.headers)).find((t) => t.uid === 'priority')!.prices).toEqual(
      PRIORITY_DEFAULT,
    );
  });

  it('a price change reaches resellers at once and never changes an order already placed (audited)', async () => {
    const before = await createOrder(
      app,
      alice.headers,
      orderBody(priority._id, { design: 'evs', Weight: 3 }),
    );
    expect(before.statusCode).toBe(201);
    const placed = before.json().orders[0]._id;
    const cheaper = tiers([
      [0, 5, 5.25],
      [5, 70, 12],
    ]);
    const res = await admin(
      'PUT',
      `/label-types/${priority._id}`,
      staff.headers,
      typeBody(priority, { prices: cheaper }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().labelType.prices).toEqual(cheaper);
    expect(await priceOf(bob.headers, priority._id, 3)).toEqual({ price: 5.25 });
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, placed));
    expect(row!.priceCents).toBe(650);
    expect(await auditActions(priority._id)).toContain('label_type.update');
    await admin('PUT', `/label-types/${priority._id}`, staff.headers, typeBody(priority));
  });

  it('staff set the insurance rule and the return type of a label type; quotes and return labels follow', async () => {
    const carol = await signUpReseller(app, 100_00);
    const set = await admin(
      'PUT',
      `/label-types/${priority._id}`,
      staff.headers,
      typeBody(priority, { insurance: { per100: 0.75, min: 2 }, returnLabelTypeId: groundOz._id }),
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().labelType).toMatchObject({
      insurance: { per100: 0.75, min: 2 },
      returnLabelTypeId: groundOz._id,
    });
    const quote = await app.inject({
      method: 'POST',
      url: '/api/v1/order/price',
      headers: carol.headers,
      payload: { labelType: priority._id, weight: 3, insuredValue: 500 },
    });
    // $500 is 5 started hundreds at $0.75: $3.75, above the $2 minimum.
    expect(quote.json()).toEqual({ price: 6.5, insurance: 3.75 });
    const placed = await createOrder(
      app,
      carol.headers,
      orderBody(priority._id, { design: 'evs', Weight: 3 }),
    );
    const id = placed.json().orders[0]._id as string;
    await waitFor(
      async () =>
        (await app.inject({ url: `/api/v1/order/read/${id}`, headers: carol.headers })).json().order,
      (o: { status: string }) => o.status === 'completed',
    );
    const returned = await app.inject({
      method: 'POST',
      url: `/api/v1/order/return/${id}`,
      headers: carol.headers,
    });
    expect(returned.statusCode, returned.body).toBe(201);
    expect(returned.json().order.labelType.uid).toBe('ground_oz');
    const off = await admin(
      'PUT',
      `/label-types/${priority._id}`,
      staff.headers,
      typeBody(priority, { insurance: null }),
    );
    expect(off.json().labelType.insurance).toBeNull();
    const refused = await createOrder(
      app,
      carol.headers,
      orderBody(priority._id, { design: 'evs', insuredValue: 50 }),
    );
    expect(refused.statusCode).toBe(400);
    const bad = await admin(
      'PUT',
      `/label-types/${priority._id}`,
      staff.headers,
      typeBody(priority, { returnLabelTypeId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(bad.statusCode).toBe(400);
    await admin(
      'PUT',
      `/label-types/${priority._id}`,
      staff.headers,
      typeBody(priority, { insurance: { per100: 1, min: 1 }, returnLabelTypeId: null }),
    );
  });

  it('a disabled type refuses new orders with a clear message and keeps existing ones', async () => {
    const off = await admin(
      'PUT',
      `/label-types/${groundOz._id}`,
      staff.headers,
      typeBody(groundOz, { status: false }),
    );
    expect(off.statusCode).toBe(200);
    expect((await readTypes(bob.headers)).find((t) => t.uid === 'ground_oz')!.status).toBe(false);
    const refused = await createOrder(app, bob.headers, orderBody(groundOz._id, { Weight: 4 }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('USPS Ground Advantage (oz) is currently unavailable');
    expect(await balanceCents(app.database.db, bob.id)).toBe(500_00);
    await admin('PUT', `/label-types/${groundOz._id}`, staff.headers, typeBody(groundOz));
    expect((await createOrder(app, bob.headers, orderBody(groundOz._id, { Weight: 4 }))).statusCode).toBe(
      201,
    );
  });

  it('creates only for a service the engine renders that no type uses yet', async () => {
    const taken = await admin(
      'POST',
      '/label-types',
      staff.headers,
      typeBody(priority, { name: 'Second priority' }),
    );
    expect(taken.statusCode).toBe(409);
    const unknown = await admin(
      'POST',
      '/label-types',
      staff.headers,
      typeBody(priority, { uid: 'dhl_express' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Choose a carrier service the label engine renders');
  });

  it('a reseller percentage applies to price, read, create, CSV total and the API; others keep the default', async () => {
    const set = await admin('PUT', `/users/${alice.id}/prices/${priority._id}`, alice.headers, {
      percent: -10,
    });
    expect(set.statusCode).toBe(403);
    const res = await admin('PUT', `/users/${alice.id}/prices/${priority._id}`, staff.headers, {
      percent: -10,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().prices.slice(0, 2)).toEqual(
      tiers([
        [0, 1, 4.05],
        [1, 5, 5.85],
      ]),
    );
    expect(await priceOf(alice.headers, priority._id, 3)).toEqual({ price: 5.85 });
    expect(await priceOf(bob.headers, priority._id, 3)).toEqual({ price: 6.5 });
    expect((await readTypes(alice.headers)).find((t) => t.uid === 'priority')!.prices[0]!.price).toBe(4.05);

    const balance = await balanceCents(app.database.db, alice.id);
    const created = await createOrder(
      app,
      alice.headers,
      orderBody(priority._id, { design: 'evs', quantity: 2 }),
    );
    expect(created.statusCode).toBe(201);
    expect(await balanceCents(app.database.db, alice.id)).toBe(balance - 2 * 585);

    const csv = await multipartPayload({
      labeltype: priority._id,
      csv: { data: SAMPLE_CSV, filename: 'orders.csv', contentType: 'text/csv' },
    });
    const validated = await app.inject({
      method: 'POST',
      url: '/api/v1/order/validatecsv',
      headers: { ...alice.headers, ...csv.headers },
      payload: csv.payload,
    });
    expect(validated.json().totalPrice).toBe(9.9);
    const payBody = await multipartPayload({
      type: priority._id,
      total_price: '9.9',
      csv: { data: SAMPLE_CSV, filename: 'orders.csv', contentType: 'text/csv' },
    });
    const beforePay = await balanceCents(app.database.db, alice.id);
    const paid = await app.inject({
      method: 'POST',
      url: '/api/v1/order/createOrderFromCSV',
      headers: { ...alice.headers, ...payBody.headers },
      payload: payBody.payload,
    });
    expect(paid.statusCode).toBe(201);
    expect(await balanceCents(app.database.db, alice.id)).toBe(beforePay - 990);

    const api = await apiReseller(app, 0);
    await admin('PUT', `/users/${api.id}/prices/${priority._id}`, staff.headers, {
      tiers: tiers([[0, 70, 3]]),
    });
    const viaApi = (await apiCall(app, api.apiKey, 'GET', '/labeltype/read-types')).json().labelTypes;
    expect(viaApi.find((t: LabelTypeView) => t.uid === 'priority').prices).toEqual(tiers([[0, 70, 3]]));
    expect(await auditActions(alice.id)).toContain('user.set_prices');

    const cleared = await admin('DELETE', `/users/${alice.id}/prices/${priority._id}`, staff.headers);
    expect(cleared.json().own).toBeNull();
    expect(await priceOf(alice.headers, priority._id, 3)).toEqual({ price: 6.5 });
    expect(await auditActions(alice.id)).toContain('user.clear_prices');
  });

  it('refuses own tiers that do not cover the type and a percentage of -100 or less', async () => {
    const gap = await admin('PUT', `/users/${bob.id}/prices/${priority._id}`, staff.headers, {
      tiers: tiers([[0, 10, 3]]),
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().message).toBe('No price from 10 to the max weight 70');
    const free = await admin('PUT', `/users/${bob.id}/prices/${priority._id}`, staff.headers, {
      percent: -100,
    });
    expect(free.statusCode).toBe(400);
    const both = await admin('PUT', `/users/${bob.id}/prices/${priority._id}`, staff.headers, {});
    expect(both.json().message).toContain('Give either a percentage or your own tiers');
    expect(await priceOf(bob.headers, priority._id, 3)).toEqual({ price: 6.5 });
  });

  it('refuses a percentage or a new default price that makes a label free, so no purchase fails on it', async () => {
    const carol = await signUpReseller(app, 10_00);
    const free = await admin('PUT', `/users/${carol.id}/prices/${priority._id}`, staff.headers, {
      percent: -99.99,
    });
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe(
      'At -99.99%, the 0-1 tier would cost $0.00; every price must be at least $0.01',
    );
    expect(await priceOf(carol.headers, priority._id, 0.5)).toEqual({ price: 4.5 });

    expect(
      (await admin('PUT', `/users/${carol.id}/prices/${priority._id}`, staff.headers, { percent: -90 }))
        .statusCode,
    ).toBe(200);
    const cheaper = PRIORITY_DEFAULT.map((t, i) => (i === 0 ? { ...t, price: 0.04 } : t));
    const update = await admin(
      'PUT',
      `/label-types/${priority._id}`,
      staff.headers,
      typeBody(priority, { prices: cheaper }),
    );
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toContain('At -90%, the 0-1 tier would cost $0.00');
    expect(await priceOf(carol.headers, priority._id, 0.5)).toEqual({ price: 0.45 });
    const bought = await createOrder(
      app,
      carol.headers,
      orderBody(priority._id, { design: 'evs', Weight: 0.5 }),
    );
    expect(bought.statusCode).toBe(201);
    await admin('DELETE', `/users/${carol.id}/prices/${priority._id}`, staff.headers);
  });

  it('refuses staff setting or clearing their own prices (403), changing nothing', async () => {
    const own = await admin('PUT', `/users/${staff.id}/prices/${priority._id}`, staff.headers, {
      percent: -50,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot set your own prices');
    const cleared = await admin('DELETE', `/users/${staff.id}/prices/${priority._id}`, staff.headers);
    expect(cleared.statusCode).toBe(403);
    expect(await priceOf(staff.headers, priority._id, 3)).toEqual({ price: 6.5 });
    expect(await auditActions(staff.id)).not.toContain('user.set_prices');
  });

  it('refuses an order whose expectedTotal no longer matches with 409 and charges nothing', async () => {
    const balance = await balanceCents(app.database.db, bob.id);
    const stale = await createOrder(
      app,
      bob.headers,
      orderBody(priority._id, { design: 'evs', quantity: 2, expectedTotal: 11 }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'Prices changed, please review' });
    expect(await balanceCents(app.database.db, bob.id)).toBe(balance);
    const fresh = await createOrder(
      app,
      bob.headers,
      orderBody(priority._id, { design: 'evs', quantity: 2, expectedTotal: 13 }),
    );
    expect(fresh.statusCode).toBe(201);
    expect(await balanceCents(app.database.db, bob.id)).toBe(balance - 1300);
  });

  it('prints the price the reseller was charged on the label', async () => {
    await admin('PUT', `/users/${bob.id}/prices/${priority._id}`, staff.headers, { percent: 20 });
    const res = await createOrder(app, bob.headers, orderBody(priority._id, { design: 'indica', Weight: 3 }));
    const { _id } = res.json().orders[0];
    await waitFor(
      async () => (await app.ctx.db.select().from(orders).where(eq(orders.id, _id)))[0]!,
      (o) => o.status === 'completed',
    );
    const pdf = await app.inject({ url: `/api/v1/order/download/${_id}`, headers: bob.headers });
    expect(pdf.statusCode).toBe(200);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'label-')), 'label.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('$7.80');
    expect(text).not.toContain('$6.50');
  });
});
