import { PDFDocument } from 'pdf-lib';

/** US Letter in points; two 4x6 labels (288 x 432 pt) side by side, full size, centred. */
const LETTER = { width: 612, height: 792 } as const;
const LABEL = { width: 288, height: 432 } as const;
const SLOTS = [
  { x: (LETTER.width - 2 * LABEL.width) / 2, y: (LETTER.height - LABEL.height) / 2 },
  { x: LETTER.width / 2, y: (LETTER.height - LABEL.height) / 2 },
];

async function sheetOf(labels: Uint8Array[]): Promise<Uint8Array> {
  const sheet = await PDFDocument.create();
  const page = sheet.addPage([LETTER.width, LETTER.height]);
  for (const [i, bytes] of labels.entries()) {
    const [embedded] = await sheet.embedPdf(bytes, [0]);
    const box = embedded!.scale(Math.min(LABEL.width / embedded!.width, LABEL.height / embedded!.height));
    page.drawPage(embedded!, { ...SLOTS[i]!, width: box.width, height: box.height });
  }
  return sheet.save();
}

/**
 * Puts 4x6 labels two to a Letter page for desk printers, in order: each sheet is built from two labels
 * and handed on at once, so the merge after it still holds one document at a time.
 */
export async function* toLetterSheets(
  labels: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  let pair: Uint8Array[] = [];
  for await (const label of labels) {
    pair.push(label);
    if (pair.length === 2) {
      yield await sheetOf(pair);
      pair = [];
    }
  }
  if (pair.length > 0) yield await sheetOf(pair);
}
