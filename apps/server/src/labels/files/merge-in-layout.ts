import type { LabelLayout } from '@portal/shared';
import type { Writable } from 'node:stream';
import { toLetterSheets } from './letter-sheets.ts';
import { writeMergedPdf, type MergeResult } from './merge-pdfs.ts';

/**
 * Merges 4x6 label PDFs into one, streamed to `out`, laid out for the chosen paper (decision 110): the one
 * implementation behind the dashboard's Download selected and a bulk order's merged PDF.
 */
export const writeLabelsInLayout = (
  labels: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  layout: LabelLayout,
  out: Writable,
): Promise<MergeResult> => writeMergedPdf(layout === 'letter' ? toLetterSheets(labels) : labels, out);
