import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEasyPostFake, type EasyPostFake } from '../../../test/fakes/easypost-fake.ts';
import { signUpReseller, signUpStaff } from '../../../test/account-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  adminCall,
  balanceCents,
  createOrder,
  labelTypeIds,
  ledgerOf,
  orderBody,
  waitFor,
  type Reseller,
} from '../../../test/order-fixtures.ts';
import { generateLabel } from '../purchases/label-job.ts';
import { staffRefund, statusOf } from './test-support.ts';
import { startVoidJobs } from './void-jobs.ts';

/**
 * `REFUND_VOID_CHECK_SECONDS` (decision 303): under the 5-minute schedule, each submitted void is checked
 * by a job of its own at its time, so a void the provider confirms is credited seconds later, once.
 */
describe('void checks on their own schedule', () => {
  let app: TestApp;
  let easypost: EasyPostFake;
  let staff: Reseller;
  let reseller: Reseller;
  let types: Record<string, string>;

  beforeAll(async () => {
    easypost = await startEasyPostFake();
    app = await createTestApp({
      env: {
        REFUND_VOID_CHECK_SECONDS: '1',
        PROVIDER_TIMEOUT_SECONDS: '2',
        PROVIDER_LABEL_WAIT_SECONDS: '5',
      },
    });
    await startVoidJobs(app.ctx);
    staff = await signUpStaff(app);
    reseller = await signUpReseller(app, 100_00);
    types = await labelTypeIds(app, staff.headers);
    const created = await adminCall(app, staff.headers, 'POST', '/providers', {
      kind: 'easypost',
      name: 'easypost',
      credentials: { apiKey: easypost.apiKey, baseUrl: easypost.url },
    });
    await adminCall(app, staff.headers, 'PUT', `/label-types/${types.priority}/route`, {
      route: [{ providerId: created.json().provider._id as string, service: 'USPS:Priority' }],
    });
  });
  afterAll(async () => {
    await app.close();
    await easypost.close();
  });

  it('a void the provider confirms is credited within seconds, once, with no webhook and no sweep', async () => {
    const res = await createOrder(app, reseller.headers, orderBody(types.priority!, { design: 'pitney' }));
    const id = res.json().orders[0]._id as string;
    await generateLabel(app.ctx, id);
    const order = await statusOf(app, id);
    const before = await balanceCents(app.ctx.db, reseller.id);

    const asked = Date.now();
    expect((await staffRefund(app, staff.headers, id)).json().order).toMatchObject({
      refundStatus: 'submitted',
    });
    const submitted = await statusOf(app, id);
    // The first check is a second away, not five minutes.
    expect(submitted.voidCheckAt!.getTime() - asked).toBeLessThan(3_000);

    // The first check finds it still submitted and backs off (2 s); the carrier then confirms.
    await waitFor(
      () => statusOf(app, id),
      (o) => o.voidChecks >= 1,
      10_000,
    );
    expect(await balanceCents(app.ctx.db, reseller.id)).toBe(before);
    const shipmentId = easypost.purchases.find((p) => p.tracking === order.tracking)!.shipmentId;
    await easypost.settleRefund(shipmentId, 'refunded');
    const refunded = await waitFor(
      () => statusOf(app, id),
      (o) => o.refundStatus === 'refunded',
      10_000,
    );
    expect(refunded.status).toBe('cancelled');
    expect(await balanceCents(app.ctx.db, reseller.id)).toBe(before + order.priceCents);
    const refunds = (await ledgerOf(app.ctx.db, reseller.id)).entries.filter((e) => e.kind === 'refund');
    expect(refunds).toHaveLength(1);
  }, 30_000);
});
