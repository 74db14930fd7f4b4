import {
  isFinalTrackingStatus,
  type BulkOrderStatus,
  type CircuitState,
  type CourierStatus,
  type PickupStatus,
  type RefundStatus,
  type TrackingStatus,
} from '@portal/shared';

/**
 * How a status reads and which colour its badge has: one map for the dashboard and the console. Every
 * status badge (StatusBadge) takes its style from here; no screen keeps colours of its own.
 */
export type StatusStyle = { label: string; color: string };

/** The words several lists share look alike in all of them: waiting is yellow, work in hand blue, done teal. */
const PENDING = { label: 'Pending', color: 'yellow' } as const;
const PROCESSING = { label: 'Processing', color: 'blue' } as const;
const COMPLETED = { label: 'Completed', color: 'teal' } as const;
const ENABLED = { label: 'Enabled', color: 'teal' } as const;

/** Order statuses (spec section 4), the kinds the dashboard folds every status into. */
export const ORDER_STATUS_STYLE = {
  pending: PENDING,
  processing: PROCESSING,
  completed: COMPLETED,
  cancelled: { label: 'Cancelled', color: 'red' },
} as const satisfies Record<string, StatusStyle>;

/** The tracking vocabulary in words a reseller uses; problems are red or orange, the end of the road teal. */
export const TRACKING_STATUS_STYLE: Record<TrackingStatus, StatusStyle> = {
  pre_transit: { label: 'Label created', color: 'gray' },
  in_transit: { label: 'In transit', color: 'blue' },
  out_for_delivery: { label: 'Out for delivery', color: 'indigo' },
  available_for_pickup: { label: 'Available for pickup', color: 'violet' },
  delivered: { label: 'Delivered', color: 'teal' },
  return_to_sender: { label: 'Returned to sender', color: 'orange' },
  failure: { label: 'Delivery problem', color: 'red' },
  unknown: { label: 'Status unknown', color: 'gray' },
};

/** Where a refund stands: asked, sent to the provider to void the label, confirmed, or refused. */
export const REFUND_STATUS_STYLE: Record<RefundStatus, StatusStyle> = {
  requested: { label: 'Refund requested', color: 'yellow' },
  submitted: { label: 'Refund submitted', color: 'blue' },
  refunded: { label: 'Refunded', color: 'teal' },
  rejected: { label: 'Refund rejected', color: 'red' },
};

/** A reseller's refund request as staff decide it (the Refund Requests queue). */
export const REFUND_REQUEST_STATUS_STYLE = {
  pending: PENDING,
  approved: { label: 'Approved', color: 'teal' },
  rejected: { label: 'Rejected', color: 'red' },
} as const satisfies Record<string, StatusStyle>;

/** A deposit invoice (spec section 4): pending and cancelled; anything else reads Completed. */
export const INVOICE_STATUS_STYLE = {
  pending: PENDING,
  completed: COMPLETED,
  cancelled: { label: 'Cancelled', color: 'gray' },
} as const satisfies Record<string, StatusStyle>;
export const invoiceStatusStyle = (status: string): StatusStyle =>
  status === 'pending' || status === 'cancelled'
    ? INVOICE_STATUS_STYLE[status]
    : INVOICE_STATUS_STYLE.completed;

/** A courier order (spec section 4), one look for the reseller's list and the staff queue. */
export const COURIER_STATUS_STYLE: Record<CourierStatus, StatusStyle> = {
  Pending: { label: 'Pending', color: 'gray' },
  'Awaiting User Input': { label: 'Awaiting User Input', color: 'yellow' },
  'In Process': { label: 'In Process', color: 'blue' },
  Completed: COMPLETED,
  Cancelled: { label: 'Cancelled', color: 'red' },
};

/** A CSV (bulk) order: Completed, a processing state, else Pending. */
export const BULK_STATUS_STYLE: Record<BulkOrderStatus, StatusStyle> = {
  Pending: PENDING,
  Processing: PROCESSING,
  Completed: COMPLETED,
};

/** Whether an account (or a label type) can be used. */
export const ENABLED_STYLE = {
  enabled: ENABLED,
  disabled: { label: 'Disabled', color: 'red' },
} as const satisfies Record<string, StatusStyle>;
export const enabledStyle = (enabled: boolean): StatusStyle =>
  ENABLED_STYLE[enabled ? 'enabled' : 'disabled'];

/** A label type resellers can or cannot buy, or a provider staff switched off: merely off, not a problem. */
export const LABEL_TYPE_STATUS_STYLE = {
  enabled: ENABLED,
  disabled: { label: 'Disabled', color: 'gray' },
} as const satisfies Record<string, StatusStyle>;

/** A provider's circuit breaker: closed lets purchases through, open skips the provider for a cool-down. */
export const CIRCUIT_STATUS_STYLE: Record<CircuitState, StatusStyle> = {
  closed: { label: 'Circuit closed', color: 'teal' },
  open: { label: 'Circuit open', color: 'red' },
  'half-open': { label: 'Circuit half-open', color: 'yellow' },
};

/** A mail the app sent, or kept in the outbox when no SMTP server is set. */
export const MAIL_STATUS_STYLE = {
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  outbox: { label: 'Outbox (no SMTP)', color: 'gray' },
} as const satisfies Record<string, StatusStyle>;

/** A refund still waiting for the provider's answer: lists ask again until it comes. */
export const isRefundInFlight = (status: RefundStatus | null | undefined): boolean =>
  status === 'requested' || status === 'submitted';

type RefundFields = {
  refundStatus?: RefundStatus | null;
  refundNote?: string | null;
  refundRequest?: { status: 'pending' | 'approved' | 'rejected'; rejectionReason: string | null } | null;
};
const FROM_REQUEST = { pending: 'requested', approved: 'refunded', rejected: 'rejected' } as const;

/**
 * The order's refund as one status and note. Orders refunded before refunds went through the provider carry
 * only their refund request, which reads the same way (pending is requested, approved is refunded).
 */
export function refundStateOf(order: RefundFields): { status: RefundStatus | null; note: string | null } {
  if (order.refundStatus) return { status: order.refundStatus, note: order.refundNote ?? null };
  const request = order.refundRequest;
  if (!request) return { status: null, note: null };
  return { status: FROM_REQUEST[request.status], note: request.rejectionReason };
}

/**
 * Whether an open order's details can still change on their own: its label is being made, a refund waits
 * for the provider, or its parcel has not reached a final tracking status. Details that can poll.
 */
export const hasNewsToCome = (
  order: RefundFields & { status: string; trackingStatus?: TrackingStatus | null },
): boolean =>
  order.status === 'pending' ||
  order.status.includes('processing') ||
  isRefundInFlight(refundStateOf(order).status) ||
  (order.status === 'completed' && !isFinalTrackingStatus(order.trackingStatus));

/** A pickup's status (issue 46): booked with the carrier, or cancelled. */
export const PICKUP_STATUS_STYLE: Record<PickupStatus, StatusStyle> = {
  scheduled: { label: 'Pickup scheduled', color: 'teal' },
  cancelled: { label: 'Pickup cancelled', color: 'gray' },
};
