import { z } from 'zod';
import { addressWarningsSchema } from '../schemas/address-check.ts';

/** POST /order/validatecsv success: the price of the whole file and how many orders it holds. */
export const validateCsvResponse = z.object({
  message: z.string(),
  totalPrice: z.number(),
  rows: z.number().int(),
  /** Headers that are not ours (extra columns), shown so a misspelt column is noticed. */
  ignoredColumns: z.array(z.string()),
  /** Rows the address check doubts (the first ones, as errors are capped) and how many rows have any. */
  warnings: addressWarningsSchema.optional(),
  warningRows: z.number().int().optional(),
});
export type ValidateCsvResponse = z.infer<typeof validateCsvResponse>;

/** A 400 for a file with bad rows: `errors` names row (header = 1), column and reason. */
export const csvErrorResponse = z.object({
  message: z.string(),
  errors: z
    .array(z.object({ row: z.number().int().optional(), field: z.string(), message: z.string() }))
    .optional(),
});
