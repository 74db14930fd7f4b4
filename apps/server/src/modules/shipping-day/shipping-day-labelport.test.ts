import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLinearCodes, pdfText } from '../../labels/label-scan.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';
import type { TestApp } from '../../../test/helper.ts';
import {
  balanceCents,
  completedOrders,
  labelTypeIds,
  ledgerOf,
  orderBody,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { twoPortals } from '../../../test/two-portals.ts';

type Listed = { _id: string; OrderId: string; status: string; tracking: string };

const tomorrow = (hour: number) => {
  const at = new Date(Date.now() + 24 * 3600_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};

/**
 * SCAN forms and pickups through another LabelPort (issue 46): portal A's labels were bought on portal B,
 * so A asks B's own `POST /api/v2/scan-form` and `POST /api/v2/pickup` for them, both real servers.
 */
describe('SCAN forms and pickups at an upstream LabelPort', () => {
  let portals: Awaited<ReturnType<typeof twoPortals>>;
  let a: TestApp;
  let b: TestApp;
  let reseller: Reseller;
  let types: Record<string, string>;
  let dir: string;

  const buy = (body: object) => completedOrders<Listed>(a, reseller.headers, body, 60_000);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'scan-form-upstream-'));
    portals = await twoPortals({ upstream: { balanceCents: 500_00 }, routed: ['ground_oz', 'ups_standard'] });
    a = portals.a.app;
    b = portals.b.app;
    reseller = await signUpReseller(a, 500_00);
    types = await labelTypeIds(a, reseller.headers);
  }, 120_000);
  afterAll(async () => {
    await portals.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('makes a SCAN form of 10 USPS labels at B, and refuses a mixed set with the reason', async () => {
    const usps = await buy(orderBody(types.ground_oz!, { quantity: 10 }));
    const [ups] = await buy(orderBody(types.ups_standard!));
    const post = (payload: object) =>
      a.inject({ method: 'POST', url: '/api/v1/scan-forms', headers: reseller.headers, payload });

    const mixed = await post({ orderIds: [...usps.map((o) => o._id), ups!._id] });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().message).toBe(
      `1 label does not fit on one SCAN form: ${ups!.OrderId}: another carrier (UPS)`,
    );

    const made = await post({ orderIds: usps.map((o) => o._id) });
    expect(made.statusCode, made.body).toBe(201);
    const form = made.json().scanForm;
    expect(form).toMatchObject({
      carrier: 'usps',
      isTest: false,
      trackingNumbers: usps.map((o) => o.tracking),
    });

    // B made the form of its own orders (A's purchases there), with the same tracking numbers.
    const onB = (
      await b.inject({
        method: 'GET',
        url: '/api/v2/scan-forms',
        headers: { 'x-api-key': portals.b.account.apiKey },
      })
    ).json().scanForms;
    expect(onB).toHaveLength(1);
    expect(onB[0].trackingNumbers).toEqual(usps.map((o) => o.tracking));

    // The PDF A keeps is B's form: its barcode is B's form id, its text every tracking number.
    const pdf = await a.inject({
      method: 'GET',
      url: `/api/v1/scan-forms/${form._id}/download`,
      headers: reseller.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const file = path.join(dir, 'form.pdf');
    await writeFile(file, pdf.rawPayload);
    const text = await pdfText(file);
    for (const order of usps) expect(text).toContain(order.tracking);
    expect(await decodeLinearCodes(file, path.join(dir, 'form'))).toContain(onB[0]._id);

    // A label on the form is refused a reseller's refund at A, as B refuses A's.
    const refund = await a.inject({
      method: 'POST',
      url: `/api/v1/order/refund-request/${usps[0]!._id}`,
      headers: reseller.headers,
      payload: { reason: 'x' },
    });
    expect(refund.statusCode).toBe(409);
  }, 120_000);

  it('books a pickup at B and cancels it, the money exact on both portals', async () => {
    const ups = await buy(orderBody(types.ups_standard!, { quantity: 2 }));
    const buyerOnB = portals.b.account;
    const [aBefore, bBefore] = [
      await balanceCents(a.ctx.db, reseller.id),
      await balanceCents(b.ctx.db, buyerOnB.id),
    ];
    const body = {
      orderIds: ups.map((o) => o._id),
      address: { name: 'Sam Sender', street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
      minDatetime: tomorrow(15),
      maxDatetime: tomorrow(18),
      instructions: 'Side door',
    };
    const quote = await a.inject({
      method: 'POST',
      url: '/api/v1/pickups',
      headers: reseller.headers,
      payload: { ...body, quoteOnly: true },
    });
    expect(quote.json().quote).toEqual({ carrier: 'ups', price: 6.5, packageCount: 2 });

    const booked = await a.inject({
      method: 'POST',
      url: '/api/v1/pickups',
      headers: reseller.headers,
      payload: body,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const pickup = booked.json().pickup;
    expect(pickup).toMatchObject({
      status: 'scheduled',
      price: 6.5,
      isTest: false,
      instructions: 'Side door',
    });
    expect(pickup.confirmation).toMatch(/^TEST\d{10}$/);
    expect(await balanceCents(a.ctx.db, reseller.id)).toBe(aBefore - 6_50);
    expect(await balanceCents(b.ctx.db, buyerOnB.id)).toBe(bBefore - 6_50);

    const cancelled = await a.inject({
      method: 'DELETE',
      url: `/api/v1/pickups/${pickup._id}`,
      headers: reseller.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().pickup.status).toBe('cancelled');
    const again = await a.inject({
      method: 'DELETE',
      url: `/api/v1/pickups/${pickup._id}`,
      headers: reseller.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(await balanceCents(a.ctx.db, reseller.id)).toBe(aBefore);
    expect(await balanceCents(b.ctx.db, buyerOnB.id)).toBe(bBefore);
    for (const [app, id] of [
      [a, reseller.id],
      [b, buyerOnB.id],
    ] as const) {
      const { entries, sum } = await ledgerOf(app.ctx.db, id);
      expect(
        entries
          .filter((e) => e.sourceKey.includes('pickup:'))
          .map((e) => e.amountCents)
          .sort(),
      ).toEqual([-6_50, 6_50]);
      expect(sum).toBe(await balanceCents(app.ctx.db, id));
    }
  }, 120_000);

  it('books a pickup asked again under its reference once, as A’s retry after a lost answer does', async () => {
    const ups = await buy(orderBody(types.ups_standard!));
    const key = { 'x-api-key': portals.b.account.apiKey };
    // A's orders on B: the upstream ids A's purchases recorded.
    const [onB] = (
      await b.inject({ method: 'GET', url: '/api/v2/order/read-orders?page=1&limit=1', headers: key })
    ).json().orders as { _id: string; tracking: string }[];
    expect(onB!.tracking).toBe(ups[0]!.tracking);
    const before = await balanceCents(b.ctx.db, portals.b.account.id);
    const ask = () =>
      b.inject({
        method: 'POST',
        url: '/api/v2/pickup',
        headers: key,
        payload: {
          orderIds: [onB!._id],
          address: {
            name: 'Sam Sender',
            street: '100 Congress Ave',
            city: 'Austin',
            state: 'TX',
            zip: '78701',
          },
          minDatetime: tomorrow(15),
          maxDatetime: tomorrow(18),
          reference: 'retry-1',
        },
      });
    const first = await ask();
    expect(first.statusCode, first.body).toBe(201);
    const again = await ask();
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().pickup._id).toBe(first.json().pickup._id);
    expect(await balanceCents(b.ctx.db, portals.b.account.id)).toBe(before - 6_50);
  }, 120_000);
});
