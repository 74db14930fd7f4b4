import type { LabelLayout } from '@portal/shared';
import type { Writable } from 'node:stream';
import type * as LetterSheets from './letter-sheets.ts';
import type * as MergePdfs from './merge-pdfs.ts';

/**
 * pdf-lib and the Letter layout: not loaded with the server's modules (decision 216), but in the label
 * warm-up after the server listens, or by the first download if that comes first. Compiling them holds
 * the event loop for a few hundred ms on two cores, which a reseller's first download should not pay.
 */
let merging: Promise<[typeof LetterSheets, typeof MergePdfs]> | undefined;
let isLoaded = false;

/** Loads the merge code once; the label warm-up calls it so no download waits for it. */
export async function loadLabelMerging(): Promise<void> {
  await (merging ??= Promise.all([import('./letter-sheets.ts'), import('./merge-pdfs.ts')]));
  isLoaded = true;
}

/** Whether the merge code is loaded (/readyz reports the labels warm only then). */
export const isLabelMergingLoaded = (): boolean => isLoaded;

/**
 * Merges 4x6 label PDFs into one, streamed to `out`, laid out for the chosen paper (decision 110): the one
 * implementation behind the dashboard's Download selected and a bulk order's merged PDF.
 */
export async function writeLabelsInLayout(
  labels: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  layout: LabelLayout,
  out: Writable,
): Promise<MergePdfs.MergeResult> {
  await loadLabelMerging();
  const [{ toLetterSheets }, { writeMergedPdf }] = await merging!;
  return writeMergedPdf(layout === 'letter' ? toLetterSheets(labels) : labels, out);
}
