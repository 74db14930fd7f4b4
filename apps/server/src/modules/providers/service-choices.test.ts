import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEasyPostFake, type EasyPostFake } from '../../../test/fakes/easypost-fake.ts';
import { startShippoFake, type ShippoFake } from '../../../test/fakes/shippo-fake.ts';
import { signUpReseller, signUpStaff } from '../../../test/account-fixtures.ts';
import { adminCall } from '../../../test/api-fixtures.ts';
import { endedOrder, orderBody, placeOrder, type Reseller } from '../../../test/order-fixtures.ts';
import {
  startDownstreamPortal,
  startUpstreamPortal,
  type DownstreamPortal,
  type UpstreamPortal,
} from '../../../test/two-portals.ts';

type Choice = {
  service: string;
  name: string;
  source: string;
  providerName: string | null;
  weightUnit: string | null;
};

const GROUND_SAVER = {
  name: 'UPS Ground Saver',
  carrier: 'ups',
  service: 'ups_ground_saver',
  weightUnit: 'lb',
  maxWeight: 70,
  status: true,
  prices: [{ fromWeight: 0, toWeight: 70, price: 8 }],
};

/**
 * What staff choose a new label type's service from (issue 47, item 6; decision 334): the upstream
 * portal's label types read through its API v2, what EasyPost and Shippo report for the account, and
 * their documented lists; a provider that cannot say is named and the rest still shows.
 */
describe('service choices for a new label type', () => {
  let portalB: UpstreamPortal;
  let portalA: DownstreamPortal;
  let easypost: EasyPostFake;
  let shippo: ShippoFake;
  let reseller: Reseller;
  let portalBId = '';
  const choices = async (carrier: string) =>
    portalA.admin('GET', `/label-types/service-choices?carrier=${carrier}`);

  beforeAll(async () => {
    [portalB, easypost, shippo] = await Promise.all([
      startUpstreamPortal({ balanceCents: 100_00 }),
      startEasyPostFake(),
      startShippoFake(),
    ]);
    portalA = await startDownstreamPortal();
    // Portal B sells a type its staff made; A reads it in B's label type list.
    const staffB = await signUpStaff(portalB.app);
    const made = await adminCall(portalB.app, staffB.headers, 'POST', '/label-types', GROUND_SAVER);
    expect(made.statusCode, made.body).toBe(201);
    portalBId = (await portalA.addUpstream({ apiKey: portalB.account.apiKey, baseUrl: portalB.url }))._id;
    for (const [kind, fake] of [
      ['easypost', easypost],
      ['shippo', shippo],
    ] as const) {
      const res = await portalA.admin('POST', '/providers', {
        kind,
        name: kind === 'easypost' ? 'EasyPost' : 'Shippo',
        credentials: { apiKey: fake.apiKey, baseUrl: fake.url },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    reseller = await signUpReseller(portalA.app, 50_00);
  });
  afterAll(async () => {
    await portalA.close();
    await portalB.close();
    await Promise.all([easypost.close(), shippo.close()]);
  });

  it("offers the upstream's types, what EasyPost and Shippo report, then their documented lists", async () => {
    const res = await choices('ups');
    expect(res.statusCode, res.body).toBe(200);
    const { choices: offered, unavailable } = res.json() as { choices: Choice[]; unavailable: unknown[] };
    expect(unavailable).toEqual([]);
    expect(offered).toContainEqual({
      service: 'ups_ground_saver',
      name: 'UPS Ground Saver',
      source: 'labelport',
      providerName: 'Portal B',
      weightUnit: 'lb',
    });
    expect(offered).toContainEqual(
      expect.objectContaining({ service: 'ups_standard', source: 'labelport', providerName: 'Portal B' }),
    );
    expect(offered).toContainEqual(
      expect.objectContaining({ service: 'Ground', source: 'easypost', providerName: 'EasyPost' }),
    );
    expect(offered).toContainEqual(
      expect.objectContaining({ service: 'ups_ground', source: 'shippo', providerName: 'Shippo' }),
    );
    // Documented services no provider reported, once each.
    expect(offered).toContainEqual({
      service: 'ups_ground_saver',
      name: 'Ground Saver',
      source: 'shippo',
      providerName: null,
      weightUnit: null,
    });
    expect(offered).toContainEqual(
      expect.objectContaining({ service: 'UPSGroundsaver', source: 'easypost' }),
    );
    expect(offered.filter((c) => c.source === 'easypost' && c.service === 'Ground')).toHaveLength(1);
    // Only the carrier asked for.
    expect(offered.some((c) => c.service.startsWith('usps') || c.service.startsWith('fedex'))).toBe(false);

    const bad = await choices('dhl');
    expect(bad.statusCode).toBe(400);
  });

  it('names a provider that cannot say what it sells, and offers the rest', async () => {
    const broken = await portalA.addUpstream(
      { apiKey: 'not-a-real-key-1234', baseUrl: portalB.url },
      'Broken',
    );
    const { choices: offered, unavailable } = (await choices('usps')).json() as {
      choices: Choice[];
      unavailable: Array<{ providerName: string; message: string }>;
    };
    expect(unavailable).toEqual([{ providerName: 'Broken', message: expect.any(String) }]);
    expect(offered).toContainEqual(
      expect.objectContaining({ service: 'ground_oz', source: 'labelport', weightUnit: 'oz' }),
    );
    expect(offered).toContainEqual(
      expect.objectContaining({ service: 'GroundAdvantage', source: 'easypost' }),
    );
    await portalA.admin('PUT', `/providers/${broken._id}`, { enabled: false });
  });

  it("a type made from the upstream's choice is bought there with that label type", async () => {
    const made = await portalA.admin('POST', '/label-types', { ...GROUND_SAVER, name: 'Ground Saver via B' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().labelType._id as string;
    const routed = await portalA.admin('PUT', `/label-types/${id}/route`, {
      route: [{ providerId: portalBId, service: 'ups_ground_saver' }],
    });
    expect(routed.statusCode, routed.body).toBe(200);
    const orderId = await placeOrder(portalA.app, reseller.headers, orderBody(id, { Weight: 4 }));
    const order = await endedOrder<{ status: string; tracking: string; provider: { name: string } | null }>(
      portalA.app,
      portalA.staff.headers,
      orderId,
    );
    expect(order).toMatchObject({ status: 'completed', provider: { name: 'Portal B' } });
    expect(order.tracking).toMatch(/^1Z/);
  });
});
