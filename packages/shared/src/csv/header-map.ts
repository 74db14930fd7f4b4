import { REQUIRED_CSV_COLUMNS, resolveHeader, type CsvColumn } from './columns.ts';

/** Where a canonical column sits in the file, and the header as the user wrote it (for error messages). */
export type MappedColumn = { index: number; header: string };

export type HeaderMapping = {
  columns: Partial<Record<CsvColumn, MappedColumn>>;
  /** Required columns with no matching header, in canonical order. */
  missing: CsvColumn[];
  /** Headers we do not use (extra columns, or a second header for a column already mapped). */
  unknownIgnored: string[];
};

/**
 * Maps a header row to canonical columns. Exact canonical names win over aliases; among equals the
 * leftmost wins, so `ToZip` beats a later `zip`, and a repeated header is ignored.
 */
export function mapHeaders(headerRow: readonly string[]): HeaderMapping {
  const columns: HeaderMapping['columns'] = {};
  const exactness: Partial<Record<CsvColumn, boolean>> = {};
  const unknownIgnored: string[] = [];
  headerRow.forEach((raw, index) => {
    const header = raw.trim();
    const resolved = resolveHeader(header);
    if (!resolved) {
      if (header) unknownIgnored.push(header);
      return;
    }
    const current = columns[resolved.column];
    if (current && (exactness[resolved.column] || !resolved.isExact)) {
      unknownIgnored.push(header);
      return;
    }
    if (current) unknownIgnored.push(current.header);
    columns[resolved.column] = { index, header };
    exactness[resolved.column] = resolved.isExact;
  });
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !columns[c]);
  return { columns, missing, unknownIgnored };
}

/** The message for a header without some required columns (null when none is missing). */
export function missingColumnsMessage(missing: readonly string[]): string | null {
  if (missing.length === 0) return null;
  const list = missing.join(', ');
  const noun = missing.length === 1 ? 'column' : 'columns';
  return `The CSV is missing the required ${noun} ${list}. The first row must be the header, as in the sample CSV.`;
}
