import { isCaProvince, isUsState, normalizeCountryCell, normalizeStateCell } from '@portal/shared';
import { pageSegments, type TextSegment } from './page-lines.ts';
import type { PdfPageText } from './pdf-text.ts';

/** One recipient read from a packing slip. `isComplete` is false when no "City, ST ZIP" line was found. */
export type ShipToAddress = {
  orderId: string;
  page: number;
  name: string;
  company: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  isComplete: boolean;
};

const SHIP_TO = /^ship\s*to\s*:?\s*/i;
const SHIPPING_ADDRESS = /^shipping\s+address\s*:?\s*/i;
const ORDER_ID = /order\s*(?:id|#|number)\s*:?\s*#?\s*(\d{3}-\d{7}-\d{7})/i;
/** Lines that end an address block on Amazon slips. */
const STOP =
  /^(order\s*(id|date|#|number)|thank you|shipping (address|service)|buyer name|seller name|quantity|returning)/i;
const ZIP = String.raw`(?<zip>\d{5}(?:[-\s]?\d{4})?|[A-Za-z]\d[A-Za-z]\s?\d[A-Za-z]\d)`;
/** "Seattle, WA 98109-5210", "Toronto, Ontario M5V 2T6" or, without the comma, "SEATTLE WA 98109". */
const CITY_LINES = [
  new RegExp(String.raw`^(?<city>[^,]+),\s*(?<state>[A-Za-z][A-Za-z .]*?)\.?\s+${ZIP}$`),
  new RegExp(String.raw`^(?<city>.+?)\s+(?<state>[A-Z]{2})\s+${ZIP}$`),
];

function matchCityLine(line: string): { city: string; state: string; zip: string } | null {
  for (const pattern of CITY_LINES) {
    const groups = pattern.exec(line)?.groups;
    if (!groups) continue;
    const state = normalizeStateCell(groups.state!.trim());
    if (!isUsState(state) && !isCaProvince(state)) continue;
    return { city: groups.city!.trim(), state, zip: groups.zip! };
  }
  return null;
}
const COUNTRY_LINE = /^[A-Za-z][A-Za-z .]{1,40}$/;
const MAX_LINES = 8;

/** The lines under (or beside) an address label, read down its column until the block ends. */
function blockLines(label: TextSegment, rest: string, segments: readonly TextSegment[]): string[] {
  const lines = rest ? [rest] : [];
  const below = segments
    .filter((s) => s.y < label.y - 0.5 && s.x >= label.x - 8 && s.x <= label.x + 160)
    .sort((a, b) => b.y - a.y);
  let lastY = label.y;
  let lastSize = label.size;
  let sawCityLine = false;
  for (const segment of below) {
    if (lastY - segment.y > 2.6 * Math.max(lastSize, segment.size)) break;
    if (STOP.test(segment.text) || lines.length >= MAX_LINES) break;
    if (sawCityLine) {
      if (COUNTRY_LINE.test(segment.text)) lines.push(segment.text);
      break;
    }
    lines.push(segment.text);
    sawCityLine = matchCityLine(segment.text) !== null;
    lastY = segment.y;
    lastSize = segment.size;
  }
  return lines;
}

/** Splits address lines into fields: name, street lines (a first line without digits is a company). */
export function parseAddressLines(lines: readonly string[]): Omit<ShipToAddress, 'orderId' | 'page'> | null {
  if (lines.length === 0) return null;
  const cityIndex = lines.findIndex((l) => matchCityLine(l) !== null);
  const head = cityIndex >= 0 ? lines.slice(0, cityIndex) : [...lines];
  const [name = '', ...streets] = head;
  let company = '';
  if (streets.length >= 2 && !/\d/.test(streets[0]!) && streets.slice(1).some((s) => /\d/.test(s))) {
    company = streets.shift()!;
  }
  const [street1 = '', ...more] = streets;
  const base = { name, company, street1, street2: more.join(', ') };
  const match = cityIndex >= 0 ? matchCityLine(lines[cityIndex]!) : null;
  if (!match) return { ...base, city: '', state: '', zip: '', country: 'US', isComplete: false };
  const countryLine = lines[cityIndex + 1] ?? '';
  return {
    ...base,
    city: match.city,
    state: match.state,
    zip: match.zip.toUpperCase().replace(/^(\d{5})\s?(\d{4})$/, '$1-$2'),
    country: normalizeCountryCell(countryLine),
    isComplete: name !== '' && street1 !== '',
  };
}

function orderIdNear(label: TextSegment, segments: readonly TextSegment[]): string {
  const ids = segments
    .map((s) => ({ s, id: ORDER_ID.exec(s.text)?.[1] }))
    .filter((c): c is { s: TextSegment; id: string } => Boolean(c.id));
  const belowFirst = [...ids].sort((a, b) => {
    const da = a.s.y <= label.y ? label.y - a.s.y : 10_000 + a.s.y - label.y;
    const db = b.s.y <= label.y ? label.y - b.s.y : 10_000 + b.s.y - label.y;
    return da - db;
  });
  return belowFirst[0]?.id ?? '';
}

/**
 * Every order's recipient in Amazon packing slips: each "Ship To:" block (or, on slips without one,
 * the "Shipping Address:" block), with the Order ID printed nearest below it. One order printed twice
 * (a slip running over two pages) is kept once.
 */
export function findShipToAddresses(pages: readonly PdfPageText[]): ShipToAddress[] {
  const found: ShipToAddress[] = [];
  const seenOrders = new Set<string>();
  pages.forEach((page, index) => {
    const segments = pageSegments(page.items);
    let labels = segments.filter((s) => SHIP_TO.test(s.text));
    let labelPattern = SHIP_TO;
    if (labels.length === 0) {
      labels = segments.filter((s) => SHIPPING_ADDRESS.test(s.text));
      labelPattern = SHIPPING_ADDRESS;
    }
    for (const label of labels) {
      const rest = label.text.replace(labelPattern, '').trim();
      const address = parseAddressLines(blockLines(label, rest, segments));
      if (!address || !address.name) continue;
      const orderId = orderIdNear(label, segments);
      if (orderId && seenOrders.has(orderId)) continue;
      if (orderId) seenOrders.add(orderId);
      found.push({ orderId, page: index + 1, ...address });
    }
  });
  return found;
}
