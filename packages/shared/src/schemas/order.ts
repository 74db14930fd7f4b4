import { z } from 'zod';
import {
  allowsCanada,
  isFedex,
  isPriority,
  PRIORITY_TEMPLATES,
  type PriorityTemplate,
} from '../label-type-catalog.ts';
import { isCaProvince, isUsState } from '../regions.ts';
import {
  optionalText,
  requiredText,
  US_ZIP_PATTERN,
  usCountrySchema,
  usStateSchema,
  usZipSchema,
  ZIP_MESSAGE,
} from './address.ts';
import { insuredValueSchema, orderItemsSchema } from '../shipping-extras.ts';

export const MAX_ORDER_QUANTITY = 100;
export const MAX_DIMENSION = 200;
export const CA_POSTAL_PATTERN = /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/;
const PHONE_PATTERN = /^\+?[\d\s().-]{7,20}$/;

/** A number from JSON or a form field: '' and null mean absent; other text must read as a number. */
const numeric = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z.number({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
    }),
  );
const positive = (label: string, max?: number) => {
  const base = numeric(label).pipe(z.number().gt(0, `${label} must be greater than 0`));
  return max ? base.pipe(z.number().max(max, `${label} must be at most ${max}`)) : base;
};
const optionalPositive = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), positive(label, MAX_DIMENSION).optional());

const phone = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    optionalText(label, 20).refine(
      (v) => v === '' || PHONE_PATTERN.test(v),
      `${label} must be a phone number`,
    ),
  );

/** The From side: always a US address. */
const fromFields = {
  FromName: requiredText('From Name'),
  FromCompany: optionalText('From Company'),
  FromStreet: requiredText('From Street'),
  FromStreet2: optionalText('From Street 2'),
  FromCity: requiredText('From City'),
  FromState: usStateSchema,
  FromZip: usZipSchema,
  FromCountry: usCountrySchema,
  FromPhone: phone('From Phone'),
};
/** The To side: state and ZIP are checked against the label type (some UPS types reach Canada). */
const toFields = {
  ToName: requiredText('To Name'),
  ToCompany: optionalText('To Company'),
  ToStreet: requiredText('To Street'),
  ToStreet2: optionalText('To Street 2'),
  ToCity: requiredText('To City'),
  ToState: requiredText('To State', 40).transform((v) => v.toUpperCase()),
  ToZip: z.preprocess(
    (v) => (typeof v === 'number' ? String(v).padStart(5, '0') : v),
    requiredText('To ZIP Code', 10),
  ),
  ToCountry: optionalText('To Country', 40),
  ToPhone: phone('To Phone'),
};

/** One shipment (addresses and package): shared by the order form, POST /order/create and CSV rows. */
export const orderShipmentSchema = z.object({
  Weight: positive('Weight'),
  Height: optionalPositive('Height'),
  Width: optionalPositive('Width'),
  Length: optionalPositive('Length'),
  ...fromFields,
  ...toFields,
});
export type OrderShipment = z.output<typeof orderShipmentSchema>;

/** POST /order/create (spec section 7). */
export const createOrderBody = orderShipmentSchema.extend({
  labelType: z.string({ error: 'Please select a label type' }).trim().min(1, 'Please select a label type'),
  quantity: z
    .preprocess((v) => (v === '' || v === null || v === undefined ? 1 : v), numeric('Quantity'))
    .pipe(
      z
        .number()
        .int('Quantity must be a whole number')
        .min(1, 'Quantity must be at least 1')
        .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`),
    ),
  design: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().optional()),
  signature: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' || v === '' || v == null ? false : v),
    z.boolean({ error: 'signature must be true or false' }),
  ),
  /** Confirm mode: the reseller saw the address check's warnings and chose "Buy anyway". */
  acceptAddressWarnings: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' || v === '' || v == null ? undefined : v),
    z.boolean().optional(),
  ),
  /** The declared value in dollars to insure each label for (decision 330); absent: not insured. */
  insuredValue: insuredValueSchema,
  /** What the parcel holds, for its packing slip (decision 330). */
  items: orderItemsSchema.optional(),
  /** The total in dollars the reseller saw; when prices changed since, the order is refused (409). */
  expectedTotal: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    numeric('expectedTotal').pipe(z.number().min(0, 'expectedTotal must be 0 or more')).optional(),
  ),
});
export const PRICES_CHANGED_MESSAGE = 'Prices changed, please review';
export type CreateOrderBody = z.input<typeof createOrderBody>;
export type CreateOrderInput = z.output<typeof createOrderBody>;

/** What the rules need to know about the chosen label type. */
export type LabelTypeRuleInfo = {
  uid: string;
  name: string;
  maxWeight: number;
  status: boolean;
  weightUnit?: string;
};
export type OrderFieldIssue = { field: string; message: string };

/** A shipment after the label type's rules: fields that do not apply to the type are cleared. */
export type CheckedShipment<T extends OrderShipment> = Omit<T, 'design' | 'ToCountry'> & {
  design: PriorityTemplate | null;
  ToCountry: 'US' | 'CA';
};

/**
 * The rules of spec section 5 that depend on the label type: Template only (and required) for priority,
 * dimensions only (and required) for FedEx, phone only for FedEx, Canadian provinces only for the UPS
 * types that reach Canada, the type's maximum weight, and a disabled type refused.
 */
export function checkShipmentForLabelType<T extends OrderShipment>(
  order: T & { design?: string | undefined },
  type: LabelTypeRuleInfo,
): { ok: true; order: CheckedShipment<T> } | { ok: false; errors: OrderFieldIssue[] } {
  const errors: OrderFieldIssue[] = [];
  if (!type.status) errors.push({ field: 'labelType', message: `${type.name} is currently unavailable` });
  if (order.Weight > type.maxWeight) {
    const unit = type.weightUnit ? ` ${type.weightUnit}` : '';
    errors.push({
      field: 'Weight',
      message: `Weight must be at most ${type.maxWeight}${unit} for ${type.name}`,
    });
  }
  let design: PriorityTemplate | null = null;
  if (isPriority(type.uid)) {
    const wanted = order.design ?? '';
    if (!wanted) errors.push({ field: 'design', message: 'Please select a Template' });
    else if (!(PRIORITY_TEMPLATES as readonly string[]).includes(wanted.toLowerCase()))
      errors.push({ field: 'design', message: 'Template must be pitney, evs or Endicia' });
    else design = wanted.toLowerCase() as PriorityTemplate;
  }
  const fedex = isFedex(type.uid);
  if (fedex) {
    for (const field of ['Height', 'Width', 'Length'] as const)
      if (order[field] === undefined)
        errors.push({ field, message: `${field} is required for FedEx labels` });
  }
  const toCanada = allowsCanada(type.uid) && isCaProvince(order.ToState);
  if (!toCanada && !isUsState(order.ToState)) {
    const message = allowsCanada(type.uid)
      ? 'To State must be a US state or a Canadian province'
      : 'To State must be a US state or territory';
    errors.push({ field: 'ToState', message });
  }
  const zip = order.ToZip.toUpperCase();
  if (toCanada && !CA_POSTAL_PATTERN.test(zip))
    errors.push({ field: 'ToZip', message: 'To ZIP Code must be a Canadian postal code (A1A 1A1)' });
  if (!toCanada && !US_ZIP_PATTERN.test(zip)) errors.push({ field: 'ToZip', message: `To ${ZIP_MESSAGE}` });
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    order: {
      ...order,
      design,
      ToZip: zip,
      ToCountry: toCanada ? 'CA' : 'US',
      Height: fedex ? order.Height : undefined,
      Width: fedex ? order.Width : undefined,
      Length: fedex ? order.Length : undefined,
      FromPhone: fedex ? order.FromPhone : '',
      ToPhone: fedex ? order.ToPhone : '',
    },
  };
}

/** The full order form schema for one label type (the web form's resolver). */
export const orderFormSchema = (type: LabelTypeRuleInfo) =>
  createOrderBody.superRefine((order, ctx) => {
    const result = checkShipmentForLabelType(order, type);
    if (!result.ok)
      for (const issue of result.errors)
        ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });

/** POST /order/price. */
export const priceBody = z.object({
  labelType: z.string({ error: 'Please select a label type' }).trim().min(1, 'Please select a label type'),
  weight: positive('Weight'),
  /** A declared value: the answer adds what insuring it costs. */
  insuredValue: insuredValueSchema,
});
export const priceResponse = z.object({
  price: z.number(),
  /** What insuring the declared value costs per label, in dollars (absent: none asked). */
  insurance: z.number().optional(),
});
