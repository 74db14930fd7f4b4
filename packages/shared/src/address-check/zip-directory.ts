/** One ZIP code's place in the USPS table: its (one, preferred) city and its state. */
export type ZipPlace = { zip: string; city: string; state: string };

/**
 * A ZIP table the address check reads. The server builds it once from the offline USPS table; a test
 * can build one from a few rows. Lookups are synchronous, so the check runs in a loop of 10,000 CSV rows.
 */
export interface ZipDirectory {
  /** The place of a 5-digit ZIP, or undefined when the table does not hold it. */
  place(zip5: string): ZipPlace | undefined;
  /** The states whose ZIPs start with these 3 digits (empty when no ZIP of the table does). */
  statesOfPrefix(zip3: string): readonly string[];
  /** One ZIP of this city and state, when the table has the pair (a hint for a mistyped ZIP). */
  zipOfCity(city: string, state: string): string | undefined;
}

/** Upper case, letters and digits only, with the USPS short forms of common words spelt out. */
export function cityKey(city: string): string {
  return city
    .toUpperCase()
    .replace(/[.'’-]/g, ' ')
    .replace(/[^A-Z0-9 ]/g, '')
    .replace(/\b(ST|STE)\b/g, 'SAINT')
    .replace(/\bFT\b/g, 'FORT')
    .replace(/\bMT\b/g, 'MOUNT')
    .replace(/\bPT\b/g, 'POINT')
    .replace(/\s+/g, '');
}

/**
 * Builds a directory from `[zip, city, state]` rows. Cities are stored once each and ZIPs as numbers,
 * so the 41,000 ZIPs of the USPS table take a few megabytes.
 */
export function zipDirectoryFrom(rows: Iterable<readonly [string, string, string]>): ZipDirectory {
  const places = new Map<number, ZipPlace>();
  const cities = new Map<string, string>();
  const prefixStates = new Map<string, string[]>();
  const zipByCity = new Map<string, string>();
  for (const [zip, rawCity, state] of rows) {
    const city = cities.get(rawCity) ?? rawCity;
    cities.set(city, city);
    places.set(Number(zip), { zip, city, state });
    const prefix = zip.slice(0, 3);
    const states = prefixStates.get(prefix) ?? [];
    if (!states.includes(state)) states.push(state);
    prefixStates.set(prefix, states);
    const key = `${cityKey(city)}|${state}`;
    const seen = zipByCity.get(key);
    if (seen === undefined || zip < seen) zipByCity.set(key, zip);
  }
  return {
    place: (zip5) => (/^\d{5}$/.test(zip5) ? places.get(Number(zip5)) : undefined),
    statesOfPrefix: (zip3) => prefixStates.get(zip3) ?? [],
    zipOfCity: (city, state) => zipByCity.get(`${cityKey(city)}|${state.toUpperCase()}`),
  };
}
