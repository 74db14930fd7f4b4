import { isCaProvince, isUsState, normalizeCountryCell, normalizeStateCell } from '@portal/shared';
import { pageSegments, type TextSegment } from './page-lines.ts';
import type { PdfPageText } from './page-text.ts';

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
  /** The slip's items (decision 330): SKU, title and quantity as printed under "Product Details". */
  items: SlipItem[];
};

export type SlipItem = { sku: string; title: string; quantity: number };

const SKU_LINE = /^SKU\s*:\s*(.+)$/i;
const QUANTITY_CELL = /^\d{1,5}$/;

/**
 * The items printed on a page, each with the y of its line: a "SKU: ..." line under a product title,
 * and the quantity printed left of that title on the title's line.
 */
function pageItems(page: PageIndex): { y: number; item: SlipItem }[] {
  const found: { y: number; item: SlipItem }[] = [];
  page.byY.forEach((segment, i) => {
    const sku = SKU_LINE.exec(segment.text)?.[1]?.trim();
    if (!sku) return;
    // The title: the nearest line above, starting where the SKU starts.
    let title: TextSegment | undefined;
    for (let j = i - 1; j >= 0 && j >= i - 40; j -= 1) {
      const above = page.byY[j]!;
      if (above.y - segment.y > 3 * segment.size) break;
      if (Math.abs(above.x - segment.x) <= 4 && above.y > segment.y + 0.5) {
        title = above;
        break;
      }
    }
    const quantity = title
      ? page.byY.find((s) => Math.abs(s.y - title.y) <= 1 && s.xEnd <= title.x && QUANTITY_CELL.test(s.text))
      : undefined;
    found.push({
      y: title?.y ?? segment.y,
      item: {
        sku: sku.slice(0, 64),
        title: (title?.text ?? '').slice(0, 200),
        quantity: quantity ? Math.max(1, Number(quantity.text)) : 1,
      },
    });
  });
  return found;
}

/** The items between an order's Order ID and the next one down the page (or the page's end). */
function itemsOfOrder(orderId: string, page: PageIndex, items: { y: number; item: SlipItem }[]): SlipItem[] {
  const at = page.orderIds.findIndex((o) => o.id === orderId);
  if (at < 0) return page.orderIds.length <= 1 ? items.map((i) => i.item) : [];
  const top = page.orderIds[at]!.y;
  const bottom = page.orderIds[at + 1]?.y ?? Number.NEGATIVE_INFINITY;
  return items.filter((i) => i.y < top && i.y > bottom).map((i) => i.item);
}

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

/** A page's segments ordered once for every label on it: top to bottom (stable), with the largest font size. */
type PageIndex = { byY: TextSegment[]; maxSize: number; orderIds: { y: number; id: string }[] };

function indexPage(segments: readonly TextSegment[]): PageIndex {
  const byY = [...segments].sort((a, b) => b.y - a.y);
  const orderIds: { y: number; id: string }[] = [];
  for (const s of byY) {
    const id = ORDER_ID.exec(s.text)?.[1];
    if (id) orderIds.push({ y: s.y, id });
  }
  return { byY, maxSize: byY.reduce((m, s) => Math.max(m, s.size), 0), orderIds };
}

/** First index in a top-to-bottom list whose y is below (`strict`) or at-or-below `y`. */
function firstAtOrBelow<T extends { y: number }>(list: readonly T[], y: number, strict: boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (strict ? list[mid]!.y < y : list[mid]!.y <= y) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Segments looked at per label at most: a block is a few lines, so a page of many columns cannot cost n². */
const MAX_SCAN = 400;

/** The lines under (or beside) an address label, read down its column until the block ends. */
function blockLines(label: TextSegment, rest: string, page: PageIndex): string[] {
  const lines = rest ? [rest] : [];
  let lastY = label.y;
  let lastSize = label.size;
  let sawCityLine = false;
  const from = firstAtOrBelow(page.byY, label.y - 0.5, true);
  for (let i = from; i < page.byY.length && i < from + MAX_SCAN; i += 1) {
    const segment = page.byY[i]!;
    // Everything further down is too far below the block for any font size on the page.
    if (lastY - segment.y > 2.6 * Math.max(lastSize, page.maxSize)) break;
    if (segment.x < label.x - 8 || segment.x > label.x + 160) continue;
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
export function parseAddressLines(
  lines: readonly string[],
): Omit<ShipToAddress, 'orderId' | 'page' | 'items'> | null {
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

/** The Order ID printed nearest below the label, else the nearest above it. */
function orderIdNear(label: TextSegment, page: PageIndex): string {
  const ids = page.orderIds;
  const below = firstAtOrBelow(ids, label.y, false);
  if (below < ids.length) return ids[below]!.id;
  if (ids.length === 0) return '';
  const lowestY = ids[ids.length - 1]!.y;
  return ids[firstAtOrBelow(ids, lowestY, false)]!.id;
}

export type ShipToCaps = { maxLines: number; maxLabels: number };

/** Caps per file: far above any real packing-slip PDF (500 pages), far below what costs the server. */
export const SHIP_TO_CAPS: ShipToCaps = { maxLines: 100_000, maxLabels: 5_000 };

export const TOO_MANY_LINES = (max: number) =>
  `This PDF holds more than ${max} lines of text. Split the packing slips into smaller files.`;
export const TOO_MANY_LABELS = (max: number) =>
  `This PDF holds more than ${max} address labels. Split the packing slips into smaller files.`;

/** A file over a cap: the caller answers 422 with this message. */
export class ShipToCapError extends Error {}

/**
 * Every order's recipient in Amazon packing slips: each "Ship To:" block (or, on slips without one,
 * the "Shipping Address:" block), with the Order ID printed nearest below it. One order printed twice
 * (a slip running over two pages) is kept once.
 */
export function findShipToAddresses(
  pages: readonly PdfPageText[],
  caps: ShipToCaps = SHIP_TO_CAPS,
): ShipToAddress[] {
  const found: ShipToAddress[] = [];
  const seenOrders = new Set<string>();
  let lineCount = 0;
  let labelCount = 0;
  pages.forEach((page, index) => {
    const segments = pageSegments(page.items);
    lineCount += segments.length;
    if (lineCount > caps.maxLines) throw new ShipToCapError(TOO_MANY_LINES(caps.maxLines));
    let labels = segments.filter((s) => SHIP_TO.test(s.text));
    let labelPattern = SHIP_TO;
    if (labels.length === 0) {
      labels = segments.filter((s) => SHIPPING_ADDRESS.test(s.text));
      labelPattern = SHIPPING_ADDRESS;
    }
    labelCount += labels.length;
    if (labelCount > caps.maxLabels) throw new ShipToCapError(TOO_MANY_LABELS(caps.maxLabels));
    const indexed = indexPage(segments);
    const items = pageItems(indexed);
    for (const label of labels) {
      const rest = label.text.replace(labelPattern, '').trim();
      const address = parseAddressLines(blockLines(label, rest, indexed));
      if (!address || !address.name) continue;
      const orderId = orderIdNear(label, indexed);
      if (orderId && seenOrders.has(orderId)) continue;
      if (orderId) seenOrders.add(orderId);
      found.push({ orderId, page: index + 1, ...address, items: itemsOfOrder(orderId, indexed, items) });
    }
  });
  return found;
}
