import { asc, eq, max } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { orderTrackingEvents } from '../../db/schema.ts';

// An order's tracking timeline is the order's (decision 356): the tracking module adds to it through
// `order-records.service.ts`, as it sets the order's tracking status.

export type TrackingEventRow = typeof orderTrackingEvents.$inferSelect;
export type NewTrackingEventRow = typeof orderTrackingEvents.$inferInsert;

/** One order's stored tracking events, oldest first (the order it happened, then the order it arrived). */
export function findTrackingEvents(db: DbOrTx, orderId: string): Promise<TrackingEventRow[]> {
  return db
    .select()
    .from(orderTrackingEvents)
    .where(eq(orderTrackingEvents.orderId, orderId))
    .orderBy(asc(orderTrackingEvents.occurredAt), asc(orderTrackingEvents.createdAt));
}

/** When the order's latest stored event happened; null: none stored. */
export async function findLatestEventTime(db: DbOrTx, orderId: string): Promise<Date | string | null> {
  const [{ latest } = { latest: null }] = await db
    .select({ latest: max(orderTrackingEvents.occurredAt) })
    .from(orderTrackingEvents)
    .where(eq(orderTrackingEvents.orderId, orderId));
  return latest;
}

/**
 * Stores the events not stored before and returns those: either unique index drops a duplicate, the
 * source's key or what the event says (migration 0039).
 */
export function insertNewTrackingEvents(tx: Tx, rows: NewTrackingEventRow[]): Promise<TrackingEventRow[]> {
  return tx.insert(orderTrackingEvents).values(rows).onConflictDoNothing().returning();
}
