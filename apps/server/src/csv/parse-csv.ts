import type { Readable } from 'node:stream';
import { CSV_MAX_BYTES, CSV_MAX_ROWS, isBlankRow } from '@portal/shared';
import Papa from 'papaparse';
import { AppError } from '../errors.ts';
import { decodeCsvText } from './decode-text.ts';

export type ParsedCsv = {
  /** records[0] is the header; records[i] is spreadsheet row i + 1 (a quoted newline stays in its row). */
  records: string[][];
  delimiter: string;
  /** Data rows that are not blank. */
  dataRows: number;
};

export type CsvCaps = { maxBytes: number; maxRows: number };
const DEFAULT_CAPS: CsvCaps = { maxBytes: CSV_MAX_BYTES, maxRows: CSV_MAX_ROWS };

/** A size as people read it: 5 MB, 10 KB. */
export const formatSize = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.ceil(bytes / 1024)} KB`;

/** Reads an upload stream into memory, stopping as soon as it passes the cap (the rest is never buffered). */
export async function readCapped(stream: Readable, maxBytes: number, what = 'CSV file'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      stream.destroy();
      throw new AppError('PAYLOAD_TOO_LARGE', `The ${what} is larger than ${formatSize(maxBytes)}.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

const SEP_LINE = /^sep=(.)\n/i;

/** The delimiter of the header line: the most frequent of comma, semicolon (European Excel) and tab. */
function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\n|$/));
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  const best = counts.reduce((a, b) => (b.n > a.n ? b : a));
  return best.n > 0 ? best.d : ',';
}

/** Parses CSV bytes as Excel and Google Sheets export them, within the size and row caps. */
export function parseCsv(bytes: Uint8Array, caps: CsvCaps = DEFAULT_CAPS): ParsedCsv {
  if (bytes.length > caps.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The CSV file is larger than ${formatSize(caps.maxBytes)}.`);
  }
  // Papa takes the first line's ending as every row's: a CRLF header over LF rows (a file saved by two
  // tools) would read as one merged row, so every CRLF, LF and lone CR becomes LF first.
  let text = decodeCsvText(bytes).replace(/\r\n?/g, '\n');
  if (text.trim() === '') throw new AppError('BAD_REQUEST', 'The CSV file is empty.');

  const sep = SEP_LINE.exec(text);
  if (sep) text = text.slice(sep[0].length);
  const delimiter = sep?.[1] ?? detectDelimiter(text);

  const records: string[][] = [];
  let dataRows = 0;
  let unclosedQuoteRow: number | null = null;
  Papa.parse<string[]>(text, {
    delimiter,
    newline: '\n',
    step: (result, parser) => {
      const row = result.data;
      if (result.errors.some((e) => e.code === 'MissingQuotes')) unclosedQuoteRow = records.length + 1;
      records.push(row);
      if (records.length > 1 && !isBlankRow(row)) dataRows += 1;
      if (dataRows > caps.maxRows) parser.abort();
    },
  });
  if (dataRows > caps.maxRows) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The CSV file has more than ${caps.maxRows.toLocaleString('en-US')} orders. Split it into smaller files.`,
    );
  }
  if (unclosedQuoteRow !== null) {
    throw new AppError('BAD_REQUEST', `Row ${unclosedQuoteRow} opens a quote (") that is never closed.`, {
      errors: [{ row: unclosedQuoteRow, field: 'row', message: 'Quote is never closed' }],
    });
  }
  while (records.length > 0 && isBlankRow(records[records.length - 1]!)) records.pop();
  if (records.length === 0) throw new AppError('BAD_REQUEST', 'The CSV file is empty.');
  if (dataRows === 0) throw new AppError('BAD_REQUEST', 'The CSV file has a header but no data rows.');
  return { records, delimiter, dataRows };
}
