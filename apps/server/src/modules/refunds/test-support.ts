import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { orders, users } from '../../db/schema.ts';
import { signUp } from '../../../test/helper.ts';
import { generateLabel } from '../orders/label-job.ts';
import {
  createOrder,
  fund,
  labelTypeIds,
  orderBody,
  resellerOf,
  type Reseller,
} from '../../../test/order-kit.ts';
import type { TestApp } from '../../../test/helper.ts';
import { enrolTwoFactor } from '../../../test/two-factor-kit.ts';

/** A staff member (role set directly, as the admin command line does) with a second factor, as staff must. */
export async function staffOf(app: TestApp): Promise<Reseller> {
  const staff = await resellerOf(app, (await signUp(app)).headers);
  await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.id));
  await enrolTwoFactor(app, staff.headers);
  return staff;
}

/** A reseller with $100 and one order ($2.75), completed by running its label job unless `open`. */
export async function resellerWithOrder(app: TestApp, { open = false } = {}) {
  const reseller = await resellerOf(app, (await signUp(app)).headers);
  await fund(app.database.db, reseller.id, 100_00);
  const ids = await labelTypeIds(app, reseller.headers);
  const res = await createOrder(app, reseller.headers, orderBody(ids.ground_oz!));
  const orderId = res.json().orders[0]._id as string;
  if (!open) await generateLabel(app.ctx, orderId);
  return { reseller, orderId };
}

export const requestRefund = (app: App, headers: Record<string, string>, orderId: string, reason?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/order/refund-request/${orderId}`,
    headers,
    payload: reason === undefined ? {} : { reason },
  });

export const staffRefund = (
  app: App,
  headers: Record<string, string>,
  orderId: string,
  reason = 'Wrong label',
) =>
  app.inject({ method: 'POST', url: `/api/v1/admin/orders/${orderId}/refund`, headers, payload: { reason } });

export async function statusOf(app: TestApp, orderId: string) {
  const [row] = await app.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}
