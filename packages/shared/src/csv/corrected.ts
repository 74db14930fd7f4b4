import { fixOf, type AddressWarning } from '../address-check/address-check.ts';

/**
 * The uploaded file with the address check's suggestions written in: each warning names its row
 * (header = 1) and its column by the header as written, so the file keeps its own columns and order.
 */
export function correctCsvRecords(
  records: readonly (readonly string[])[],
  warnings: readonly AddressWarning[],
): string[][] {
  const header = records[0] ?? [];
  const columnOf = new Map(header.map((h, i) => [h.trim(), i]));
  const out = records.map((r) => [...r]);
  for (const w of warnings) {
    const cells = w.row === undefined ? undefined : out[w.row - 1];
    for (const [field, value] of Object.entries(fixOf(w))) {
      const column = columnOf.get(field);
      if (column !== undefined && cells) cells[column] = value;
    }
  }
  return out;
}
