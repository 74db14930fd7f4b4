import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { adminCall, type Reseller } from '../../../test/order-fixtures.ts';
import { signUpStaff } from '../../../test/account-fixtures.ts';

const body = (name: string, service: string) => ({
  name,
  carrier: 'ups',
  service,
  weightUnit: 'lb',
  maxWeight: 70,
  status: true,
  prices: [{ fromWeight: 0, toWeight: 70, price: 9 }],
});

/**
 * Staff making types at the same moment on PostgreSQL (decision 334): the name and uid checks and the
 * insert are one step, so two types never share a name, and a uid taken meanwhile is numbered past.
 */
describe('staff-made label types made at once', () => {
  let app: TestApp;
  let staff: Reseller;

  beforeAll(async () => {
    app = await createTestApp({ engine: 'postgres' });
    staff = await signUpStaff(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('one name is taken once; one service gets a uid each', async () => {
    const sameName = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        adminCall(app, staff.headers, 'POST', '/label-types', body('UPS Ground Saver', `saver_${i}`)),
      ),
    );
    expect(sameName.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);

    const sameService = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        adminCall(app, staff.headers, 'POST', '/label-types', body(`UPS Ground ${i}`, 'ups_ground')),
      ),
    );
    expect(sameService.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(sameService.map((r) => r.json().labelType.uid).sort()).toEqual([
      'ups_ground',
      'ups_ground_2',
      'ups_ground_3',
      'ups_ground_4',
    ]);
  });
});
