import { z } from 'zod';
import { isUsState } from '../regions.ts';
import { addressWarningsSchema } from './address-check.ts';

/** US ZIP: 5 digits or ZIP+4 (`12345-6789`). */
export const US_ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
export const ZIP_MESSAGE = 'ZIP Code must be 5 digits or ZIP+4 (12345-6789)';
export const ADDRESS_FIELD_MAX = 100;

/** Forms may send numbers (the spec calls zip numeric); a number keeps its leading zeros as 5 digits. */
const asText = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value).padStart(5, '0') : value;

export const requiredText = (label: string, max = ADDRESS_FIELD_MAX) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (label: string, max = ADDRESS_FIELD_MAX) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

export const usZipSchema = z.preprocess(
  asText,
  z
    .string({ error: 'ZIP Code is required' })
    .trim()
    .min(1, 'ZIP Code is required')
    .regex(US_ZIP_PATTERN, ZIP_MESSAGE),
);

export const usStateSchema = z
  .string({ error: 'State is required' })
  .trim()
  .min(1, 'State is required')
  .transform((v) => v.toUpperCase())
  .refine(isUsState, 'Please select a US state or territory');

const US_NAMES = new Set(['', 'US', 'USA', 'UNITED STATES', 'UNITED STATES OF AMERICA']);

/** Addresses and order origins are always in the United States; absent means US. */
export const usCountrySchema = z
  .string({ error: 'Country must be United States' })
  .trim()
  .optional()
  .refine((v) => US_NAMES.has((v ?? '').toUpperCase()), 'Country must be United States')
  .transform(() => 'US' as const);

/** POST /address/create and PUT /address/update/{id}. Country is always the United States. */
export const addressBody = z.object({
  name: requiredText('Name'),
  street: requiredText('Street'),
  street2: optionalText('Street 2'),
  city: requiredText('City'),
  state: usStateSchema,
  zip: usZipSchema,
  country: usCountrySchema,
  company: optionalText('Company'),
});
export type AddressBody = z.input<typeof addressBody>;
export type AddressInput = z.output<typeof addressBody>;

export const addressView = z.object({
  _id: z.string(),
  name: z.string(),
  street: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.literal('US'),
  company: z.string(),
  createdAt: z.string(),
});
export type AddressView = z.infer<typeof addressView>;

export const addressListResponse = z.object({ addresses: z.array(addressView) });
export const addressMessageResponse = z.object({
  message: z.string(),
  address: addressView,
  /** The address check's doubts; the address is saved either way (corrected in mode `correct`). */
  warnings: addressWarningsSchema.optional(),
});
