import { z } from 'zod';
import { optionalText, requiredText, usStateSchema, usZipSchema } from './address.ts';

/** Labels one SCAN form or one pickup may hold (USPS takes up to 1,000 on a form; the same bound here). */
export const SHIPPING_DAY_MAX_LABELS = 1000;

const orderIds = z
  .array(z.string().uuid('Unknown order'), { error: 'Choose the labels' })
  .min(1, 'Choose at least one label')
  .max(SHIPPING_DAY_MAX_LABELS, `At most ${SHIPPING_DAY_MAX_LABELS} labels at once`)
  .transform((list) => [...new Set(list)]);

/** POST /api/v1/scan-forms: the labels chosen, or every label of a bulk order. */
export const createScanFormBody = z.union(
  [
    z.object({ orderIds }).strict(),
    z.object({ bulkOrderId: z.string().uuid('Bulk order not found') }).strict(),
  ],
  { error: 'Send orderIds or bulkOrderId' },
);
export type CreateScanFormBody = z.input<typeof createScanFormBody>;

/** The from-address a SCAN form (and a pickup) is for, as the API answers it. */
export const shippingAddressView = z.object({
  name: z.string(),
  company: z.string(),
  street: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
export type ShippingAddressView = z.infer<typeof shippingAddressView>;

export const SCAN_FORM_STATUSES = ['created'] as const;

export const scanFormView = z.object({
  _id: z.string(),
  carrier: z.string(),
  fromAddress: shippingAddressView,
  /** YYYY-MM-DD: the day the labels ship (the day they were bought). */
  shipDate: z.string(),
  trackingNumbers: z.array(z.string()),
  /** The labels' orders, `LBL-10001` and their ids. */
  orders: z.array(z.object({ _id: z.string(), OrderId: z.string(), tracking: z.string() })),
  status: z.enum(SCAN_FORM_STATUSES),
  /** A form drawn by LabelPort in test mode (no carrier saw it). */
  isTest: z.boolean(),
  createdAt: z.string(),
});
export type ScanFormView = z.infer<typeof scanFormView>;

export const scanFormResponse = z.object({ message: z.string(), scanForm: scanFormView });
export const scanFormListResponse = z.object({ scanForms: z.array(scanFormView) });

const isoDateTime = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` });

/** Where the carrier picks up: the same fields as an order's from-address. */
export const pickupAddressBody = z.object({
  name: requiredText('Name'),
  company: optionalText('Company'),
  street: requiredText('Street'),
  street2: optionalText('Street 2'),
  city: requiredText('City'),
  state: usStateSchema,
  zip: usZipSchema,
  phone: optionalText('Phone'),
});

/** POST /api/v1/pickups. Package count and total weight default to the labels'. */
export const createPickupBody = z
  .object({
    orderIds,
    address: pickupAddressBody,
    minDatetime: isoDateTime('The earliest time'),
    maxDatetime: isoDateTime('The latest time'),
    instructions: z.string().trim().max(500, 'Instructions are at most 500 characters').optional(),
    /** Asks for the price only: nothing is booked or charged (the app shows the rates first). */
    quoteOnly: z.boolean().optional(),
    /** Yours: asked again under it while the first is scheduled, the answer is that pickup, booked once. */
    reference: z.string().trim().min(1).max(100).optional(),
  })
  .refine((b) => Date.parse(b.maxDatetime) > Date.parse(b.minDatetime), {
    path: ['maxDatetime'],
    message: 'The latest time must be after the earliest time',
  });
export type CreatePickupBody = z.input<typeof createPickupBody>;
export type CreatePickupInput = z.output<typeof createPickupBody>;

export const PICKUP_STATUSES = ['scheduled', 'cancelled'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];

export const pickupView = z.object({
  _id: z.string(),
  status: z.enum(PICKUP_STATUSES),
  carrier: z.string(),
  confirmation: z.string(),
  /** What the reseller pays for it, in dollars (0 when the carrier picks up free). */
  price: z.number(),
  address: shippingAddressView.extend({ phone: z.string() }),
  minDatetime: z.string(),
  maxDatetime: z.string(),
  instructions: z.string(),
  packageCount: z.number(),
  /** The labels' weights together, in ounces. */
  totalWeightOz: z.number(),
  orders: z.array(z.object({ _id: z.string(), OrderId: z.string(), tracking: z.string() })),
  isTest: z.boolean(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
});
export type PickupView = z.infer<typeof pickupView>;

export const pickupQuoteView = z.object({ carrier: z.string(), price: z.number(), packageCount: z.number() });
export const pickupResponse = z.object({ message: z.string(), pickup: pickupView });
export const pickupQuoteResponse = z.object({ message: z.string(), quote: pickupQuoteView });
export const pickupListResponse = z.object({ pickups: z.array(pickupView) });

/** Why one label does not fit on a SCAN form with the others (shown beside its OrderId). */
export type ScanFormMisfit =
  | { kind: 'carrier'; carrier: string }
  | { kind: 'from-address' }
  | { kind: 'provider' }
  | { kind: 'ship-date'; shipDate: string }
  | { kind: 'on-form' }
  | { kind: 'refunded' }
  | { kind: 'no-label' };

/** What a reseller reads of a misfit (decision 328). */
export const scanFormMisfitText = (misfit: ScanFormMisfit): string => {
  switch (misfit.kind) {
    case 'carrier':
      return `another carrier (${misfit.carrier.toUpperCase()})`;
    case 'from-address':
      return 'another from-address';
    case 'provider':
      return 'bought through another provider';
    case 'ship-date':
      return `another ship date (${misfit.shipDate})`;
    case 'on-form':
      return 'already on a SCAN form';
    case 'refunded':
      return 'refunded';
    case 'no-label':
      return 'no label yet';
  }
};

/** One label as the SCAN form rule reads it. */
export type ScanFormCandidate = {
  carrier: string;
  /** The from-address, normalised to one key (name aside: one place, one form). */
  fromKey: string;
  shipDate: string;
  /** Where the label was bought (a provider's id, or `test`): a form is made there. */
  source: string;
  hasLabel: boolean;
  isRefunded: boolean;
  isOnForm: boolean;
};

/**
 * Which labels do not fit on one SCAN form with the rest (decision 328): a USPS label with a label,
 * not refunded (or asked to be), not already on a form, from the from-address and ship date most of the
 * USPS labels share, bought through the same provider. Returns the misfit of each index that does not fit.
 */
export function scanFormMisfits(labels: readonly ScanFormCandidate[]): Map<number, ScanFormMisfit> {
  const misfits = new Map<number, ScanFormMisfit>();
  const counts = new Map<string, number>();
  labels.forEach((label, i) => {
    if (!label.hasLabel) misfits.set(i, { kind: 'no-label' });
    else if (label.carrier !== 'usps') misfits.set(i, { kind: 'carrier', carrier: label.carrier });
    else if (label.isRefunded) misfits.set(i, { kind: 'refunded' });
    else if (label.isOnForm) misfits.set(i, { kind: 'on-form' });
    else counts.set(label.fromKey, (counts.get(label.fromKey) ?? 0) + 1);
  });
  const place = mostCommon(counts);
  const dates = new Map<string, number>();
  labels.forEach((label, i) => {
    if (misfits.has(i)) return;
    if (label.fromKey !== place) misfits.set(i, { kind: 'from-address' });
    else dates.set(label.shipDate, (dates.get(label.shipDate) ?? 0) + 1);
  });
  const day = mostCommon(dates);
  const sources = new Map<string, number>();
  labels.forEach((label, i) => {
    if (misfits.has(i)) return;
    if (label.shipDate !== day) misfits.set(i, { kind: 'ship-date', shipDate: label.shipDate });
    else sources.set(label.source, (sources.get(label.source) ?? 0) + 1);
  });
  const source = mostCommon(sources);
  labels.forEach((label, i) => {
    if (!misfits.has(i) && label.source !== source) misfits.set(i, { kind: 'provider' });
  });
  return misfits;
}

/** The key shared by most (the first of equals, in the order met). */
function mostCommon(counts: Map<string, number>): string | undefined {
  let best: string | undefined;
  for (const [key, count] of counts) if (best === undefined || count > counts.get(best)!) best = key;
  return best;
}

/** The same place whatever its case and spacing: street, street 2, city, state, ZIP. */
export const fromAddressKey = (a: {
  street: string;
  street2?: string;
  city: string;
  state: string;
  zip: string;
}): string =>
  [a.street, a.street2 ?? '', a.city, a.state, a.zip.slice(0, 5)]
    .map((part) => part.trim().replace(/\s+/g, ' ').toUpperCase())
    .join('|');

/** One label of the Shipping day page. */
export const shippingDayLabelView = z.object({
  _id: z.string(),
  OrderId: z.string(),
  tracking: z.string(),
  labelType: z.string(),
  /** The SCAN form it is on, if any. */
  scanFormId: z.string().nullable(),
  /** Its latest pickup's status, if it has one. */
  pickupStatus: z.enum(PICKUP_STATUSES).nullable(),
});

/** Today's labels of one from-address and carrier. */
export const shippingDayGroupView = z.object({
  carrier: z.string(),
  fromAddress: shippingAddressView,
  shipDate: z.string(),
  labels: z.array(shippingDayLabelView),
});
export type ShippingDayGroupView = z.infer<typeof shippingDayGroupView>;

/** GET /api/v1/scan-forms/today. */
export const shippingDayResponse = z.object({ date: z.string(), groups: z.array(shippingDayGroupView) });
export type ShippingDayResponse = z.infer<typeof shippingDayResponse>;
