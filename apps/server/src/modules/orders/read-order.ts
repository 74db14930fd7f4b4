import type { OrderView } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { getSettings } from '../settings/settings.service.ts';
import { orderNotFound } from './order-answers.ts';
import { readOrderExtras } from './order-extras.ts';
import { toOrderView } from './order-view.ts';
import { findOrderForUser } from './orders.repository.ts';
import { refundableUntil, toRefundRequestView } from './refund-request-view.ts';
import { findRequestsOfOrders } from './refund-requests.repository.ts';
import { readTrackingEvents } from './tracking-events.ts';

/**
 * GET /order/read/{id}: one of the reseller's orders as its history shows it, plus the tracking
 * timeline (the dashboard's order details).
 */
export async function readOrder(
  ctx: AppContext,
  { userId, id }: { userId: string; id: string },
): Promise<{ order: OrderView }> {
  const order = await findOrderForUser(ctx.db, userId, id);
  if (!order) throw orderNotFound();
  const [requests, { refundWindowDays }, trackingEvents] = await Promise.all([
    findRequestsOfOrders(ctx.db, [order.id]),
    getSettings(ctx.db),
    readTrackingEvents(ctx.db, order.id),
  ]);
  const request = requests.get(order.id);
  const until = refundableUntil(order.createdAt, refundWindowDays);
  const isRefundable = order.status === 'completed' && !request && until.getTime() > Date.now();
  return {
    order: {
      ...toOrderView(order, {
        refundRequest: request ? toRefundRequestView(request) : null,
        refundableUntil: isRefundable ? until.toISOString() : null,
      }),
      trackingEvents,
      ...(await readOrderExtras(ctx.db, order)),
    },
  };
}
