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
  /**
   * The 3-digit prefixes of this city and state's ZIPs, in order ("021", "022"); empty when the table
   * does not have the pair. Tells a reseller where the city's ZIPs are without guessing one of them.
   */
  zipPrefixesOf(city: string, state: string): readonly string[];
}

/** Prefixes in order, runs collapsed: ["021", "022", "024"] -> "021-022, 024". */
export function zipPrefixRanges(prefixes: readonly string[]): string {
  const runs: string[] = [];
  let start = 0;
  for (let i = 1; i <= prefixes.length; i++) {
    if (i < prefixes.length && Number(prefixes[i]) === Number(prefixes[i - 1]) + 1) continue;
    runs.push(i - 1 === start ? prefixes[start]! : `${prefixes[start]}-${prefixes[i - 1]}`);
    start = i;
  }
  return runs.join(', ');
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
 * Builds a directory from `[zip, city, state]` rows (5-digit ZIPs; others are left out). Each ZIP is one
 * slot of a typed array naming its city and state by number, cities are stored once each and a place is
 * made when asked, so the 41,000 ZIPs of the USPS table take about 3 MB of heap (8 MB as objects). A
 * city's ZIP prefixes are kept as one short interned string ("021,022"), split only when a warning asks.
 */
export function zipDirectoryFrom(rows: Iterable<readonly [string, string, string]>): ZipDirectory {
  const cities: string[] = [];
  const cityIds = new Map<string, number>();
  const states: string[] = [];
  const stateIds = new Map<string, number>();
  /** Per 5-digit ZIP: 0 when absent, else (city number * 256 + state number) + 1. */
  const slots = new Int32Array(100_000);
  const prefixStates = new Map<string, string[]>();
  const prefixesByCity = new Map<string, Set<string>>();
  for (const [zip, rawCity, rawState] of rows) {
    if (!/^\d{5}$/.test(zip)) continue;
    let cityId = cityIds.get(rawCity);
    if (cityId === undefined) cityIds.set(rawCity, (cityId = cities.push(rawCity) - 1));
    let stateId = stateIds.get(rawState);
    if (stateId === undefined) stateIds.set(rawState, (stateId = states.push(rawState) - 1));
    if (stateId > 255) throw new Error('a ZIP table of more than 256 states');
    slots[Number(zip)] = cityId * 256 + stateId + 1;
    const city = cities[cityId]!;
    const state = states[stateId]!;
    const prefix = zip.slice(0, 3);
    const prefixOf = prefixStates.get(prefix) ?? [];
    if (!prefixOf.includes(state)) prefixOf.push(state);
    prefixStates.set(prefix, prefixOf);
    const key = `${cityKey(city)}|${state}`;
    const seen = prefixesByCity.get(key) ?? new Set<string>();
    seen.add(prefix);
    prefixesByCity.set(key, seen);
  }
  const lists = new Map<string, string>();
  const cityPrefixes = new Map<string, string>();
  for (const [key, set] of prefixesByCity) {
    const list = [...set].sort().join(',');
    cityPrefixes.set(key, lists.get(list) ?? (lists.set(list, list), list));
  }
  return {
    place: (zip5) => {
      const slot = /^\d{5}$/.test(zip5) ? slots[Number(zip5)]! - 1 : -1;
      if (slot < 0) return undefined;
      return { zip: zip5, city: cities[Math.floor(slot / 256)]!, state: states[slot % 256]! };
    },
    statesOfPrefix: (zip3) => prefixStates.get(zip3) ?? [],
    zipPrefixesOf: (city, state) =>
      cityPrefixes.get(`${cityKey(city)}|${state.trim().toUpperCase()}`)?.split(',') ?? [],
  };
}
