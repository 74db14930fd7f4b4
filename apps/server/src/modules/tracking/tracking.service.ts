import {
  isFinalTrackingStatus,
  TRACKING_STATUS_RANK,
  trackingStatusAdvances,
  type TrackingStatus,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import {
  findLatestEventTime,
  findOrder,
  insertNewTrackingEvents,
  lockTrackingStatus,
  readTrackingEvents,
  setTrackingStatus,
  toOrderView,
  toTrackingEventView,
} from '../orders/order-records.service.ts';
import { emitWebhookEvents } from '../webhooks/webhooks.service.ts';
import type { IncomingTrackingEvent } from '../../labels/providers/upstream/provider-tracking.ts';
import { deletePoll } from './tracking.repository.ts';

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
    const locked = await lockTrackingStatus(tx, orderId);
    if (!locked) return { added: 0, status: null };
    const unique = [...new Map(events.map((e) => [e.key, e])).values()];
    if (unique.length === 0) return { added: 0, status: locked.trackingStatus };
    const latest = await findLatestEventTime(tx, orderId);
    const inserted = await insertNewTrackingEvents(
      tx,
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
    );
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
    await setTrackingStatus(tx, orderId, status);
    if (isFinalTrackingStatus(status)) await deletePoll(tx, orderId);
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
