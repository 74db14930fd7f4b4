import { z } from 'zod';
import { labelDpi } from './schemas/label-format.ts';

/**
 * What issue 46 adds to an order (decisions 330 and 331): the items its packing slip lists, a declared
 * value insured with the label, and the rule that prices that insurance.
 */

/** The most a parcel may be insured for, in dollars (EasyPost's and Shippo's own limit). */
export const MAX_INSURED_VALUE = 5000;
/** Items one order's packing slip lists at most. */
export const MAX_ORDER_ITEMS = 50;
export const MAX_ITEM_QUANTITY = 10_000;

/** One line of a packing slip: the SKU, its title and how many are in the parcel. */
export const orderItemSchema = z
  .object({
    sku: z
      .string({ error: 'Item SKU must be text' })
      .trim()
      .max(64, 'Item SKU must be at most 64 characters')
      .default(''),
    title: z
      .string({ error: 'Item title must be text' })
      .trim()
      .max(200, 'Item title must be at most 200 characters')
      .default(''),
    quantity: z
      .number({ error: 'Item quantity must be a whole number from 1 to 10000' })
      .int('Item quantity must be a whole number from 1 to 10000')
      .min(1, 'Item quantity must be a whole number from 1 to 10000')
      .max(MAX_ITEM_QUANTITY, 'Item quantity must be a whole number from 1 to 10000'),
  })
  .refine((item) => item.sku !== '' || item.title !== '', 'Each item needs a SKU or a title');
export type OrderItem = z.output<typeof orderItemSchema>;

export const orderItemsSchema = z
  .array(orderItemSchema, { error: 'Items must be a list' })
  .max(MAX_ORDER_ITEMS, `An order lists at most ${MAX_ORDER_ITEMS} items`);

const INSURED_MESSAGE = `Insured value must be more than $0 and at most $${MAX_INSURED_VALUE.toLocaleString('en-US')}`;

/** A declared value in dollars from JSON, a form field or a CSV cell: '' and null mean not insured. */
export const insuredValueSchema = z.preprocess(
  (v) =>
    v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim().replace(/^\$/, '')) : v,
  z
    .number({ error: 'Insured value must be a number' })
    .finite('Insured value must be a number')
    .gt(0, INSURED_MESSAGE)
    .max(MAX_INSURED_VALUE, INSURED_MESSAGE)
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'Insured value must have at most 2 decimals',
    )
    .meta({ examples: [250] })
    .optional(),
);

/** A label type's insurance rule in cents: a price per $100 declared (null: not offered) and a minimum. */
export type InsuranceRule = { per100Cents: number | null; minCents: number };

/** The rule as the API shows it, in dollars (null: the label type offers no insurance). */
export const insuranceRuleView = z.object({ per100: z.number(), min: z.number() }).nullable();
export type InsuranceRuleView = z.infer<typeof insuranceRuleView>;

/**
 * What insuring a declared value costs under a rule, in cents: the price per started $100, at least the
 * minimum. Null when the rule offers no insurance. $250 at $1 per $100 (minimum $1) costs $3.
 */
export function insuranceCents(rule: InsuranceRule, declaredCents: number): number | null {
  if (rule.per100Cents === null) return null;
  const hundreds = Math.ceil(declaredCents / 10_000);
  return Math.max(rule.minCents, hundreds * rule.per100Cents);
}

/** The same in dollars from the view of a rule (the web form's and CSV validation's quote). */
export function insurancePrice(rule: InsuranceRuleView | undefined, declared: number): number | null {
  if (!rule) return null;
  const cents = insuranceCents(
    { per100Cents: Math.round(rule.per100 * 100), minCents: Math.round(rule.min * 100) },
    Math.round(declared * 100),
  );
  return cents === null ? null : cents / 100;
}

export const insuranceUnavailable = (labelTypeName: string): string =>
  `${labelTypeName} labels cannot be insured`;

/** Where an order's insurance was bought: test mode records it, an upstream provider buys it. */
export const INSURANCE_STATUSES = ['test', 'bought'] as const;

/** `?with=slips` on label downloads (decision 330): each order's packing slip right after its label. */
export const withSlipsQuery = z.object({
  with: z
    .literal('slips', { error: 'with must be slips' })
    .optional()
    .describe('slips: each label followed by its packing slip, in one PDF or ZPL stream'),
});
export const SLIPS_FORMATS_MESSAGE = 'Labels with slips download as pdf, letter or zpl';

/** GET /order/packing-slip/{id}: a 4x6 slip (pdf), one on a Letter page (letter), or ZPL at a resolution. */
export const packingSlipQuery = z.object({
  format: z
    .enum(['pdf', 'letter', 'zpl'], { error: 'format must be pdf, letter or zpl' })
    .optional()
    .describe('pdf (4x6, the default), letter or zpl'),
  dpi: labelDpi.optional().describe('Printer resolution for zpl: 203 (default) or 300'),
});

/** One SKU of a bulk order's pick list: how many units in all, and in how many orders. */
export const pickListLine = z.object({
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  orders: z.number().int(),
});
/** `?format=csv`: the pick list as a spreadsheet instead of JSON. */
export const pickListQuery = z.object({
  format: z.literal('csv', { error: 'format must be csv' }).optional().describe('csv: a spreadsheet'),
});
/** GET /order/pick-list/{bulkId}: every SKU of the bulk order's items, totalled and sorted by SKU. */
export const pickListResponse = z.object({
  bulkOrder: z.string(),
  orders: z.number().int().describe('Orders of the bulk order'),
  ordersWithItems: z.number().int(),
  units: z.number().int(),
  items: z.array(pickListLine),
});
export type PickListResponse = z.infer<typeof pickListResponse>;

/** POST /order/return/{id}: the return label, a new order with `returnOf` set. */
export const RETURN_MESSAGES = {
  created: 'Return label created',
  notCompleted: 'Only a completed order can have a return label',
  alreadyReturned: 'This order already has a return label',
  isReturn: 'A return label cannot have a return label of its own',
} as const;
