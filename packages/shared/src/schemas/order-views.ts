import { addressWarningsSchema } from './address-check.ts';
import { z } from 'zod';
import { createdBySchema } from '../team/schemas.ts';
import { ORDER_STATUSES, PAGE_SIZE } from '../constants.ts';
import {
  TRACKING_STATUSES,
  trackingEventView,
  trackingStatusSchema,
  type TrackingStatus,
} from '../tracking.ts';

/** How long a label of each carrier may be voided after purchase, unless its label type says otherwise. */
export const DEFAULT_VOID_WINDOW_DAYS = { usps: 30, ups: 90, fedex: 90 } as const;

/** Label type as GET /labeltype/read lists it (spec section 3); prices in dollars. */
export const labelTypeView = z.object({
  _id: z.string(),
  name: z.string(),
  uid: z.string(),
  carrier: z.enum(['usps', 'ups', 'fedex']),
  weightUnit: z.enum(['oz', 'lb']),
  maxWeight: z.number(),
  status: z.boolean(),
  prices: z.array(z.object({ price: z.number(), fromWeight: z.number(), toWeight: z.number() })),
  /**
   * Days after purchase during which its labels may be voided and refunded (USPS 30, UPS/FedEx 90 by
   * default); the server always sends it.
   */
  voidWindowDays: z.number().int().optional(),
  /** Insurance in dollars: per $100 declared and the least it costs (null: not offered; decision 330). */
  insurance: z.object({ per100: z.number(), min: z.number() }).nullable().optional(),
  /** The label type return labels of this type are bought as (null: the same; decision 331). */
  returnLabelTypeId: z.string().nullable().optional(),
});
export type LabelTypeView = z.infer<typeof labelTypeView>;
export const labelTypeListResponse = z.object({ labelTypes: z.array(labelTypeView) });

const address = (side: 'From' | 'To') =>
  ({
    [`${side}Name`]: z.string(),
    [`${side}Company`]: z.string(),
    [`${side}Street`]: z.string(),
    [`${side}Street2`]: z.string(),
    [`${side}City`]: z.string(),
    [`${side}State`]: z.string(),
    [`${side}Zip`]: z.string(),
    [`${side}Country`]: z.string(),
    [`${side}Phone`]: z.string(),
  }) as Record<
    `${typeof side}${'Name' | 'Company' | 'Street' | 'Street2' | 'City' | 'State' | 'Zip' | 'Country' | 'Phone'}`,
    z.ZodString
  >;

export const REFUND_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

/** A reseller's refund request as both sides read it. */
export const refundRequestView = z.object({
  _id: z.string(),
  status: z.enum(REFUND_REQUEST_STATUSES),
  /** What the reseller wrote, if anything. */
  reason: z.string().nullable(),
  /** Why staff said no (rejected requests only). */
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RefundRequestView = z.infer<typeof refundRequestView>;

/**
 * Where an order's refund stands (decision 280): `requested` (asked for: a reseller's request waiting for
 * staff, or a void about to be sent), `submitted` (the provider was asked to void the label and has not
 * answered yet), `refunded` (credited, once), `rejected` (the provider or staff said no; `refundNote` says
 * why). Null: no refund was ever asked for.
 */
export const REFUND_STATUSES = ['requested', 'submitted', 'refunded', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** An order as the API shows it (spec section 3 plus the payload fields of section 7); money in dollars. */
export const orderView = z.object({
  _id: z.string(),
  OrderId: z.string(),
  /** Shared by the orders made by one request (quantity N gives N orders with one uuid). */
  uuid: z.string(),
  user: z.string(),
  /** The team member who bought it (issue 45). */
  createdBy: createdBySchema,
  labelType: z.object({ _id: z.string(), name: z.string(), uid: z.string() }),
  fromName: z.string(),
  toName: z.string(),
  price: z.number(),
  status: z.enum(ORDER_STATUSES),
  tracking: z.string().nullable(),
  /** The carrier's public tracking page, once there is a tracking number. */
  trackingUrl: z.string().nullable(),
  /** Where the parcel is, in one vocabulary for every carrier; null before a label exists. */
  trackingStatus: trackingStatusSchema.nullable(),
  /** One order only (read-order, order details): the tracking timeline, oldest first. */
  trackingEvents: z.array(trackingEventView).optional(),
  /** Download path of the label PDF, only for completed orders. */
  pdf: z.string().nullable(),
  createdAt: z.string(),
  /** Where it was bought: the app, or the reseller API (`/api/v2`). */
  source: z.enum(['app', 'api']),
  signature: z.boolean(),
  design: z.string().nullable(),
  Weight: z.number(),
  Height: z.number().nullable(),
  Width: z.number().nullable(),
  Length: z.number().nullable(),
  ...address('From'),
  ...address('To'),
  /** API v2: the caller's `reference` the order was created with (null: none). */
  reference: z.string().nullable().optional(),
  /** Where its refund stands (null: none asked); the server always sends it. */
  refundStatus: z.enum(REFUND_STATUSES).nullable().optional(),
  /** Why the refund was rejected (null unless `refundStatus` is `rejected`); the server always sends it. */
  refundNote: z.string().nullable().optional(),
  /** What the parcel holds (its packing slip's lines); one order only (read-order, order details). */
  items: z.array(z.object({ sku: z.string(), title: z.string(), quantity: z.number().int() })).optional(),
  /** The declared value in dollars the label is insured for (null: not insured). */
  insuredValue: z.number().nullable().optional(),
  /** What the insurance cost, in dollars, part of `price` (null: not insured). */
  insurancePrice: z.number().nullable().optional(),
  /** `test`: recorded in test mode; `bought`: bought with the label at the provider. */
  insuranceStatus: z.enum(['test', 'bought']).nullable().optional(),
  /** The order this one is the return label of (its `_id`; null: not a return). */
  returnOf: z.string().nullable().optional(),
  /** The return label made from this order (its `_id`; null: none). */
  returnOrder: z.string().nullable().optional(),
  /** One order only: the SCAN form the label is on (null: none), for the order drawer (decision 355). */
  scanForm: z.object({ _id: z.string(), shipDate: z.string() }).nullable().optional(),
  /** One order only: the label's latest pickup and where it stands (null: none booked). */
  pickup: z
    .object({ _id: z.string(), status: z.enum(['scheduled', 'cancelled']), confirmation: z.string() })
    .nullable()
    .optional(),
  /** The reseller's history only: the order's refund request, if any. */
  refundRequest: refundRequestView.nullable().optional(),
  /** The reseller's history only: until when "Request refund" is offered (null: not refundable). */
  refundableUntil: z.string().nullable().optional(),
});
export type OrderView = z.infer<typeof orderView>;

export const ORDER_STATUS_FILTERS = ['All', ...ORDER_STATUSES] as const;
export const ORDER_SORTS = ['des', 'asc'] as const;

/** GET /order/read query: page size 10, newest first (`des`), every status (`All`) by default. */
export const orderListQuery = z.object({
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional().default(''),
  status: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : 'all'))
    .refine((v) => v === 'all' || (ORDER_STATUSES as readonly string[]).includes(v), {
      message: 'Status must be All, pending, processing, completed or cancelled',
    })
    .transform((v) => (v === 'all' ? 'All' : v) as (typeof ORDER_STATUS_FILTERS)[number]),
  sort: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : 'des'))
    .refine((v) => ['des', 'desc', 'asc'].includes(v), { message: 'Sort must be asc or des' })
    .transform((v) => (v === 'asc' ? 'asc' : 'des') as (typeof ORDER_SORTS)[number]),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(100_000)
    .default(1),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(100, 'Limit must be at most 100')
    .default(PAGE_SIZE.orders),
  /** Only orders whose tracking status is this one (empty: any). */
  trackingStatus: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined))
    .refine((v) => v === undefined || (TRACKING_STATUSES as readonly string[]).includes(v), {
      message: `Tracking status must be one of ${TRACKING_STATUSES.join(', ')}`,
    })
    .transform((v) => v as TrackingStatus | undefined)
    .describe(`Only orders whose tracking status is this one: ${TRACKING_STATUSES.join(', ')}`),
});
export type OrderListQuery = z.output<typeof orderListQuery>;

export const orderListResponse = z.object({
  orders: z.array(orderView),
  totalPages: z.number(),
  total: z.number(),
});

/** GET /order/read/{id}: one order of the reseller, with its tracking timeline (`trackingEvents`). */
export const orderResponse = z.object({ order: orderView });

export const createOrderResponse = z.object({
  message: z.string(),
  orders: z.array(orderView),
  /** Balance after the charge, in dollars. */
  balance: z.number(),
  /** What the address check doubted (confirm mode: bought anyway; correct mode: what it changed). */
  warnings: addressWarningsSchema.optional(),
});
/**
 * POST /order/duplicate/{id}: the body may be empty (spec); the console sends the unit price it showed, and
 * a duplicate whose price changed since is refused (409) like a new order with `expectedTotal`.
 */
export const duplicateOrderBody = z
  .object({
    expectedPrice: z.number().finite().min(0, 'expectedPrice must be 0 or more').optional(),
    /** "Buy anyway": the duplicate's addresses are checked like a new order's (decision 318). */
    acceptAddressWarnings: z.boolean().optional(),
  })
  .nullish();
export type DuplicateOrderBody = z.infer<typeof duplicateOrderBody>;
export const duplicateOrderResponse = z.object({
  message: z.string(),
  order: orderView,
  balance: z.number(),
  warnings: addressWarningsSchema.optional(),
});

/** GET /order/stats: the dashboard's orders count card (and counts per status). */
export const orderStatsResponse = z.object({
  total: z.number(),
  pending: z.number(),
  processing: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  /**
   * The dashboard's tracking counts, over completed orders: `inTransit` (in_transit, out_for_delivery,
   * available_for_pickup), `delivered`, `problems` (return_to_sender, failure).
   */
  tracking: z.object({ inTransit: z.number(), delivered: z.number(), problems: z.number() }),
});
export type OrderStats = z.infer<typeof orderStatsResponse>;

/** POST /order/return/{id}: the return label's new order (`returnOf` set) and the balance after its charge. */
export const returnLabelResponse = z.object({ message: z.string(), order: orderView, balance: z.number() });
export type ReturnLabelResponse = z.infer<typeof returnLabelResponse>;
