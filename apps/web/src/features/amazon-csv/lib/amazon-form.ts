import { AMAZON_PDF_MAX_BYTES, amazonCsvForm } from '@portal/shared';
import { z } from 'zod';

export const NO_PDF_MESSAGE = 'Please select a PDF file';
const MAX_MB = AMAZON_PDF_MAX_BYTES / 1024 / 1024;

/** The server's form schema (so page and API agree) plus the packing-slip file itself. */
export const amazonFormSchema = amazonCsvForm.extend({
  pdf: z
    .custom<File | null>((value) => value === null || value instanceof File)
    .refine((file): file is File => file instanceof File, NO_PDF_MESSAGE)
    .refine((file) => !file || file.size <= AMAZON_PDF_MAX_BYTES, `The PDF is larger than ${MAX_MB} MB.`),
});
export type AmazonFormInput = z.input<typeof amazonFormSchema>;
export type AmazonFormOutput = z.output<typeof amazonFormSchema>;

export const EMPTY_AMAZON_FORM: AmazonFormInput = {
  pdf: null,
  weight: '',
  fromName: '',
  fromStreet1: '',
  fromStreet2: '',
  fromCity: '',
  fromState: '',
  fromZip: '',
};
