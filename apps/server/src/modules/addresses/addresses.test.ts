import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type Engine } from '../../../test/helper.ts';

const home = {
  name: 'Jane Doe',
  street: '1 Main St',
  street2: 'Apt 2',
  city: 'Austin',
  state: 'TX',
  zip: '73301',
  country: 'US',
};

// One engine: plain reads and writes through drizzle, no constraint races; how each driver gives values back is
// driver-values.test.ts (decision 321).
describe.each(['pglite'] satisfies Engine[])('addresses on %s', (engine) => {
  let app: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    app = await createTestApp({ engine });
    [alice, bob] = [await signUp(app), await signUp(app)];
  });
  afterAll(async () => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
    app.inject({ method, url: `/api/v1/address${url}`, headers: headers as Record<string, string>, payload });
  const create = async (body: object, who = alice) => call('POST', '/create', who.headers, body);

  describe('POST /api/v1/address/create', () => {
    it('saves an address with country US and lists it in GET /address/readAll', async () => {
      const res = await create({ ...home, zip: '73301-1234' });
      expect(res.statusCode).toBe(201);
      const { message, address } = res.json();
      expect(message).toBe('Address created successfully');
      expect(address).toMatchObject({ ...home, zip: '73301-1234', country: 'US', company: '' });
      const list = await call('GET', '/readAll', alice.headers);
      expect(list.statusCode).toBe(200);
      expect(list.json().addresses.map((a: { _id: string }) => a._id)).toContain(address._id);
    });

    it('reads a state in lowercase, a numeric ZIP and an empty street 2', async () => {
      const res = await create({ ...home, state: 'ny', zip: 10001, street2: undefined });
      expect(res.statusCode).toBe(201);
      expect(res.json().address).toMatchObject({ state: 'NY', zip: '10001', street2: '' });
    });

    it.each([
      [{ state: '' }, 'State is required'],
      [{ state: undefined }, 'State is required'],
      [{ state: 'ON' }, 'Please select a US state or territory'],
      [{ zip: '1234' }, 'ZIP Code must be 5 digits or ZIP+4 (12345-6789)'],
      [{ zip: '12345-12' }, 'ZIP Code must be 5 digits or ZIP+4 (12345-6789)'],
      [{ zip: 'ABCDE' }, 'ZIP Code must be 5 digits or ZIP+4 (12345-6789)'],
      [{ name: '  ' }, 'Name is required'],
      [{ street: undefined }, 'Street is required'],
      [{ city: '' }, 'City is required'],
      [{ country: 'Canada' }, 'Country must be United States'],
      [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    ])('refuses %o with a message', async (change, message) => {
      const res = await create({ ...home, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('refuses a body that is not JSON', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/address/create',
        headers: { ...alice.headers, 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Request body is not valid JSON');
    });
  });

  describe('PUT /api/v1/address/update/{id} and DELETE /api/v1/address/delete/{id}', () => {
    it("updates and deletes the owner's address", async () => {
      const { _id } = (await create(home)).json().address;
      const updated = await call('PUT', `/update/${_id}`, alice.headers, {
        ...home,
        city: 'Dallas',
        zip: '75201',
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        message: 'Address updated successfully',
        address: { city: 'Dallas' },
      });
      const removed = await call('DELETE', `/delete/${_id}`, alice.headers);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ message: 'Address deleted successfully' });
      const again = await call('DELETE', `/delete/${_id}`, alice.headers);
      expect(again.statusCode).toBe(404);
    });

    it("answers 404 for another reseller's address and never shows or changes it", async () => {
      const { _id } = (await create(home)).json().address;
      const update = await call('PUT', `/update/${_id}`, bob.headers, { ...home, city: 'Hacked' });
      expect(update.statusCode).toBe(404);
      expect(update.json()).toEqual({ message: 'Address not found' });
      expect((await call('DELETE', `/delete/${_id}`, bob.headers)).statusCode).toBe(404);
      const bobs = (await call('GET', '/readAll', bob.headers)).json().addresses;
      expect(bobs.map((a: { _id: string }) => a._id)).not.toContain(_id);
      const alices = (await call('GET', '/readAll', alice.headers)).json().addresses;
      expect(alices.find((a: { _id: string }) => a._id === _id).city).toBe('Austin');
    });

    it('answers 404 for an id that is not a UUID and 400 for a bad body', async () => {
      expect((await call('PUT', '/update/not-a-uuid', alice.headers, home)).statusCode).toBe(404);
      expect((await call('DELETE', '/delete/42', alice.headers)).statusCode).toBe(404);
      const { _id } = (await create(home)).json().address;
      const bad = await call('PUT', `/update/${_id}`, alice.headers, { ...home, zip: '1' });
      expect(bad.statusCode).toBe(400);
    });
  });

  it('needs a signed-in reseller for every call', async () => {
    for (const [method, url] of [
      ['GET', '/readAll'],
      ['POST', '/create'],
      ['PUT', '/update/00000000-0000-0000-0000-000000000000'],
      ['DELETE', '/delete/00000000-0000-0000-0000-000000000000'],
    ] as const) {
      expect(
        (await call(method, url, {}, method === 'POST' || method === 'PUT' ? home : undefined)).statusCode,
      ).toBe(401);
    }
  });
});
