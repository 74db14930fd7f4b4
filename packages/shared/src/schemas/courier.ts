import { z } from 'zod';
import { optionalText, requiredText, usStateSchema, usZipSchema } from './address.ts';

/** Spec section 4, in the order an order moves through them. */
export const COURIER_STATUSES = [
  'Pending',
  'Awaiting User Input',
  'In Process',
  'Completed',
  'Cancelled',
] as const;
export type CourierStatus = (typeof COURIER_STATUSES)[number];

export const COURIER_PAGE_SIZE = 20;
export const COURIER_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const COURIER_MAX_WEIGHT = 2000;
export const COURIER_MAX_DIMENSION = 500;
export const COURIER_MAX_PRICE = 10_000;

const courierAddress = z.object({
  name: requiredText('Name'),
  street: requiredText('Street'),
  street2: optionalText('Street 2'),
  city: requiredText('City'),
  state: usStateSchema,
  zip: usZipSchema,
  phone: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: 'Phone is required' })
      .trim()
      .regex(/^\+?[\d\s().-]{7,20}$/, 'Phone must be a phone number (7 to 20 digits)'),
  ),
});
export type CourierAddress = z.output<typeof courierAddress>;

/** The address as the API answers it (response schemas must not transform). */
const courierAddressView = z.object({
  name: z.string(),
  street: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
});

const positive = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be greater than 0`)
    .max(max, `${label} must be at most ${max}`);

/** POST /fed/create-order. `in` is read as inch (spec section 3). */
export const createCourierOrderBody = z.object({
  from: courierAddress,
  to: courierAddress,
  weight: positive('Weight', COURIER_MAX_WEIGHT),
  length: positive('Length', COURIER_MAX_DIMENSION),
  width: positive('Width', COURIER_MAX_DIMENSION),
  height: positive('Height', COURIER_MAX_DIMENSION),
  weightUnit: z.enum(['lbs', 'kg'], { error: 'Weight unit must be lbs or kg' }),
  dimensionUnit: z
    .enum(['inch', 'in', 'cm'], { error: 'Dimension unit must be inch or cm' })
    .transform((v) => (v === 'in' ? 'inch' : v)),
  specialNotes: optionalText('Special Notes', 1000),
});
export type CreateCourierOrderBody = z.input<typeof createCourierOrderBody>;
export type CreateCourierOrderInput = z.output<typeof createCourierOrderBody>;

export const courierOrderView = z.object({
  _id: z.string(),
  uuid: z.string(),
  status: z.enum(COURIER_STATUSES),
  price: z.number().nullable(),
  note: z.string(),
  createdAt: z.string(),
  file: z.string().nullable(),
  from: courierAddressView,
  to: courierAddressView,
  weight: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  weightUnit: z.enum(['lbs', 'kg']),
  dimensionUnit: z.enum(['inch', 'cm']),
  specialNotes: z.string(),
});
export type CourierOrderView = z.infer<typeof courierOrderView>;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const search = z.string().trim().max(100).default('');

/** GET /fed/read. */
export const courierListQuery = z.object({
  page,
  limit: z.coerce.number().int().min(1).max(100).default(COURIER_PAGE_SIZE),
  search,
});
export type CourierListQuery = z.output<typeof courierListQuery>;

export const courierListResponse = z.object({
  docs: z.array(courierOrderView),
  totalPages: z.number().int(),
  totalDocs: z.number().int(),
});
export type CourierListResponse = z.infer<typeof courierListResponse>;

/** PATCH /fed/update/{id}: a reseller accepts (In Process) or rejects (Cancelled) a quote. */
export const updateCourierStatusBody = z.object({
  status: z.enum(['In Process', 'Cancelled'], { error: 'Status must be In Process or Cancelled' }),
});

/** GET /admin/courier. */
export const adminCourierQuery = courierListQuery.extend({
  status: z.enum(COURIER_STATUSES).optional(),
});
export type AdminCourierQuery = z.output<typeof adminCourierQuery>;

export const adminCourierOrderView = courierOrderView.extend({ username: z.string() });
export const adminCourierListResponse = z.object({
  docs: z.array(adminCourierOrderView),
  totalPages: z.number().int(),
  totalDocs: z.number().int(),
});
export type AdminCourierOrderView = z.infer<typeof adminCourierOrderView>;

const staffNote = (required: boolean) => {
  const text = z
    .string({ error: 'Note must be text' })
    .trim()
    .max(500, 'Note must be at most 500 characters');
  // Required only when staff cancel, so the message says what the note is for.
  return required
    ? text.min(1, 'Tell the reseller why the order is cancelled')
    : text.nullish().transform((v) => v ?? '');
};

/** POST /admin/courier/{id}/quote. */
export const courierQuoteBody = z.object({
  price: z.coerce
    .number({ error: 'Price must be a number' })
    .positive('Enter a price above $0')
    .max(COURIER_MAX_PRICE, `Price must be at most ${COURIER_MAX_PRICE}`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Price must be in whole cents'),
  note: staffNote(false),
});
export const courierCancelBody = z.object({ note: staffNote(true) });
export const courierCompleteFields = z.object({ note: staffNote(false) });
