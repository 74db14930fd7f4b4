import { z } from 'zod';

/**
 * The paper a merged label PDF is made for: `4x6` one label a page (thermal printers) or `letter` two labels a
 * page (desk printers). One choice for the dashboard's Download selected and a bulk order's merged PDF.
 */
export const labelLayout = z.enum(['4x6', 'letter']);
export type LabelLayout = z.infer<typeof labelLayout>;
export const DEFAULT_LABEL_LAYOUT: LabelLayout = '4x6';
