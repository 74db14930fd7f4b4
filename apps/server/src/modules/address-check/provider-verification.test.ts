import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/index.ts';
import { startEasyPostFake, type EasyPostFake } from '../../../test/fakes/easypost-fake.ts';
import { startShippoFake, type ShippoFake } from '../../../test/fakes/shippo-fake.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { adminCall, orderBody, waitForLabelJobs } from '../../../test/order-fixtures.ts';
import { apiCall } from '../../../test/api-fixtures.ts';
import type { Reseller } from '../../../test/order-fixtures.ts';
import { apiReseller, signUpStaff, type ApiReseller } from '../../../test/account-fixtures.ts';

/**
 * Issue 38 #5: an order whose label type is routed to EasyPost or Shippo has its addresses verified
 * there, and that answer replaces the offline ZIP table's, shown the same way (`warnings`, strict 422).
 * An outage falls back to the offline check and never holds the purchase; answers are cached.
 */
describe("address verification by the order's provider", () => {
  let app: TestApp;
  let easypost: EasyPostFake;
  let shippo: ShippoFake;
  let staff: Reseller;
  let alice: ApiReseller;
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    adminCall(app, staff.headers, method, url, payload);
  const order = (uid: string, change: Record<string, unknown>, query = '') =>
    apiCall(app, alice.apiKey, 'POST', `/order/create-order${query}`, {
      ...orderBody(uid, change),
      labelType: uid,
      ...(uid === 'priority' ? { design: 'pitney' } : {}),
    });

  beforeAll(async () => {
    [easypost, shippo] = await Promise.all([startEasyPostFake(), startShippoFake()]);
    app = await createTestApp({
      env: {
        PROVIDER_TIMEOUT_SECONDS: '2',
        API_RATE_LIMIT_PER_MINUTE: '0',
        API_PURCHASES_PER_SECOND: '0',
        PROVIDER_VERIFICATIONS_PER_MINUTE: '12',
      },
    });
    await startWorkers(app.ctx);
    staff = await signUpStaff(app);
    alice = await apiReseller(app, 200_00);
    const types = Object.fromEntries(
      ((await admin('GET', '/label-types')).json().labelTypes as { uid: string; _id: string }[]).map((t) => [
        t.uid,
        t._id,
      ]),
    );
    for (const [kind, fake, uid, service] of [
      ['easypost', easypost, 'priority', 'USPS:Priority'],
      ['shippo', shippo, 'ground_oz', 'usps_ground_advantage'],
    ] as const) {
      const created = await admin('POST', '/providers', {
        kind,
        name: kind,
        credentials: { apiKey: fake.apiKey, baseUrl: fake.url },
      });
      const providerId = created.json().provider._id as string;
      await admin('PUT', `/label-types/${types[uid]}/route`, { route: [{ providerId, service }] });
    }
    easypost.knownAddresses.set('200 BOYLSTON ST', { city: 'BOSTON', state: 'MA', zip: '02116-4501' });
    shippo.knownAddresses.set('1 MARKET ST', { city: 'SAN FRANCISCO', state: 'CA', zip: '94105' });
  }, 120_000);
  afterAll(async () => {
    await waitForLabelJobs(app);
    await app.close();
    await easypost.close();
    await shippo.close();
  });

  it("EasyPost's answer replaces the offline check: a ZIP the table accepts is corrected by EasyPost", async () => {
    // 02115 is a Boston ZIP, so the offline table has nothing to say; EasyPost knows the street is 02116.
    const res = await order('priority', { ToZip: '02115' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toEqual([
      {
        field: 'ToZip',
        message: 'EasyPost verified this address with ZIP 02116, not 02115',
        suggestion: '02116',
      },
    ]);
    const strict = await order('priority', { ToZip: '02115' }, '?address_check=strict');
    expect(strict.statusCode).toBe(422);
    expect(strict.json().errors).toEqual(res.json().warnings);
  });

  it('an address EasyPost cannot verify is a warning with its reasons, and refused in strict mode', async () => {
    const res = await order('priority', { ToStreet: 'Boylston Street' }, '?address_check=strict');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        field: 'ToStreet',
        message: 'EasyPost could not verify the To address: Address not found',
        suggestion: null,
      },
      {
        field: 'ToStreet',
        message: 'EasyPost could not verify the To address: House number is missing',
        suggestion: null,
      },
    ]);
  });

  it('asks once per address: the same addresses again are answered from the cache', async () => {
    const change = { FromStreet: '101 Congress Ave', ToStreet: '12 Beacon St', ToZip: '02108' };
    const before = easypost.verifications;
    expect((await order('priority', change)).statusCode).toBe(201);
    expect(easypost.verifications - before).toBe(2);
    expect((await order('priority', change)).statusCode).toBe(201);
    expect(easypost.verifications - before).toBe(2);
  });

  it('an EasyPost outage falls back to the offline check and the order is still bought', async () => {
    easypost.setAddressOutage(true);
    try {
      const res = await order('priority', { ToStreet: '14 Beacon St', ToZip: '02108', ToState: 'NY' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().warnings).toEqual([
        expect.objectContaining({
          field: 'ToState',
          message: expect.stringMatching(/^ZIP 02108 belongs to Boston, MA/),
        }),
      ]);
      expect(res.json().orders).toHaveLength(1);
    } finally {
      easypost.setAddressOutage(false);
    }
  });

  it("Shippo's validation answers for orders routed to Shippo, in the same fields", async () => {
    const before = shippo.validations;
    const res = await order('ground_oz', {
      ToStreet: '1 Market St',
      ToStreet2: '',
      ToCity: 'San Fran',
      ToState: 'CA',
      ToZip: '94105',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toEqual([
      {
        field: 'ToCity',
        message: 'Shippo verified this address in San Francisco, not San Fran',
        suggestion: 'San Francisco',
      },
    ]);
    expect(shippo.validations - before).toBe(2);
    const invalid = await order('ground_oz', { ToStreet: 'Market Street' }, '?address_check=strict');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual([
      {
        field: 'ToStreet',
        message:
          'Shippo could not verify the To address: The address as submitted could not be found. Please check for excessive abbreviations in the street address line or in the City name.',
        suggestion: null,
      },
    ]);
  });

  it('a reseller whose balance cannot pay for the order is checked offline: no paid call', async () => {
    const broke = await apiReseller(app, 1_00);
    const before = easypost.verifications;
    const res = await apiCall(app, broke.apiKey, 'POST', '/order/create-order', {
      ...orderBody('priority', { ToStreet: '30 Beacon St', ToZip: '02108' }),
      labelType: 'priority',
      design: 'pitney',
    });
    expect(res.statusCode).toBe(402);
    expect(easypost.verifications - before).toBe(0);
  });

  it('a reseller past their verifications this minute gets the offline check, and still buys', async () => {
    const bob = await apiReseller(app, 500_00);
    const before = easypost.verifications;
    for (let n = 1; n <= 14; n++) {
      const res = await apiCall(app, bob.apiKey, 'POST', '/order/create-order', {
        ...orderBody('priority', {
          FromStreet: '9 Tremont St',
          ToStreet: `${40 + n} Beacon St`,
          ToZip: '02108',
        }),
        labelType: 'priority',
        design: 'pitney',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // 15 addresses (one From, 14 To), 12 of them asked this minute; the cache answers nothing new here.
    expect(easypost.verifications - before).toBe(12);
  });

  it('a label type without a route keeps the offline check', async () => {
    const res = await order('ups_standard', { ToState: 'NY' });
    expect(res.json().warnings).toEqual([
      expect.objectContaining({
        field: 'ToState',
        message: expect.stringMatching(/^ZIP 02116 belongs to Boston, MA/),
      }),
    ]);
  });
});
