import { addressWarningsSchema } from './address-check.ts';
import { z } from 'zod';
import { createdBySchema } from '../team/schemas.ts';
import { ORDER_STATUSES } from '../constants.ts';

/**
 * Bulk (CSV) orders, spec sections 3, 4 and 7: status Pending (no label started), Processing (some
 * labels not final yet), Completed (every row completed or cancelled).
 */
export const BULK_ORDER_STATUSES = ['Pending', 'Processing', 'Completed'] as const;
export type BulkOrderStatus = (typeof BULK_ORDER_STATUSES)[number];

/** POST /order/createOrderFromCSV: a repeat of the same purchase within this window is refused. */
export const BULK_DUPLICATE_WINDOW_SECONDS = 60;
export const BULK_MESSAGES = {
  alreadySent: 'Request already sent',
  totalChanged: 'The total has changed, please validate the CSV again',
  validateFirst: 'Please validate the CSV first',
  nothingCompleted: 'No label of this bulk order is ready yet',
} as const;

/** Labels done of total: done = completed + cancelled. */
export const bulkProgress = z.object({
  pending: z.number().int(),
  processing: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  done: z.number().int(),
});
export type BulkProgress = z.infer<typeof bulkProgress>;

/** A bulk order as the CSV Orders table shows it; money in dollars, files as download paths. */
export const bulkOrderView = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /** The team member who bought it (issue 45). */
  createdBy: createdBySchema,
  labelType: z.object({ _id: z.string(), name: z.string(), uid: z.string() }),
  design: z.string().nullable(),
  source: z.enum(['csv', 'api']),
  fileName: z.string().nullable(),
  status: z.enum(BULK_ORDER_STATUSES),
  total: z.number(),
  totalOrders: z.number().int(),
  progress: bulkProgress,
  /** Zip of the label PDFs named {tracking}.pdf; null until a label is ready. */
  zip: z.string().nullable(),
  /** One merged PDF of the ready labels; null until a label is ready. */
  pdf: z.string().nullable(),
  /** The input rows with Tracking, Status and Reason added. */
  csv: z.string(),
});
export type BulkOrderView = z.infer<typeof bulkOrderView>;

/** One row's result: which order it became and how it ended (reason only for cancelled rows). */
export const bulkRowResult = z.object({
  row: z.number().int(),
  _id: z.string(),
  OrderId: z.string(),
  toName: z.string(),
  price: z.number(),
  status: z.enum(ORDER_STATUSES),
  tracking: z.string().nullable(),
  reason: z.string().nullable(),
  pdf: z.string().nullable(),
});
export type BulkRowResult = z.infer<typeof bulkRowResult>;

const page = z.coerce
  .number({ error: 'Page must be a number' })
  .int('Page must be a whole number')
  .min(1, 'Page must be at least 1')
  .max(100_000)
  .default(1);
const limit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(max, `Limit must be at most ${max}`)
    .default(fallback);

/** GET /order/read-bulk-orders: newest first. */
export const bulkOrderListQuery = z.object({ page, limit: limit(100, 10) });
export type BulkOrderListQuery = z.output<typeof bulkOrderListQuery>;
export const bulkOrderListResponse = z.object({
  orders: z.array(bulkOrderView),
  totalPages: z.number().int(),
  total: z.number().int(),
});

/** GET /order/read-bulk-order/{id}: the bulk order and one page of its rows in file order. */
export const bulkOrderRowsQuery = z.object({
  page,
  limit: limit(1000, 100),
  status: z
    .enum(['All', ...ORDER_STATUSES])
    .optional()
    .default('All'),
});
export type BulkOrderRowsQuery = z.output<typeof bulkOrderRowsQuery>;
export const bulkOrderDetailResponse = z.object({
  bulkOrder: bulkOrderView,
  orders: z.array(bulkRowResult),
  totalPages: z.number().int(),
  total: z.number().int(),
});

/** POST /order/createOrderFromCSV success (201). */
export const createBulkOrderResponse = z.object({
  message: z.string(),
  bulkOrder: bulkOrderView,
  /** Balance after the charge, in dollars. */
  balance: z.number(),
  warnings: addressWarningsSchema.optional(),
});
export type CreateBulkOrderResponse = z.infer<typeof createBulkOrderResponse>;

/** The text fields of the POST /order/createOrderFromCSV form (the file is `csv`). */
export const createOrderFromCsvFields = z.object({
  type: z.string({ error: 'Please select LabelType' }).trim().min(1, 'Please select LabelType'),
  total_price: z
    .string({ error: BULK_MESSAGES.validateFirst })
    .trim()
    .min(1, BULK_MESSAGES.validateFirst)
    .transform(Number)
    .pipe(z.number({ error: 'total_price must be a number' }).nonnegative('total_price must be a number')),
  design: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
});
export type CreateOrderFromCsvFields = z.output<typeof createOrderFromCsvFields>;
