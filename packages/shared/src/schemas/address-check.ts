import { z } from 'zod';
import { ADDRESS_CHECK_MODES } from '../address-check/address-check.ts';

/** `warnings: [{ row?, field, message, suggestion }]` beside a purchase or a CSV validation (issue 38). */
export const addressWarningSchema = z.object({
  row: z.number().int().optional(),
  field: z.string(),
  message: z.string(),
  suggestion: z.string().nullable(),
  fix: z.record(z.string(), z.string()).optional(),
  corrected: z.literal(true).optional(),
});
export const addressWarningsSchema = z.array(addressWarningSchema);

/** GET /api/v1/address/zip/{zip}: the ZIP's USPS city and state, for the forms. */
export const zipParams = z.object({ zip: z.string().trim().max(10) });
export const zipPlaceResponse = z.object({ zip: z.string(), city: z.string(), state: z.string() });
export type ZipPlaceResponse = z.infer<typeof zipPlaceResponse>;

export const addressCheckModeSchema = z.enum(ADDRESS_CHECK_MODES);
/** GET/PUT /api/v1/user/address-check: the reseller's `addressCheck` setting. */
export const addressCheckSettingBody = z.object({ addressCheck: addressCheckModeSchema });
export const addressCheckSettingResponse = z.object({
  message: z.string(),
  addressCheck: addressCheckModeSchema,
});

/** API v2 purchases: `?address_check=strict` refuses (422) an order the address check has doubts about. */
export const apiAddressCheckQuery = z.object({ address_check: z.enum(['strict']).optional() });

/** A purchase held back in confirm mode (422): the app shows `warnings` and offers "Buy anyway". */
export const ADDRESS_CONFIRM_MESSAGE = 'Please check the addresses, or choose Buy anyway';
export const ADDRESS_STRICT_MESSAGE = 'The addresses did not pass the address check';
