import { z } from 'zod';
import { ORDER_STATUSES } from '../constants.ts';
import { TRACKING_STATUSES } from '../tracking.ts';
import { orderView, REFUND_REQUEST_STATUSES, refundRequestView } from './order-views.ts';
import { quoteView } from './providers.ts';

const page = z.coerce
  .number({ error: 'Page must be a number' })
  .int('Page must be a whole number')
  .min(1, 'Page must be at least 1')
  .max(100_000)
  .default(1);
const limit = z.coerce
  .number({ error: 'Limit must be a number' })
  .int('Limit must be a whole number')
  .min(1, 'Limit must be at least 1')
  .max(100, 'Limit must be at most 100')
  .default(20);
const reason = z
  .string({ error: 'Reason is required' })
  .trim()
  .min(1, 'Reason is required')
  .max(500, 'Reason must be at most 500 characters');

/** POST /order/refund-request/{id}: the reason is optional. */
export const refundRequestBody = z
  .object({
    reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
  })
  .optional()
  .default({});
export type RefundRequestBody = z.output<typeof refundRequestBody>;
export const refundRequestResponse = z.object({ message: z.string(), refundRequest: refundRequestView });

/** POST /admin/orders/{id}/refund and POST /admin/refund-requests/{id}/reject. */
export const staffReasonBody = z.object({ reason });
export type StaffReasonBody = z.output<typeof staffReasonBody>;

/** POST /admin/orders/refund: the selected rows of the Orders page, one reason for all. */
export const bulkRefundBody = z.object({
  ids: z
    .array(z.string(), { error: 'Select at least one order' })
    .min(1, 'Select at least one order')
    .max(100, 'Refund at most 100 orders at once'),
  reason,
});
export type BulkRefundBody = z.output<typeof bulkRefundBody>;

const resellerRef = z.object({ _id: z.string(), discordId: z.string(), username: z.string() });

/** An order as staff see it: the reseller's view plus who bought it and its refund request. */
export const adminOrderView = orderView.extend({
  reseller: resellerRef,
  failureReason: z.string().nullable(),
  refundRequest: refundRequestView.nullable(),
  /** Where the label was bought (null: test mode, or not bought yet), what it cost us and the margin, in dollars. */
  provider: z.object({ _id: z.string(), name: z.string(), kind: z.string() }).nullable(),
  cost: z.number().nullable(),
  margin: z.number().nullable(),
  /** The live quotes its label was routed by, in route order (empty: bought in route order, decision 332). */
  quotes: z.array(quoteView),
  /** What the ordered route (its first provider that quoted) would have cost, in dollars; null without quotes. */
  orderedRouteCost: z.number().nullable(),
});
export type AdminOrderView = z.infer<typeof adminOrderView>;

/** GET /admin/orders: search by OrderId, tracking, name or reseller; filters by status, type and date. */
export const adminOrdersQuery = z.object({
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional().default(''),
  status: z
    .enum(['All', ...ORDER_STATUSES], { error: 'Unknown status' })
    .optional()
    .default('All'),
  labelType: z.string().trim().max(64).optional().default(''),
  /** Only orders whose tracking status is this one (omitted: any). */
  trackingStatus: z
    .enum(TRACKING_STATUSES, { error: `Tracking status must be one of ${TRACKING_STATUSES.join(', ')}` })
    .optional(),
  from: z.iso.date({ error: 'From must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'To must be a date (YYYY-MM-DD)' }).optional(),
  page,
  limit,
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuery>;
export const adminOrdersResponse = z.object({
  orders: z.array(adminOrderView),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export const adminOrderResponse = z.object({ order: adminOrderView });

export const refundResponse = z.object({ message: z.string(), order: adminOrderView });
export const bulkRefundResponse = z.object({
  message: z.string(),
  refunded: z.array(z.string()),
  /** Orders that could not be refunded (not found, already cancelled), with why. */
  skipped: z.array(z.object({ _id: z.string(), message: z.string() })),
});

/** GET /admin/refund-requests: the queue, pending first by default. */
export const refundRequestsQuery = z.object({
  status: z
    .enum(['All', ...REFUND_REQUEST_STATUSES], { error: 'Unknown status' })
    .optional()
    .default('pending'),
  page,
  limit,
});
export type RefundRequestsQuery = z.output<typeof refundRequestsQuery>;
export const adminRefundRequestView = refundRequestView.extend({
  order: orderView,
  reseller: resellerRef,
  decidedBy: z.object({ _id: z.string(), discordId: z.string() }).nullable(),
});
export type AdminRefundRequestView = z.infer<typeof adminRefundRequestView>;
export const refundRequestsResponse = z.object({
  requests: z.array(adminRefundRequestView),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export const refundRequestDecisionResponse = z.object({
  message: z.string(),
  request: adminRefundRequestView,
});

/**
 * GET /user/unused-labels: the staff setting resellers see in Account Settings. `enabled` false: off (the
 * default); else labels with no carrier scan `days` days after purchase are voided and refunded.
 */
export const unusedLabelsSettingResponse = z.object({
  enabled: z.boolean(),
  days: z.number().int().nullable(),
});
export type UnusedLabelsSetting = z.infer<typeof unusedLabelsSettingResponse>;

/**
 * POST /api/v2/order/refund-order/{order_id}: asks for the refund of a completed order (the void of its
 * label), as the app's refund request does; staff decide. A request rejected before may be made again.
 * The order's `refundStatus` then says where it stands: `requested`, `submitted`, `refunded`, `rejected`.
 */
export const apiRefundOrderResponse = z.object({ message: z.string(), order: orderView });
