import { cityKey } from './address-check/zip-directory.ts';
import { ALL_REGIONS, isCaProvince } from './regions.ts';

/**
 * Quick-order free text (spec: Fast Order). The rule, in the order the lines come:
 *
 *   1. Name                       John Smith
 *   2. Street[, Street 2]         123 Main St, Apt 4B
 *   3. City, State                Springfield, IL
 *   4. ZIP                        62704   (or 62704-1234)
 *
 * Also read: the ZIP at the end of the city line (3 lines: `Springfield, IL 62704`); Street 2 on its own
 * line after the street; Street 2 without a comma when it starts with Apt, Suite, Unit, # and the like;
 * state as a code or a full name in any case; a missing comma between city and state; a trailing
 * `USA`/`United States` line; blank lines, extra spaces and tabs anywhere. Canadian provinces and postal
 * codes (A1A 1A1) are read too; whether the label type may ship there is the order rules' business.
 * A failure names the line (1-based, counted in the text as typed) that could not be read.
 */
export type ParsedAddress = {
  name: string;
  street: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: 'US' | 'CA';
};
export type AddressParseResult =
  { ok: true; address: ParsedAddress } | { ok: false; line: number; message: string };

/**
 * The USPS place of a 5-digit ZIP, when known: with it, a city line without a state (`Boston 02108`) or
 * with a state the parser cannot read (`Boston, Masachusets 02108`) takes the ZIP's state (issue 38).
 */
export type PlaceOfZip = (zip5: string) => { city: string; state: string } | undefined;

export const QUICK_ORDER_ADDRESS_HINT = 'John Smith\n123 Main St, Apt 4B\nSpringfield, IL\n62704';

type Line = { text: string; number: number };

const US_ZIP = String.raw`\d{5}(?:[\s-]?\d{4})?`;
const CA_POSTAL = String.raw`[A-Za-z]\d[A-Za-z][\s-]?\d[A-Za-z]\d`;
const ZIP_ONLY = new RegExp(`^(?:${US_ZIP}|${CA_POSTAL})$`);
const TRAILING_ZIP = new RegExp(`^(.*?)[\\s,]+(${US_ZIP}|${CA_POSTAL})$`);
const COUNTRY_LINE = /^(?:us|usa|u\.s\.a?\.?|united states(?: of america)?|canada|ca)$/i;
const UNIT_SUFFIX =
  /^(.*\S)\s+((?:apt|apartment|suite|ste|unit|rm|room|fl|floor|bldg|building|lot|trlr|dept)\b\.?\s*#?\s*[\w-]+|#\s*[\w-]+)$/i;

const REGION_BY_KEY = new Map<string, string>(
  ALL_REGIONS.flatMap((r) => [
    [r.id.toLowerCase(), r.id],
    [r.name.toLowerCase(), r.id],
  ]),
);
REGION_BY_KEY.set('washington dc', 'DC');
REGION_BY_KEY.set('d.c.', 'DC');

const clean = (text: string): string =>
  text
    .replace(/[\t\u00a0]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const regionOf = (text: string): string | undefined =>
  REGION_BY_KEY.get(clean(text.replace(/\.$/, '')).toLowerCase()) ??
  REGION_BY_KEY.get(text.replaceAll('.', '').toLowerCase());

const normalizeZip = (zip: string): string => {
  const compact = zip.replace(/[\s-]/g, '').toUpperCase();
  if (/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact)) return `${compact.slice(0, 3)} ${compact.slice(3)}`;
  return compact.length === 9 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
};

/** `City, ST`, `City, State Name`, `City ST` or `City State Name`. */
function parseCityState(text: string): { city: string; state: string } | null {
  const stripped = text.replace(/,\s*$/, '');
  const comma = stripped.lastIndexOf(',');
  if (comma > 0) {
    const state = regionOf(stripped.slice(comma + 1));
    const city = clean(stripped.slice(0, comma).replace(/,/g, ' '));
    return state && city ? { city, state } : null;
  }
  const words = stripped.split(' ');
  for (let take = Math.min(4, words.length - 1); take >= 1; take -= 1) {
    const state = regionOf(words.slice(-take).join(' '));
    if (state) return { city: words.slice(0, -take).join(' '), state };
  }
  return null;
}

/** A city line the parser could not split, read with the ZIP's USPS place: the city as typed, its state. */
function placeFromZip(text: string, place: { city: string; state: string }): { city: string; state: string } {
  const stripped = clean(text.replace(/,\s*$/, ''));
  const comma = stripped.indexOf(',');
  if (comma > 0) return { city: clean(stripped.slice(0, comma)), state: place.state };
  const words = stripped.split(' ');
  const wanted = cityKey(place.city);
  // `Boston Mass`: the words that spell the ZIP's city are the city, the rest an unread state.
  for (let take = words.length; take >= 1; take -= 1)
    if (cityKey(words.slice(0, take).join(' ')) === wanted)
      return { city: words.slice(0, take).join(' '), state: place.state };
  return { city: stripped, state: place.state };
}

function splitStreet(lines: Line[]): { street: string; street2: string } {
  const [first, second] = lines as [Line, Line | undefined];
  if (second) return { street: first.text.replace(/,$/, ''), street2: second.text };
  const comma = first.text.indexOf(',');
  if (comma > 0)
    return {
      street: clean(first.text.slice(0, comma)),
      street2: clean(first.text.slice(comma + 1).replace(/^,/, '')),
    };
  const unit = UNIT_SUFFIX.exec(first.text);
  if (unit) return { street: unit[1]!, street2: unit[2]! };
  return { street: first.text, street2: '' };
}

export function parseFreeTextAddress(
  text: string,
  options: { placeOfZip?: PlaceOfZip | undefined } = {},
): AddressParseResult {
  const lines: Line[] = text
    .split(/\r\n|\r|\n/)
    .map((raw, index) => ({ text: clean(raw), number: index + 1 }))
    .filter((line) => line.text !== '');
  const fail = (line: number, message: string): AddressParseResult => ({
    ok: false,
    line,
    message: `Line ${line}: ${message}`,
  });
  if (lines.length === 0)
    return fail(
      1,
      'the address is empty; write the name, street, city and state, and ZIP on their own lines',
    );
  if (lines.length > 1 && COUNTRY_LINE.test(lines.at(-1)!.text)) lines.pop();

  const last = lines.at(-1)!;
  let zip: string;
  let cityLine: Line;
  if (ZIP_ONLY.test(last.text)) {
    zip = last.text;
    lines.pop();
    const before = lines.at(-1);
    if (!before || lines.length < 3)
      return fail(last.number, 'expected the name, street and "City, State" lines above the ZIP');
    cityLine = before;
  } else {
    const match = TRAILING_ZIP.exec(last.text);
    if (!match) return fail(last.number, `could not find a ZIP code in "${last.text}" (5 digits or ZIP+4)`);
    if (lines.length < 3)
      return fail(last.number, 'expected a name line and a street line above "City, State ZIP"');
    zip = match[2]!;
    cityLine = { text: match[1]!, number: last.number };
  }
  const zip5 = /^\d{5}/.exec(zip)?.[0];
  const known = zip5 ? options.placeOfZip?.(zip5) : undefined;
  const place = parseCityState(cityLine.text) ?? (known ? placeFromZip(cityLine.text, known) : null);
  if (!place || !place.city)
    return fail(cityLine.number, `could not read "City, State" from "${cityLine.text}"`);

  const name = lines[0]!;
  const streetLines = lines.slice(1, lines.length - 1);
  if (streetLines.length === 0) return fail(cityLine.number, 'expected a street line before "City, State"');
  if (streetLines.length > 2)
    return fail(
      streetLines[2]!.number,
      `too many lines: expected name, street (and street 2), "City, State", ZIP`,
    );
  if (
    !/\d/.test(streetLines[0]!.text) &&
    !/\bp\.?\s*o\.?\s*box\b/i.test(streetLines[0]!.text) &&
    streetLines.length === 1
  ) {
    // A street without any number is usually a shifted line (e.g. a company line); say so rather than guess.
    return fail(
      streetLines[0]!.number,
      `"${streetLines[0]!.text}" does not look like a street (no house number)`,
    );
  }
  const normalizedZip = normalizeZip(zip);
  const country = isCaProvince(place.state) ? 'CA' : 'US';
  if ((country === 'CA') !== /[A-Z]/.test(normalizedZip))
    return fail(
      last.number,
      country === 'CA'
        ? 'a Canadian address needs a postal code like A1A 1A1'
        : 'a US address needs a 5-digit ZIP code',
    );
  return {
    ok: true,
    address: { name: name.text, ...splitStreet(streetLines), ...place, zip: normalizedZip, country },
  };
}

/** The free-text block for a saved address (choosing a saved address fills the quick-order text). */
export const formatAddressAsText = (a: {
  name: string;
  street: string;
  street2?: string;
  city: string;
  state: string;
  zip: string;
}): string =>
  [a.name, a.street2 ? `${a.street}, ${a.street2}` : a.street, `${a.city}, ${a.state}`, a.zip].join('\n');
