import { z } from 'zod';

/**
 * One tracking vocabulary for every carrier and provider (issue 36). EasyPost's, Shippo's and an upstream
 * LabelPort portal's statuses are mapped onto it where they arrive.
 */
export const TRACKING_STATUSES = [
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'available_for_pickup',
  'delivered',
  'return_to_sender',
  'failure',
  'unknown',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];
export const trackingStatusSchema = z.enum(TRACKING_STATUSES);

/** Statuses after which nothing more is expected: polling stops, the test-mode walk ends. */
export const FINAL_TRACKING_STATUSES = ['delivered', 'return_to_sender', 'failure'] as const;
export const isFinalTrackingStatus = (status: TrackingStatus | null | undefined): boolean =>
  status != null && (FINAL_TRACKING_STATUSES as readonly string[]).includes(status);

/** Problems as the dashboard counts them. */
export const PROBLEM_TRACKING_STATUSES = ['return_to_sender', 'failure'] as const;

/**
 * How far along a parcel is, for "status never moves backwards": a status applies only when its rank is
 * higher than the current one's, or equal and the current one is not final (out for delivery, then a
 * failed attempt leaves it available for pickup). `unknown` says nothing, so it never replaces a status.
 */
export const TRACKING_STATUS_RANK: Record<TrackingStatus, number> = {
  unknown: 0,
  pre_transit: 1,
  in_transit: 2,
  out_for_delivery: 3,
  available_for_pickup: 3,
  delivered: 4,
  return_to_sender: 4,
  failure: 4,
};

/** Whether `next` may replace `current` (null: no status yet, anything applies). */
export const trackingStatusAdvances = (current: TrackingStatus | null, next: TrackingStatus): boolean => {
  if (current === null) return true;
  if (current === next || isFinalTrackingStatus(current)) return false;
  return TRACKING_STATUS_RANK[next] >= TRACKING_STATUS_RANK[current] && next !== 'unknown';
};

/** Whether the carrier has the parcel: anything past `pre_transit` and `unknown` (such a label cannot be voided). */
export const hasBeenScanned = (status: TrackingStatus | null | undefined): boolean =>
  status != null && status !== 'pre_transit' && status !== 'unknown';

/** One event of an order's timeline, as order views show it (oldest first). */
export const trackingEventView = z.object({
  /** When the carrier saw it (ISO 8601). */
  time: z.string(),
  status: trackingStatusSchema,
  description: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type TrackingEventView = z.infer<typeof trackingEventView>;
