import { centsToDollars } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { toBulkOrderView } from '../bulk-orders/bulk-order-view.ts';
import { countStatuses, findBulkOrderForUser } from '../bulk-orders/bulk-orders.repository.ts';
import { toOrderView, type OrderWithType } from '../orders/order-records.service.ts';
import { emitWebhookEvents, type WebhookEventInput } from './webhook-events.ts';
import { lockBulkOrders } from './webhooks.repository.ts';

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

/**
 * The bulk orders among the orders' batches whose last order just became final. Their rows are
 * locked first (in id order), so two transactions finishing the last orders at once count in turn
 * and the later one sees the earlier one's orders; the source key keeps the event once-only anyway.
 */
async function finishedBulkOrders(tx: Tx, touched: OrderWithType[]): Promise<WebhookEventInput[]> {
  const batchIds = [...new Set(touched.map((o) => o.batchId))].sort();
  if (batchIds.length === 0) return [];
  const locked = await lockBulkOrders(tx, batchIds);
  if (locked.length === 0) return [];
  const counts = await countStatuses(
    tx,
    locked.map((b) => b.id),
  );
  const events: WebhookEventInput[] = [];
  for (const b of locked) {
    const c = counts.get(b.id)!;
    if (c.completed + c.cancelled < b.totalOrders) continue;
    const bulk = await findBulkOrderForUser(tx, b.userId, b.id);
    if (!bulk) continue;
    events.push({
      userId: b.userId,
      type: 'bulk_order.completed',
      data: toBulkOrderView(bulk, c),
      sourceKey: `bulk_order.completed:${b.id}`,
    });
  }
  return events;
}
