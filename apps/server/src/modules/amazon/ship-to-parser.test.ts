import { describe, expect, it } from 'vitest';
import type { PdfTextItem } from './page-text.ts';
import { findShipToAddresses, parseAddressLines } from './ship-to-parser.ts';

/** Text items as pdfjs reports them: one per word, 12 pt, lines 15 pt apart. */
const words = (lines: Array<[string, number, number]>): PdfTextItem[] =>
  lines.flatMap(([line, x, y]) => {
    let cursor = x;
    return line.split(' ').map((s) => {
      const item = { s, x: cursor, y, w: s.length * 6, h: 12 };
      cursor += item.w + 3;
      return item;
    });
  });

describe('parseAddressLines', () => {
  it('reads the usual Amazon block', () => {
    expect(
      parseAddressLines(['Ana Ruiz', '15 Beacon St', 'Apt 4', 'BOSTON, MA 02108-3704', 'United States']),
    ).toEqual({
      name: 'Ana Ruiz',
      company: '',
      street1: '15 Beacon St',
      street2: 'Apt 4',
      city: 'BOSTON',
      state: 'MA',
      zip: '02108-3704',
      country: 'US',
      isComplete: true,
    });
  });

  it('does not take a PO Box for a city line, and reads lines without a comma or with a state name', () => {
    expect(parseAddressLines(['Bo Li', 'PO Box 12345', 'Reno NV 89501'])).toMatchObject({
      street1: 'PO Box 12345',
      city: 'Reno',
      state: 'NV',
    });
    expect(parseAddressLines(['Bo Li', '9 Elm St', 'Salem, Oregon 97301 1234'])).toMatchObject({
      state: 'OR',
      zip: '97301-1234',
    });
    expect(parseAddressLines(['Luc Roy', '1 Rue Main', 'Toronto, ON M5V 2T6', 'Canada'])).toMatchObject({
      state: 'ON',
      zip: 'M5V 2T6',
      country: 'CA',
    });
  });

  it('keeps what it read when the city line is missing, marked incomplete', () => {
    expect(parseAddressLines(['Ana Ruiz', '15 Beacon St'])).toMatchObject({
      name: 'Ana Ruiz',
      street1: '15 Beacon St',
      city: '',
      isComplete: false,
    });
    expect(parseAddressLines([])).toBeNull();
  });
});

describe('findShipToAddresses', () => {
  it('reads word-by-word text, stops at the next block and keeps an order printed twice once', () => {
    const page = words([
      ['Ship To:', 36, 750],
      ['Ana Ruiz', 46, 734],
      ['15 Beacon St', 46, 719],
      ['Boston, MA 02108', 46, 704],
      ['United States', 46, 689],
      ['Order ID: 112-1111111-2222222', 36, 660],
      ['Order Date: Thu, Nov 20, 2026', 320, 734],
    ]);
    const found = findShipToAddresses([{ items: page }, { items: page }]);
    expect(found).toEqual([
      expect.objectContaining({ orderId: '112-1111111-2222222', name: 'Ana Ruiz', city: 'Boston', page: 1 }),
    ]);
  });

  it('finds nothing on a page without an address label', () => {
    expect(findShipToAddresses([{ items: words([['Invoice 7', 36, 700]]) }])).toEqual([]);
  });
});

describe('findShipToAddresses on hostile pages', () => {
  /** One page of `count` "Ship To" lines 1 pt apart, the shape that made matching cost grow with the square. */
  const shipToLines = (count: number): PdfTextItem[] =>
    Array.from({ length: count }, (_, i) => ({ s: `Ship To: A${i}`, x: 36, y: 50_000 - i, w: 40, h: 1 }));

  it('matches "Ship To" lines in linear time: eight times the lines, about eight times the work', () => {
    // A ratio, not a wall-clock bound, so a busy machine does not fail it. Linear work gives 6 to 10 here (the
    // sort adds a little); a matcher that scans every line for every label gives about 30, and the old one
    // took 14 s for 20,000 lines and 58 s for 40,000. Medians of runs taken in turns, after a warm-up.
    const run = (items: PdfTextItem[]) => {
      const started = performance.now();
      findShipToAddresses([{ items }], { maxLines: 100_000, maxLabels: 100_000 });
      return performance.now() - started;
    };
    const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    const [small, large] = [shipToLines(5_000), shipToLines(40_000)];
    run(small);
    run(large);
    const smallTimes: number[] = [];
    const largeTimes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      smallTimes.push(run(small));
      largeTimes.push(run(large));
    }
    expect(median(largeTimes) / median(smallTimes)).toBeLessThan(20);
  });

  it('refuses a file with more lines or address labels than the caps', () => {
    expect(() =>
      findShipToAddresses([{ items: shipToLines(300) }], { maxLines: 200, maxLabels: 1000 }),
    ).toThrow('This PDF holds more than 200 lines of text. Split the packing slips into smaller files.');
    expect(() =>
      findShipToAddresses([{ items: shipToLines(300) }], { maxLines: 1000, maxLabels: 100 }),
    ).toThrow('This PDF holds more than 100 address labels. Split the packing slips into smaller files.');
  });
});
