import { describe, expect, it } from 'vitest';
import { LABEL_TYPE_SEED } from '../label-type-catalog.ts';
import { insuranceCents } from '../shipping-extras.ts';
import { CSV_COLUMNS } from './columns.ts';
import { SAMPLE_CSV } from './sample.ts';
import { validateCsvRows, type CsvLabelType } from './validate.ts';

const def = LABEL_TYPE_SEED.find((t) => t.uid === 'priority')!;
const priority: CsvLabelType = { ...def, status: true, weightUnit: 'lb', insurance: { per100: 1, min: 1 } };
const [, first, second] = SAMPLE_CSV.trim()
  .split(/\r?\n/)
  .map((line) => line.split(','));
const header = [...CSV_COLUMNS, 'InsuredValue', 'ItemSku', 'ItemTitle', 'ItemQty'];
const blank = CSV_COLUMNS.map(() => '');

describe('CSV items and declared values (decision 330)', () => {
  it('keeps `;`-separated items and the items of rows that hold nothing else, and prices the insurance', () => {
    const result = validateCsvRows(
      [
        header,
        [...first!, '250', 'WB-32; HL-400', 'Water bottle; Headlamp', '2;1'],
        [...blank, '', 'CAP-1', 'Cap', ''],
        [...second!, '', '', '', ''],
      ],
      priority,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.orders).toHaveLength(2);
    expect(result.orders[0]!.order.items).toEqual([
      { sku: 'WB-32', title: 'Water bottle', quantity: 2 },
      { sku: 'HL-400', title: 'Headlamp', quantity: 1 },
      { sku: 'CAP-1', title: 'Cap', quantity: 1 },
    ]);
    expect(result.orders[0]!.order.insuredValue).toBe(250);
    // $6.50 for the label and $3 to insure $250 at $1 per started $100.
    expect(result.orders[0]!.unitPrice).toBe(9.5);
    expect(result.orders[1]!.order.items).toBeUndefined();
    expect(result.totalPrice).toBe(9.5 + 4.5);
  });

  it('names the row and column of a wrong item, a wrong declared value, and items with no order above', () => {
    const result = validateCsvRows(
      [
        header,
        [...blank, '', 'ORPHAN', '', '1'],
        [...first!, '9000', 'A;B', 'One;Two', '1;x'],
        [...second!, 'abc', '', '', ''],
      ],
      priority,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { row: 2, field: 'ItemSku', message: 'This items row has no order above it' },
      { row: 3, field: 'InsuredValue', message: 'Insured value must be more than $0 and at most $5,000' },
      { row: 3, field: 'ItemQty', message: 'Item 2: Item quantity must be a whole number from 1 to 10000' },
      { row: 4, field: 'InsuredValue', message: 'Insured value must be a number' },
    ]);
  });

  it('refuses a declared value where the label type offers no insurance', () => {
    const result = validateCsvRows([header, [...first!, '50', '', '', '']], { ...priority, insurance: null });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { row: 2, field: 'InsuredValue', message: 'USPS Priority Mail labels cannot be insured' },
    ]);
  });

  it('prices insurance per started $100 with a minimum', () => {
    const rule = { per100Cents: 100, minCents: 100 };
    expect(insuranceCents(rule, 5_000)).toBe(100);
    expect(insuranceCents(rule, 25_000)).toBe(300);
    expect(insuranceCents({ per100Cents: 75, minCents: 200 }, 10_000)).toBe(200);
    expect(insuranceCents({ per100Cents: null, minCents: 100 }, 10_000)).toBeNull();
  });
});
