import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, providerCalls } from '../../db/schema.ts';
import { pngSize } from '../../labels/label-scan.ts';
import { startEasyPostFake, type EasyPostFake } from '../../../test/fakes/easypost-fake.ts';
import { startShippoFake, type ShippoFake } from '../../../test/fakes/shippo-fake.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';
import type { TestApp } from '../../../test/helper.ts';
import {
  labelTypeIds,
  orderBody,
  endedOrder,
  placeOrder,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import {
  startDownstreamPortal,
  startUpstreamPortal,
  type DownstreamPortal,
  type UpstreamPortal,
} from '../../../test/two-portals.ts';

type StaffOrder = { _id: string; status: string; tracking: string };

/**
 * Issue 37: a label bought upstream in ZPL or PNG is the provider's own file, asked for when a reseller
 * first downloads it so and kept beside the PDF; a provider that cannot make it answers 409 saying why.
 */
describe('label formats of labels bought upstream', () => {
  let a: TestApp;
  let b: TestApp;
  let portalA: DownstreamPortal;
  let portalB: UpstreamPortal;
  let easypost: EasyPostFake;
  let shippo: ShippoFake;
  let reseller: Reseller;
  let types: Record<string, string>;
  const providers: Record<string, string> = {};
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    portalA.admin(method, url, payload);

  beforeAll(async () => {
    [easypost, shippo] = await Promise.all([startEasyPostFake(), startShippoFake()]);
    portalB = await startUpstreamPortal();
    b = portalB.app;
    portalA = await startDownstreamPortal({ env: { PROVIDER_TIMEOUT_SECONDS: '5' } });
    a = portalA.app;
    reseller = await signUpReseller(a, 100_00);
    types = await labelTypeIds(a, portalA.staff.headers);
    const added = [
      ['easypost', { apiKey: easypost.apiKey, baseUrl: easypost.url }],
      ['shippo', { apiKey: shippo.apiKey, baseUrl: shippo.url }],
      ['labelport', { apiKey: portalB.account.apiKey, baseUrl: portalB.url }],
    ] as const;
    for (const [kind, credentials] of added) {
      const created = await admin('POST', '/providers', { kind, name: kind, credentials });
      expect(created.statusCode, created.body).toBe(201);
      providers[kind] = created.json().provider._id as string;
    }
  }, 120_000);
  afterAll(async () => {
    await portalA.close();
    await portalB.close();
    await easypost.close();
    await shippo.close();
  });

  async function buyThrough(kind: string, uid: string, service: string): Promise<StaffOrder> {
    await admin('PUT', `/label-types/${types[uid]}/route`, {
      route: [{ providerId: providers[kind], service }],
    });
    const body = orderBody(types[uid]!, uid === 'priority' ? { design: 'pitney' } : {});
    const id = await placeOrder(a, reseller.headers, body);
    const order = await endedOrder<StaffOrder>(a, portalA.staff.headers, id, 30_000);
    expect(order.status).toBe('completed');
    return order;
  }
  const download = (orderId: string, query: string) =>
    a.inject({ method: 'GET', url: `/api/v1/order/download/${orderId}${query}`, headers: reseller.headers });
  const labelFileCalls = async (providerId: string) =>
    (
      await a.ctx.db
        .select()
        .from(providerCalls)
        .where(and(eq(providerCalls.providerId, providerId), eq(providerCalls.operation, 'label-file')))
    ).length;

  it("EasyPost: ZPL is EasyPost's own conversion, asked for once and then kept", async () => {
    const order = await buyThrough('easypost', 'priority', 'USPS:Priority');
    const bought = easypost.purchases.find((p) => p.tracking === order.tracking)!;

    const zpl = await download(order._id, '?format=zpl');
    expect(zpl.statusCode, zpl.body).toBe(200);
    expect(zpl.headers['content-type']).toBe('application/zpl');
    expect(zpl.headers['content-disposition']).toBe(`attachment; filename="${order.tracking}.zpl"`);
    expect(zpl.body.startsWith('^XA')).toBe(true);
    expect(zpl.rawPayload.equals(Buffer.from(bought.zpl!))).toBe(true);

    const again = await download(order._id, '?format=zpl&dpi=203');
    expect(again.rawPayload.equals(zpl.rawPayload)).toBe(true);
    expect(await labelFileCalls(providers.easypost!)).toBe(1);

    // Made for 203 dpi printers, and EasyPost makes PNG only for labels bought as PNG: never converted here.
    const at300 = await download(order._id, '?format=zpl&dpi=300');
    expect(at300.statusCode).toBe(409);
    expect(at300.json().message).toBe(
      'This label is not offered as ZPL at 300 dpi: EasyPost made this label for 203 dpi; ask for dpi=203',
    );
    const png = await download(order._id, '?format=png');
    expect(png.statusCode).toBe(409);
    expect(png.json().message).toBe(
      'This label is not offered as PNG at 203 dpi: EasyPost makes PNG only for labels bought as PNG, and this one was bought as PDF',
    );
    // The PDF is still the one EasyPost made.
    expect((await download(order._id, '')).rawPayload.equals(Buffer.from(bought.pdf))).toBe(true);
  });

  it('Shippo: one file per label, so ZPL and PNG answer 409 with the reason', async () => {
    const order = await buyThrough('shippo', 'ground_oz', 'usps_ground_advantage');
    for (const query of ['?format=zpl', '?format=png&dpi=300']) {
      const res = await download(order._id, query);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'Shippo makes one file per label and this one was bought as PDF; download it as pdf or letter',
      );
    }
    expect((await download(order._id, '?format=letter')).headers['content-type']).toBe('application/pdf');
  });

  it("another LabelPort: ZPL and PNG are the upstream's own downloads of that label", async () => {
    const order = await buyThrough('labelport', 'ground_oz', 'ground_oz');
    const [onBOrder] = await b.ctx.db.select().from(orders).where(eq(orders.tracking, order.tracking));
    const fromB = (query: string) =>
      b.inject({
        method: 'GET',
        url: `/api/v2/order/download/${onBOrder!.id}${query}`,
        headers: { 'x-api-key': portalB.account.apiKey },
      });
    const zpl = await download(order._id, '?format=zpl&dpi=300');
    expect(zpl.statusCode, zpl.body).toBe(200);
    expect(zpl.body).toContain('^PW1200');
    expect(zpl.rawPayload.equals((await fromB('?format=zpl&dpi=300')).rawPayload)).toBe(true);
    const png = await download(order._id, '?format=png');
    expect(png.headers['content-type']).toBe('image/png');
    expect(pngSize(png.rawPayload)).toEqual({ width: 812, height: 1218 });
    expect(png.rawPayload.equals((await fromB('?format=png&dpi=203')).rawPayload)).toBe(true);
  });
});
