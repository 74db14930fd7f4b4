import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLinearCodes, pdfText } from '../../labels/label-scan.ts';
import {
  adminCall,
  balanceCents,
  completedOrders,
  fund,
  ledgerOf,
  orderBody,
} from '../../../test/order-fixtures.ts';
import { shippingApiPortal, type ShippingApiPortal } from '../../../test/shipping-api-portal.ts';

type Listed = { _id: string; OrderId: string; status: string; tracking: string };

const tomorrow = (hour: number) => {
  const at = new Date(Date.now() + 24 * 3600_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};
const ADDRESS = { name: 'Sam Sender', street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

/**
 * SCAN forms and pickups at EasyPost (ScanForm, Pickup with its rates) and Shippo (manifests, USPS
 * pickups), against their fakes (issue 46): Priority goes to EasyPost, Ground Advantage (oz) to Shippo,
 * UPS Ground to EasyPost.
 */
describe('SCAN forms and pickups at EasyPost and Shippo', () => {
  let portal: ShippingApiPortal;
  let dir: string;

  const buy = (body: object) => completedOrders<Listed>(portal.app, portal.reseller.headers, body, 60_000);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    portal.app.inject({ method, url, headers: portal.reseller.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'scan-form-apis-'));
    portal = await shippingApiPortal({ PROVIDER_TIMEOUT_SECONDS: '5', PROVIDER_LABEL_WAIT_SECONDS: '5' });
    const routed = await adminCall(
      portal.app,
      portal.staff.headers,
      'PUT',
      `/label-types/${portal.types.ups_standard}/route`,
      {
        route: [{ providerId: portal.providers.easypost, service: 'UPS:Ground' }],
      },
    );
    expect(routed.statusCode, routed.body).toBe(200);
    await fund(portal.app.ctx.db, portal.reseller.id, 400_00);
  }, 120_000);
  afterAll(async () => {
    await portal.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('makes an EasyPost ScanForm of 10 Priority labels, refuses them with a Shippo label, and keeps its PDF', async () => {
    const priority = await buy(orderBody(portal.types.priority!, { quantity: 10, design: 'pitney' }));
    const [shippo] = await buy(orderBody(portal.types.ground_oz!));

    const mixed = await call('POST', '/api/v1/scan-forms', {
      orderIds: [...priority.map((o) => o._id), shippo!._id],
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().message).toBe(
      `1 label does not fit on one SCAN form: ${shippo!.OrderId}: bought through another provider`,
    );

    const made = await call('POST', '/api/v1/scan-forms', { orderIds: priority.map((o) => o._id) });
    expect(made.statusCode, made.body).toBe(201);
    const form = made.json().scanForm;
    expect(form).toMatchObject({ isTest: false, trackingNumbers: priority.map((o) => o.tracking) });
    const [atEasyPost] = [...portal.easypost.scanForms.values()];
    expect(atEasyPost!.tracking_codes).toEqual(priority.map((o) => o.tracking));

    const pdf = await call('GET', `/api/v1/scan-forms/${form._id}/download`);
    const file = path.join(dir, 'easypost.pdf');
    await writeFile(file, pdf.rawPayload);
    const text = await pdfText(file);
    for (const order of priority) expect(text).toContain(order.tracking);
    expect(await decodeLinearCodes(file, path.join(dir, 'easypost'))).toContain(atEasyPost!.id);
  }, 120_000);

  it('makes a Shippo manifest and books a free USPS pickup there, which Shippo cannot cancel', async () => {
    const labels = await buy(orderBody(portal.types.ground_oz!, { quantity: 3 }));
    const made = await call('POST', '/api/v1/scan-forms', { orderIds: labels.map((o) => o._id) });
    expect(made.statusCode, made.body).toBe(201);
    const [manifest] = [...portal.shippo.manifests.values()];
    expect(manifest).toMatchObject({ status: 'SUCCESS' });
    expect((manifest!.transactions as string[]).length).toBe(3);

    const booked = await call('POST', '/api/v1/pickups', {
      orderIds: labels.map((o) => o._id),
      address: ADDRESS,
      minDatetime: tomorrow(15),
      maxDatetime: tomorrow(18),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().pickup).toMatchObject({ status: 'scheduled', price: 0, carrier: 'usps' });
    expect(booked.json().pickup.confirmation).toMatch(/^WTC\d{8}$/);
    const cancel = await call('DELETE', `/api/v1/pickups/${booked.json().pickup._id}`);
    expect(cancel.statusCode).toBe(422);
    expect(cancel.json().message).toMatch(/cancel it with USPS by its confirmation number$/);
  }, 120_000);

  it('shows EasyPost’s pickup rate first, buys it on confirmation and refunds it once on cancel', async () => {
    const ups = await buy(orderBody(portal.types.ups_standard!, { quantity: 2 }));
    const body = {
      orderIds: ups.map((o) => o._id),
      address: ADDRESS,
      minDatetime: tomorrow(15),
      maxDatetime: tomorrow(18),
      instructions: 'Dock 4',
    };
    const before = await balanceCents(portal.app.ctx.db, portal.reseller.id);
    const quote = await call('POST', '/api/v1/pickups', { ...body, quoteOnly: true });
    expect(quote.json().quote).toEqual({ carrier: 'ups', price: 7.15, packageCount: 2 });
    expect([...portal.easypost.pickups.values()].every((p) => p.status === 'unknown')).toBe(true);

    const booked = await call('POST', '/api/v1/pickups', body);
    expect(booked.statusCode, booked.body).toBe(201);
    const pickup = booked.json().pickup;
    expect(pickup).toMatchObject({ status: 'scheduled', price: 7.15, instructions: 'Dock 4' });
    const bought = [...portal.easypost.pickups.values()].filter((p) => p.status === 'scheduled');
    expect(bought.map((p) => p.confirmation)).toEqual([pickup.confirmation]);
    expect(await balanceCents(portal.app.ctx.db, portal.reseller.id)).toBe(before - 7_15);

    const cancelled = await call('DELETE', `/api/v1/pickups/${pickup._id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(bought[0]!.status).toBe('canceled');
    expect((await call('DELETE', `/api/v1/pickups/${pickup._id}`)).statusCode).toBe(409);
    expect(await balanceCents(portal.app.ctx.db, portal.reseller.id)).toBe(before);
    const { entries, sum } = await ledgerOf(portal.app.ctx.db, portal.reseller.id);
    expect(
      entries
        .filter((e) => e.sourceKey.includes(`pickup:${pickup._id}`))
        .map((e) => e.amountCents)
        .sort(),
    ).toEqual([-7_15, 7_15]);
    expect(sum).toBe(await balanceCents(portal.app.ctx.db, portal.reseller.id));
  }, 120_000);
});
