import { AppError } from '../errors.ts';

/** Binary formats people upload by mistake, by their first bytes, with what to do instead. */
const BINARY_SIGNATURES: Array<{ magic: number[]; message: string }> = [
  {
    magic: [0x50, 0x4b, 0x03, 0x04],
    message: 'This looks like an Excel workbook (.xlsx). Save it as "CSV UTF-8" and upload the CSV file.',
  },
  {
    magic: [0xd0, 0xcf, 0x11, 0xe0],
    message: 'This looks like an old Excel workbook (.xls). Save it as "CSV UTF-8" and upload the CSV file.',
  },
  { magic: [0x25, 0x50, 0x44, 0x46, 0x2d], message: 'This is a PDF, not a CSV file.' },
  { magic: [0x89, 0x50, 0x4e, 0x47], message: 'This is an image, not a CSV file.' },
  { magic: [0xff, 0xd8, 0xff], message: 'This is an image, not a CSV file.' },
  { magic: [0x47, 0x49, 0x46, 0x38], message: 'This is an image, not a CSV file.' },
  { magic: [0x1f, 0x8b], message: 'This is a compressed file, not a CSV file.' },
];

const NOT_TEXT = 'This file is not a CSV text file. Export your sheet as CSV and upload that file.';

const startsWith = (bytes: Uint8Array, magic: readonly number[]): boolean =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/**
 * Turns uploaded bytes into text the way spreadsheets write it: UTF-8 with or without BOM, UTF-16
 * LE/BE with BOM (Excel's "Unicode Text"), and Windows-1252 (Excel's plain "CSV" on Windows) when the
 * bytes are not valid UTF-8. Binary files are refused with a message that says what they are.
 */
export function decodeCsvText(bytes: Uint8Array): string {
  const known = BINARY_SIGNATURES.find((s) => startsWith(bytes, s.magic));
  if (known) throw new AppError('BAD_REQUEST', known.message);
  if (startsWith(bytes, [0xff, 0xfe])) return decodeStrict('utf-16le', bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return decodeStrict('utf-16be', bytes.subarray(2));
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  // A NUL byte never appears in CSV text; it marks a binary file (or UTF-16 without its BOM).
  if (body.includes(0)) throw new AppError('BAD_REQUEST', NOT_TEXT);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    text = new TextDecoder('windows-1252').decode(body);
  }
  if (hasControlCharacters(text)) throw new AppError('BAD_REQUEST', NOT_TEXT);
  return text;
}

function decodeStrict(encoding: 'utf-16le' | 'utf-16be', bytes: Uint8Array): string {
  try {
    const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
    if (text.includes('\0') || hasControlCharacters(text)) throw new Error('control characters');
    return text;
  } catch {
    throw new AppError('BAD_REQUEST', NOT_TEXT);
  }
}

/** More than a few C0 control characters (other than tab, CR, LF) in the first 64 KB means binary data. */
function hasControlCharacters(text: string): boolean {
  const sample = text.slice(0, 65_536);
  let count = 0;
  for (let i = 0; i < sample.length; i += 1) {
    const code = sample.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) count += 1;
    if (count > 8) return true;
  }
  return false;
}
