import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelTypes } from '../../db/schema.ts';
import { createTestApp, signUp, type TestApp, type Engine } from '../../../test/helper.ts';

type TypeView = { _id: string; uid: string; status: boolean; maxWeight: number; prices: unknown[] };

// One engine: reads of the seeded label types and price arithmetic in code; how each driver gives values back
// is driver-values.test.ts (decision 321).
describe.each(['pglite'] satisfies Engine[])('label types and prices on %s', (engine) => {
  let app: TestApp;
  let headers: Record<string, string>;
  let types: TypeView[];
  const idOf = (uid: string) => types.find((t) => t.uid === uid)!._id;
  const price = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/order/price', headers, payload });

  beforeAll(async () => {
    app = await createTestApp({ engine });
    headers = (await signUp(app)).headers;
    const res = await app.inject({ method: 'GET', url: '/api/v1/labeltype/read', headers });
    types = res.json().labelTypes;
  });
  afterAll(async () => app.close());

  describe('GET /api/v1/labeltype/read', () => {
    it('lists every label type with its price tiers in dollars', () => {
      expect(types.map((t) => t.uid)).toEqual(
        expect.arrayContaining(['priority', 'ground_oz', 'ups_standard', 'fedex_ground']),
      );
      const priority = types.find((t) => t.uid === 'priority')!;
      expect(priority).toMatchObject({
        name: 'USPS Priority Mail',
        status: true,
        maxWeight: 70,
        weightUnit: 'lb',
      });
      expect(priority.prices[0]).toEqual({ price: 4.5, fromWeight: 0, toWeight: 1 });
    });

    it('needs a signed-in reseller', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/v1/labeltype/read' })).statusCode).toBe(401);
    });
  });

  describe('POST /api/v1/order/price', () => {
    it('answers the unit price of the tier that holds the weight', async () => {
      expect((await price({ labelType: idOf('priority'), weight: 1 })).json()).toEqual({ price: 4.5 });
      expect((await price({ labelType: idOf('priority'), weight: 1.01 })).json()).toEqual({ price: 6.5 });
      expect((await price({ labelType: idOf('ground_oz'), weight: '15.99' })).json()).toEqual({
        price: 4.25,
      });
    });

    it.each([
      [{ weight: 0 }, 'Weight must be greater than 0'],
      [{ weight: -1 }, 'Weight must be greater than 0'],
      [{ weight: 'abc' }, 'Weight must be a number'],
      [{ weight: undefined }, 'Weight is required'],
      [{ weight: 71 }, 'Weight must be at most 70 lb for USPS Priority Mail'],
      [{ labelType: '' }, 'Please select a label type'],
      [{ labelType: '00000000-0000-0000-0000-000000000000' }, 'Please select a valid label type'],
      [{ labelType: 'priority' }, 'Please select a valid label type'],
    ])('refuses %o with a clear message', async (change, message) => {
      const res = await price({ labelType: idOf('priority'), weight: 2, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('refuses a disabled label type', async () => {
      const id = idOf('ups_express_early');
      await app.database.db.update(labelTypes).set({ isEnabled: false }).where(eq(labelTypes.id, id));
      const res = await price({ labelType: id, weight: 2 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('UPS Express Early is currently unavailable');
      const listed = (await app.inject({ method: 'GET', url: '/api/v1/labeltype/read', headers })).json();
      expect(listed.labelTypes.find((t: TypeView) => t._id === id).status).toBe(false);
    });
  });
});
