import { CSV_MAX_BYTES, isPriority, type LabelTypeView } from '@portal/shared';
import { z } from 'zod';

/** Client messages of spec section 5, word for word. */
export const CSV_MESSAGES = {
  noLabelType: 'Please select LabelType',
  noFile: 'Please select CSV file',
  alreadySent: 'Request already sent',
} as const;

/** Template options on the CSV page: pitney and evs, as on Create Order (Endicia is a Fast Order extra). */
export const CSV_TEMPLATES = [
  { value: 'pitney', label: 'pitney' },
  { value: 'evs', label: 'evs' },
];
export const DEFAULT_TEMPLATE = 'pitney';

export const csvFormSchema = z.object({
  labelType: z.string().min(1, CSV_MESSAGES.noLabelType),
  design: z.string(),
  csv: z
    .custom<File | null>((value) => value === null || value instanceof File)
    .refine((file): file is File => file instanceof File, CSV_MESSAGES.noFile)
    .refine(
      (file) => !file || file.size <= CSV_MAX_BYTES,
      `The CSV file is larger than ${CSV_MAX_BYTES / 1024 / 1024} MB.`,
    ),
});
export type CsvFormValues = z.input<typeof csvFormSchema>;
export const EMPTY_CSV_FORM: CsvFormValues = { labelType: '', design: '', csv: null };

/** The template only matters for priority labels; other types send none. */
export const designFor = (type: LabelTypeView | undefined, design: string): string | undefined =>
  type && isPriority(type.uid) ? design || DEFAULT_TEMPLATE : undefined;
