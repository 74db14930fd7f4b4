import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { orders } from '../../db/schema.ts';
import { signUpReseller } from '../../../test/account-fixtures.ts';
import type { TestApp } from '../../../test/helper.ts';
import { createOrder, labelTypeIds, orderBody } from '../../../test/order-fixtures.ts';
import { generateLabel } from '../purchases/label-job.ts';
/** The tracking and void tests' name for `signUpStaff`. */

/** A reseller with $100 and one order ($2.75), completed by running its label job unless `open`. */
export async function resellerWithOrder(app: TestApp, { open = false } = {}) {
  const reseller = await signUpReseller(app, 100_00);
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
