import { centsToDollars } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { Subscriber } from '../../events/domain-events.ts';
import { findFinishedBulkOrders } from '../bulk-orders/finished-bulk-orders.service.ts';
import { toOrderView, type OrderWithType } from '../orders/order-records.service.ts';
import { findOrdersByIds } from '../purchases/purchases.service.ts';
import { emitWebhookEvents, type WebhookEventInput } from '../webhooks/webhooks.service.ts';

// The webhooks resellers get about their orders and bulk orders (decision 356): built here from the modules
// they report on, and recorded by the webhooks module, which imports none of them.

/**
 * `order.completed` for orders that just got their label, `order.cancelled` (with the refund) for one
 * just cancelled, and `bulk_order.completed` for the bulk orders they finished. Runs in the
 * transaction that changed the orders; `data` is the order or bulk order as the API shows it.
 */
export async function emitOrderEvents(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Tx,
  changes: {
    completed?: OrderWithType[];
    cancelled?: { order: OrderWithType; refundCents: number; reason: string };
  },
): Promise<void> {
  const events: WebhookEventInput[] = (changes.completed ?? []).map((order) => ({
    userId: order.userId,
    type: 'order.completed',
    data: toOrderView(order),
  }));
  const { cancelled } = changes;
  if (cancelled)
    events.push({
      userId: cancelled.order.userId,
      type: 'order.cancelled',
      data: {
        ...toOrderView(cancelled.order),
        refund: { amount: centsToDollars(cancelled.refundCents), reason: cancelled.reason },
      },
    });
  const touched = [...(changes.completed ?? []), ...(cancelled ? [cancelled.order] : [])];
  events.push(...(await finishedBulkOrders(tx, touched)));
  await emitWebhookEvents(ctx, tx, events);
}

/** `bulk_order.completed` for the bulk orders among the orders' batches whose last order just became final. */
async function finishedBulkOrders(tx: Tx, touched: OrderWithType[]): Promise<WebhookEventInput[]> {
  const batchIds = [...new Set(touched.map((order) => order.batchId))].sort();
  // The source key keeps each event once-only, whichever transaction sees the bulk order finish.
  return (await findFinishedBulkOrders(tx, batchIds)).map(({ id, userId, view }) => ({
    userId,
    type: 'bulk_order.completed',
    data: view,
    sourceKey: `bulk_order.completed:${id}`,
  }));
}

/**
 * Webhooks hear of orders that got their label through the outbox (decision 338): `order.completed` for
 * each, as the committed order stands, in the order the purchase recorded them.
 */
export const webhookSubscriber = (ctx: Pick<AppContext, 'jobs'>): Subscriber => ({
  hears: ['order.completed'],
  handle: async (tx, event) => {
    const position = new Map(event.orders.map((order, i) => [order.id, i]));
    const completed = (await findOrdersByIds(tx, [...position.keys()])).sort(
      (a, b) => position.get(a.id)! - position.get(b.id)!,
    );
    await emitOrderEvents(ctx, tx, { completed });
  },
});
