import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TrackingEventView } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import { orderTrackingEvents, orders } from '../../db/schema.ts';

export type TrackingEventRow = typeof orderTrackingEvents.$inferSelect;

export const toTrackingEventView = (
  event: Pick<TrackingEventRow, 'occurredAt' | 'status' | 'description' | 'city' | 'state'>,
): TrackingEventView => ({
  time: event.occurredAt.toISOString(),
  status: event.status,
  description: event.description,
  city: event.city,
  state: event.state,
});

/** One order's tracking timeline, oldest first (the order it happened, then the order it arrived). */
export async function readTrackingEvents(db: DbOrTx, orderId: string): Promise<TrackingEventView[]> {
  const rows = await db
    .select()
    .from(orderTrackingEvents)
    .where(eq(orderTrackingEvents.orderId, orderId))
    .orderBy(asc(orderTrackingEvents.occurredAt), asc(orderTrackingEvents.createdAt));
  return rows.map(toTrackingEventView);
}

export type TrackingCounts = { inTransit: number; delivered: number; problems: number };

/** The dashboard's tracking counts of a reseller's completed orders. */
export async function countTracking(db: DbOrTx, userId: string): Promise<TrackingCounts> {
  const [row] = await db
    .select({
      inTransit:
        sql<number>`count(*) FILTER (WHERE ${orders.trackingStatus} IN ('in_transit', 'out_for_delivery', 'available_for_pickup'))`.mapWith(
          Number,
        ),
      delivered: sql<number>`count(*) FILTER (WHERE ${orders.trackingStatus} = 'delivered')`.mapWith(Number),
      problems:
        sql<number>`count(*) FILTER (WHERE ${orders.trackingStatus} IN ('return_to_sender', 'failure'))`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'completed'),
        inArray(orders.trackingStatus, [...COUNTED]),
      ),
    );
  return row ?? { inTransit: 0, delivered: 0, problems: 0 };
}

const COUNTED = [
  'in_transit',
  'out_for_delivery',
  'available_for_pickup',
  'delivered',
  'return_to_sender',
  'failure',
] as const;
