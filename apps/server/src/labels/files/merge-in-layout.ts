import type { LabelLayout } from '@portal/shared';
import type { Writable } from 'node:stream';
import type * as LetterSheets from './letter-sheets.ts';
import type * as MergePdfs from './merge-pdfs.ts';

/** pdf-lib and the Letter layout, loaded with the first download instead of at every start (decision 216). */
let merging: Promise<[typeof LetterSheets, typeof MergePdfs]> | undefined;

/**
 * Merges 4x6 label PDFs into one, streamed to `out`, laid out for the chosen paper (decision 110): the one
 * implementation behind the dashboard's Download selected and a bulk order's merged PDF.
 */
export async function writeLabelsInLayout(
  labels: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  layout: LabelLayout,
  out: Writable,
): Promise<MergePdfs.MergeResult> {
  const [{ toLetterSheets }, { writeMergedPdf }] = await (merging ??= Promise.all([
    import('./letter-sheets.ts'),
    import('./merge-pdfs.ts'),
  ]));
  return writeMergedPdf(layout === 'letter' ? toLetterSheets(labels) : labels, out);
}
