import { and, eq, max, sql } from 'drizzle-orm';
import {
  isFinalTrackingStatus,
  TRACKING_STATUS_RANK,
  trackingStatusAdvances,
  type TrackingStatus,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { orderTrackingEvents, orders, trackingPolls } from '../../db/schema.ts';
import { findOrder, toOrderView } from '../orders/order-records.service.ts';
import { emitWebhookEvents } from '../webhooks/webhooks.service.ts';
import type { IncomingTrackingEvent } from '../../labels/providers/upstream/provider-tracking.ts';
import { readTrackingEvents, toTrackingEventView } from './tracking-events.ts';

/** An order's tracking timeline, and a reseller's orders counted by tracking status. */
export { countTracking, readTrackingEvents } from './tracking-events.ts';
export { listOrdersByTracking } from './tracking-list.ts';

/**
 * How old a message's own time may be (EasyPost's event, Shippo's signature): providers retry failed
 * deliveries for a while, and ids are remembered longer than this, so a replay inside it is refused by
 * its id and one outside it by its age. Standard Webhooks (an upstream LabelPort) signs each attempt's
 * time, and its library allows 5 minutes.
 */
export const INBOUND_WINDOW_MS = 3 * 24 * 3600_000;
/** How long accepted message ids are remembered (housekeeping forgets older ones). */
export const RECEIPT_TTL_MS = 2 * INBOUND_WINDOW_MS;

export type AppliedTracking = {
  /** Events not seen before, now in the timeline. */
  added: number;
  /** The order's tracking status after them. */
  status: TrackingStatus | null;
};

/**
 * The one place tracking news is applied, whatever its source (provider webhook, polling, the test-mode
 * walk). In one transaction, the order's row locked: each distinct event is stored once (a duplicate or
 * a replayed event is dropped by its key, and one that says the same as a stored one, time, status,
 * words and place, by the table's unique index whatever its key), the status moves only forward
 * (`trackingStatusAdvances`; an event of the same rank applies only if it is not older than the latest
 * one), and when anything was new the reseller gets `order.tracking_updated` with the order, its whole
 * timeline (`trackingEvents`) and the events new in this message (`newEvents`): an event is new in
 * exactly one message, since only the insert that stored it sends it (decision 319).
 */
export async function applyTrackingEvents(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  { orderId, source, events }: { orderId: string; source: string; events: IncomingTrackingEvent[] },
  inTx?: Tx,
): Promise<AppliedTracking> {
  const work = async (tx: Tx): Promise<AppliedTracking> => {
    const [locked] = await tx
      .select({ trackingStatus: orders.trackingStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!locked) return { added: 0, status: null };
    const unique = [...new Map(events.map((e) => [e.key, e])).values()];
    if (unique.length === 0) return { added: 0, status: locked.trackingStatus };
    const [{ latest } = { latest: null }] = await tx
      .select({ latest: max(orderTrackingEvents.occurredAt) })
      .from(orderTrackingEvents)
      .where(eq(orderTrackingEvents.orderId, orderId));
    const inserted = await tx
      .insert(orderTrackingEvents)
      .values(
        unique.map((e) => ({
          orderId,
          source,
          eventKey: e.key,
          occurredAt: e.time,
          status: e.status,
          description: e.description.slice(0, 500),
          city: e.city?.slice(0, 100) ?? null,
          state: e.state?.slice(0, 50) ?? null,
        })),
      )
      // Either unique index: the source's key, or what the event says (migration 0039).
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return { added: 0, status: locked.trackingStatus };
    inserted.sort((x, y) => x.occurredAt.getTime() - y.occurredAt.getTime());
    let status = locked.trackingStatus;
    let newest = latest ? new Date(latest).getTime() : -Infinity;
    for (const e of inserted) {
      const at = e.occurredAt.getTime();
      const higher = status === null || TRACKING_STATUS_RANK[e.status] > TRACKING_STATUS_RANK[status];
      if (trackingStatusAdvances(status, e.status) && (higher || at >= newest)) status = e.status;
      newest = Math.max(newest, at);
    }
    await tx
      .update(orders)
      .set({ trackingStatus: status, trackingUpdatedAt: new Date() })
      .where(eq(orders.id, orderId));
    if (isFinalTrackingStatus(status))
      await tx.delete(trackingPolls).where(eq(trackingPolls.orderId, orderId));
    const order = await findOrder(tx, orderId);
    if (order)
      await emitWebhookEvents(ctx, tx, [
        {
          userId: order.userId,
          type: 'order.tracking_updated',
          data: {
            ...toOrderView(order),
            trackingEvents: await readTrackingEvents(tx, orderId),
            newEvents: inserted.map(toTrackingEventView),
          },
        },
      ]);
    return { added: inserted.length, status };
  };
  return inTx ? work(inTx) : ctx.db.transaction(work);
}

/** Pushes the next poll of an order that just had news from a webhook back by its interval. */
export async function postponePoll(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(trackingPolls)
    .set({ nextAt: sql`now() + make_interval(secs => ${trackingPolls.intervalSeconds})` })
    .where(and(eq(trackingPolls.orderId, orderId)));
}
