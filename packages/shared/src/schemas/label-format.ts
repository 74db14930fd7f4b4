import { z } from 'zod';

/**
 * Label file formats (issue 37): `pdf` a 4x6 page per label, `letter` two labels a Letter page,
 * `zpl` ZPL II for Zebra-compatible thermal printers, `png` a 4x6 image. ZPL and PNG are made for a
 * printer resolution: 203 dpi (8 dots/mm, the default) or 300 dpi.
 */
export const LABEL_FORMATS = ['pdf', 'letter', 'zpl', 'png'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
export const DEFAULT_LABEL_FORMAT: LabelFormat = 'pdf';

export const LABEL_DPIS = [203, 300] as const;
export type LabelDpi = (typeof LABEL_DPIS)[number];
export const DEFAULT_LABEL_DPI: LabelDpi = 203;

export const UNKNOWN_LABEL_FORMAT = `Unknown label format: use one of ${LABEL_FORMATS.join(', ')}`;
/** The bulk order's rows file (`bulk-download-csv`) is a CSV: a label format asked of it is refused. */
export const CSV_FILE_ONLY = 'This download is the rows as CSV: leave format out or use format=csv';
export const UNKNOWN_LABEL_DPI = `Unknown label resolution: use dpi ${LABEL_DPIS.join(' or ')}`;

export const labelFormat = z.enum(LABEL_FORMATS, { error: UNKNOWN_LABEL_FORMAT });
export const labelDpi = z.coerce
  .number({ error: UNKNOWN_LABEL_DPI })
  .refine((v): v is LabelDpi => (LABEL_DPIS as readonly number[]).includes(v), UNKNOWN_LABEL_DPI)
  .transform((v) => v as LabelDpi);

/** `?format=&dpi=` on every label download; absent, the order's or the reseller's choice applies. */
export const labelFileQuery = z.object({
  format: labelFormat.optional().describe(`Label file format: ${LABEL_FORMATS.join(', ')}`),
  dpi: labelDpi.optional().describe('Printer resolution for zpl and png: 203 (default) or 300'),
});
export type LabelFileQuery = z.infer<typeof labelFileQuery>;

/** What a download of each format answers with. */
export const LABEL_FILE_TYPES: Record<
  LabelFormat,
  { contentType: string; extension: string; label: string }
> = {
  pdf: { contentType: 'application/pdf', extension: 'pdf', label: 'PDF 4x6' },
  letter: { contentType: 'application/pdf', extension: 'pdf', label: 'PDF Letter (2 a page)' },
  zpl: { contentType: 'application/zpl', extension: 'zpl', label: 'ZPL (Zebra)' },
  png: { contentType: 'image/png', extension: 'png', label: 'PNG 4x6' },
};

/** A reseller's default label file, shown and changed in Account Settings. */
export const labelPreference = z.object({ labelFormat: labelFormat, labelDpi: labelDpi });
export type LabelPreference = z.infer<typeof labelPreference>;
export const labelPreferenceResponse = z.object({ labelFormat: labelFormat, labelDpi: z.number().int() });
