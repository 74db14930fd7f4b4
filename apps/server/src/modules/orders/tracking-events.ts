import type { TrackingEventView } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import { findTrackingEvents, type TrackingEventRow } from './tracking-events.repository.ts';

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
  return (await findTrackingEvents(db, orderId)).map(toTrackingEventView);
}
