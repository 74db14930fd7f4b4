import { z } from 'zod';
import { optionalText, requiredText, usStateSchema, usZipSchema } from './address.ts';

/** Packing-slip PDFs for the Amazon CSV generator: size and page caps (docs/decisions/052-amazon-pdf-reading.md). */
export const AMAZON_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const AMAZON_PDF_MAX_PAGES = 500;
export const AMAZON_MAX_WEIGHT = 150;
export const AMAZON_CSV_FILENAME = 'amazon.csv';

const weightSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
  z
    .number({
      error: (issue) => (issue.input === undefined ? 'Weight is required' : 'Weight must be a number'),
    })
    .refine(Number.isFinite, 'Weight must be a number')
    .gt(0, 'Weight must be greater than 0')
    .max(AMAZON_MAX_WEIGHT, `Weight must be at most ${AMAZON_MAX_WEIGHT}`),
);

/** POST /amazon/generate-csv form fields (multipart, beside the `pdf` file): the sender and one weight for all. */
export const amazonCsvForm = z.object({
  fromName: requiredText('From Name'),
  fromStreet1: requiredText('From Street'),
  fromStreet2: optionalText('From Street 2'),
  fromCity: requiredText('From City'),
  fromState: usStateSchema,
  fromZip: usZipSchema,
  weight: weightSchema,
});
export type AmazonCsvFormInput = z.input<typeof amazonCsvForm>;
export type AmazonCsvForm = z.output<typeof amazonCsvForm>;
