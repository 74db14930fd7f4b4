/**
 * CSV writer for files users open in spreadsheets (bulk downloads, amazon.csv). Cells that a
 * spreadsheet would run as a formula get a leading apostrophe (OWASP "CSV Injection");
 * see docs/decisions/051-csv-formula-injection.md.
 */
export type CsvCell = string | number | boolean | null | undefined;
export type CsvRow = readonly CsvCell[];

const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
/** A plain number ("-12", "-0.5", "+1") is data, never a formula, and stays as it is. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Neutralises a text cell that starts like a formula; numbers and ordinary text are unchanged. */
export function protectCell(value: string): string {
  // Spreadsheets skip leading blanks and read full-width signs (＝ ＋ － ＠) as their ASCII forms.
  const head = value.replace(/^\s+/, '').normalize('NFKC')[0];
  const startsLikeFormula = FORMULA_TRIGGERS.has(value[0] ?? '') || FORMULA_TRIGGERS.has(head ?? '');
  if (!startsLikeFormula) return value;
  if (PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}

/** One RFC 4180 field: protected, then quoted when it holds a delimiter, quote, line break or edge space. */
export function formatCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  const text = protectCell(cell);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const formatRow = (row: CsvRow): string => row.map(formatCell).join(',') + '\r\n';

export type WriteCsvOptions = {
  header?: readonly string[];
  /** A UTF-8 byte order mark, so Excel reads non-ASCII names correctly (default on). */
  bom?: boolean;
  /** Characters per yielded chunk (default 64 KiB). */
  chunkSize?: number;
};

/**
 * Streams CSV text from rows, in chunks, without holding the whole file: pass the result to
 * `Readable.from()` or a Fastify reply. Rows may come from an async source (a database cursor).
 */
export async function* writeCsv(
  rows: Iterable<CsvRow> | AsyncIterable<CsvRow>,
  options: WriteCsvOptions = {},
): AsyncGenerator<string> {
  const chunkSize = options.chunkSize ?? 65_536;
  let buffer = options.bom === false ? '' : '\uFEFF';
  if (options.header) buffer += formatRow(options.header);
  for await (const row of rows) {
    buffer += formatRow(row);
    if (buffer.length >= chunkSize) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}

/** The whole CSV as one string, for small files. */
export async function csvToString(
  rows: Iterable<CsvRow> | AsyncIterable<CsvRow>,
  options?: WriteCsvOptions,
): Promise<string> {
  let text = '';
  for await (const chunk of writeCsv(rows, options)) text += chunk;
  return text;
}
