import { createHash } from 'node:crypto';
import { TRACKING_STATUSES, type TrackingStatus } from '@portal/shared';

/** One event as a source reports it, in our vocabulary; `key` is the source's identity of the event. */
export type IncomingTrackingEvent = {
  key: string;
  time: Date;
  status: TrackingStatus;
  description: string;
  city: string | null;
  state: string | null;
};

type Json = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const dateOf = (value: unknown): Date | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** An event with no id of its own is known by what it says: the same event sent twice is one event. */
export const digestKey = (source: string, event: Omit<IncomingTrackingEvent, 'key'>): string =>
  `${source}:${createHash('sha256')
    .update(
      JSON.stringify([event.time.toISOString(), event.status, event.description, event.city, event.state]),
    )
    .digest('hex')
    .slice(0, 32)}`;

/** EasyPost's tracker statuses; `cancelled` (the label was voided) and `error` say nothing of the parcel. */
const EASYPOST: Record<string, TrackingStatus> = {
  pre_transit: 'pre_transit',
  in_transit: 'in_transit',
  out_for_delivery: 'out_for_delivery',
  available_for_pickup: 'available_for_pickup',
  delivered: 'delivered',
  return_to_sender: 'return_to_sender',
  failure: 'failure',
  unknown: 'unknown',
  cancelled: 'unknown',
  error: 'unknown',
};
export const easypostStatus = (status: unknown): TrackingStatus =>
  EASYPOST[String(status ?? '').toLowerCase()] ?? 'unknown';

/** An EasyPost Tracker's `tracking_details`, as events. */
export function easypostEvents(tracker: Json): IncomingTrackingEvent[] {
  const details = Array.isArray(tracker.tracking_details) ? (tracker.tracking_details as Json[]) : [];
  return details.flatMap((d) => {
    const time = dateOf(d.datetime);
    if (!time) return [];
    const where = (d.tracking_location as Json | null) ?? {};
    const e = {
      time,
      status: easypostStatus(d.status),
      description: text(d.message) ?? text(d.description) ?? '',
      city: text(where.city),
      state: text(where.state),
    };
    return [{ ...e, key: digestKey('easypost', e) }];
  });
}

/**
 * Shippo's `tracking_status.status` (UNKNOWN, PRE_TRANSIT, TRANSIT, DELIVERED, RETURNED, FAILURE), made
 * finer by its substatus code where ours is (out for delivery, waiting at a pickup point).
 */
export function shippoStatus(status: unknown, substatus?: unknown): TrackingStatus {
  const code = String((substatus as Json | null)?.code ?? '').toLowerCase();
  switch (String(status ?? '').toUpperCase()) {
    case 'PRE_TRANSIT':
      return 'pre_transit';
    case 'TRANSIT':
      if (code === 'out_for_delivery') return 'out_for_delivery';
      if (code === 'available_for_pickup' || code === 'pickup_available') return 'available_for_pickup';
      if (code === 'return_to_sender') return 'return_to_sender';
      return 'in_transit';
    case 'DELIVERED':
      return 'delivered';
    case 'RETURNED':
      return 'return_to_sender';
    case 'FAILURE':
      return 'failure';
    default:
      return 'unknown';
  }
}

/** A Shippo Track's `tracking_history` (or its one `tracking_status`), as events. */
export function shippoEvents(track: Json): IncomingTrackingEvent[] {
  const history = Array.isArray(track.tracking_history) ? (track.tracking_history as Json[]) : [];
  const items = history.length > 0 ? history : track.tracking_status ? [track.tracking_status as Json] : [];
  return items.flatMap((h) => {
    const time = dateOf(h.status_date);
    if (!time) return [];
    const where = (h.location as Json | null) ?? {};
    const e = {
      time,
      status: shippoStatus(h.status, h.substatus),
      description: text(h.status_details) ?? '',
      city: text(where.city),
      state: text(where.state),
    };
    const id = text(h.object_id);
    return [{ ...e, key: id ? `shippo:${id}` : digestKey('shippo', e) }];
  });
}

const isStatus = (value: unknown): value is TrackingStatus =>
  typeof value === 'string' && (TRACKING_STATUSES as readonly string[]).includes(value);

/** An upstream LabelPort's `trackingEvents` (already our vocabulary). */
export function labelportEvents(events: unknown): IncomingTrackingEvent[] {
  if (!Array.isArray(events)) return [];
  return (events as Json[]).flatMap((raw) => {
    const time = dateOf(raw.time);
    if (!time || !isStatus(raw.status)) return [];
    const e = {
      time,
      status: raw.status,
      description: text(raw.description) ?? '',
      city: text(raw.city),
      state: text(raw.state),
    };
    return [{ ...e, key: digestKey('labelport', e) }];
  });
}
