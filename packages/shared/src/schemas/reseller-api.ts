import { addressWarningsSchema } from './address-check.ts';
import { z } from 'zod';
import { insuredValueSchema, orderItemsSchema } from '../shipping-extras.ts';
import { uuidParams } from './ids.ts';
import { CSV_MAX_ROWS } from '../csv/limits.ts';
import { bulkOrderView, bulkRowResult } from './bulk-order.ts';
import { labelFileQuery, labelFormat, LABEL_FORMATS, labelDpi } from './label-format.ts';
import { createOrderBody } from './order.ts';
import { orderListQuery, orderView } from './order-views.ts';

/** Reseller API (spec section 7, base /api/v2, `x-api-key`): bodies, parameters and replies. */
export const API_BASE_PATH = '/api/v2';
export const API_KEY_HEADER = 'x-api-key';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * How long API v2 keeps an `Idempotency-Key` and its first reply: a retry after that may buy again, so a
 * caller that lost its answer finds the order by its `reference` instead (decision 315).
 */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** An order's caller reference: 1 to 255 visible characters, as an Idempotency-Key. */
const apiReference = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,255}$/, 'reference must be 1 to 255 visible characters without spaces');

/** POST /order/create-order: the app's order fields (labelType is the type's `_id` or uid) and an optional Date. */
export const apiCreateOrderBody = createOrderBody.extend({
  label_format: labelFormat
    .optional()
    .describe('Label file format downloads give by default: pdf, letter, zpl or png'),
  label_dpi: labelDpi.optional().describe('Printer resolution for zpl and png: 203 or 300'),
  reference: apiReference
    .optional()
    .describe(
      'Your own reference for this purchase, kept on each of its orders: `read-orders?reference=` finds them, also after the Idempotency-Key expired',
    ),
  signature: createOrderBody.shape.signature.optional().transform((v) => v ?? false),
  insured_value: insuredValueSchema.describe(
    'Declared value in dollars to insure each label for (at most 5000); its insurance is part of the price',
  ),
  items: orderItemsSchema
    .optional()
    .describe('What the parcel holds, for its packing slip: sku, title and quantity of each item')
    .meta({ examples: [[{ sku: 'WB-32', title: 'Water Bottle 32 oz', quantity: 2 }]] }),
  Date: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .refine(
        (v) => DATE_PATTERN.test(v) && !Number.isNaN(Date.parse(v)),
        'Date must be a date like 2025-03-04',
      )
      .optional(),
  ),
});
export type ApiCreateOrderBody = z.input<typeof apiCreateOrderBody>;

/** POST /order/create-bulk-order: one label type for every order of `data` (each like a CSV row). */
export const apiCreateBulkOrderBody = z.object({
  labelType: z.string({ error: 'Please select a label type' }).trim().min(1, 'Please select a label type'),
  design: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().optional()),
  label_format: labelFormat
    .optional()
    .describe('Label file format downloads give by default: pdf, letter, zpl or png'),
  label_dpi: labelDpi.optional().describe('Printer resolution for zpl and png: 203 or 300'),
  data: z
    .array(z.record(z.string(), z.unknown()), { error: 'data must be a list of orders' })
    .min(1, 'data must hold at least one order')
    .max(CSV_MAX_ROWS, `data holds at most ${CSV_MAX_ROWS} orders`),
});
export type ApiCreateBulkOrderBody = z.input<typeof apiCreateBulkOrderBody>;

/** The optional header of every purchase: a retry with the same key and body gets the first reply. */
export const apiPurchaseHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Any text up to 255 visible characters; re-send it only to retry the same purchase'),
});

/** GET /order/read-orders: the app's list query, and `reference` to find the orders bought with it. */
export const apiOrderListQuery = orderListQuery.extend({
  reference: apiReference
    .optional()
    .describe('Only the orders created with this `reference` (every page and filter is ignored then)'),
});

export const apiOrderParams = uuidParams({ order_id: 'Order not found' });
export const apiBulkOrderParams = uuidParams({ bulkorder_id: 'Bulk order not found' });
/** `zip` (the default) a zip of label PDFs; the label formats as on every download (issue 37). */
export const API_BULK_DOWNLOAD_FORMATS = ['zip', ...LABEL_FORMATS] as const;
export const apiBulkDownloadQuery = z.object({
  format: z
    .enum(API_BULK_DOWNLOAD_FORMATS, {
      error: `Unknown label format: use one of ${API_BULK_DOWNLOAD_FORMATS.join(', ')}`,
    })
    .default('zip')
    .describe('zip of PDFs (default), pdf (merged 4x6), letter (2 a page), zpl (one stream), png (zip)'),
  dpi: labelFileQuery.shape.dpi,
});

export const apiErrorResponse = z.object({
  message: z.string(),
  errors: z
    .array(
      z.object({
        row: z.number().int().optional(),
        field: z.string(),
        message: z.string(),
        suggestion: z.string().nullable().optional(),
        fix: z.record(z.string(), z.string()).optional(),
        corrected: z.literal(true).optional(),
      }),
    )
    .optional(),
});
export const apiReadOrderResponse = z.object({
  order: orderView.extend({
    /** The format its downloads give without `?format=`: the order's `label_format`, else the account's. */
    label_format: labelFormat,
    label_dpi: z.number().int(),
  }),
});
export const apiCreateBulkOrderResponse = z.object({
  message: z.string(),
  bulkOrder: bulkOrderView,
  /** Balance after the charge, in dollars. */
  balance: z.number(),
  warnings: addressWarningsSchema.optional(),
});
export const apiReadBulkOrderResponse = z.object({
  bulkOrder: bulkOrderView,
  orders: z.array(bulkRowResult),
  totalPages: z.number().int(),
  total: z.number().int(),
});

/**
 * POST /order/quote: the price of `create-order`'s order (all its `quantity`) in dollars, as it would be
 * charged, and its label type; nothing is bought or charged (decision 332).
 */
export const apiQuoteResponse = z.object({
  price: z.number(),
  labelType: z.object({ _id: z.string(), name: z.string(), uid: z.string() }),
});
export type ApiQuoteResponse = z.infer<typeof apiQuoteResponse>;
