import { describe, expect, it } from 'vitest';
import { LABEL_TYPE_SEED } from '../label-type-catalog.ts';
import { CSV_COLUMNS } from './columns.ts';
import { SAMPLE_CSV } from './sample.ts';
import { validateCsvRows, type CsvLabelType } from './validate.ts';

const typeOf = (uid: string): CsvLabelType => {
  const def = LABEL_TYPE_SEED.find((t) => t.uid === uid)!;
  return { ...def, status: true, weightUnit: uid.endsWith('_oz') ? 'oz' : 'lb' };
};
const priority = typeOf('priority');
const records = (text: string) =>
  text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
const sample = records(SAMPLE_CSV);

describe('validateCsvRows', () => {
  it('accepts the sample file and prices each row from the tiers', () => {
    const result = validateCsvRows(sample, priority);
    expect(result).toMatchObject({ ok: true, totalPrice: 6.5 + 4.5 });
    if (!result.ok) return;
    expect(result.orders.map((o) => o.row)).toEqual([2, 3]);
    expect(result.orders[1]!.order).toMatchObject({ ToZip: '02108-3704', ToCountry: 'US', design: null });
  });

  it('names row, column as written and reason for each bad row', () => {
    const header = ['to name', ...CSV_COLUMNS.filter((c) => c !== 'ToName')];
    const rows = sample.slice(1).map((r) => [r[10]!, ...r.filter((_, i) => i !== 10)]);
    const bad = [...rows[0]!];
    bad[0] = '';
    bad[header.indexOf('Weight')] = '75';
    bad[header.indexOf('ToState')] = 'ZZ';
    const result = validateCsvRows([header, rows[0]!, bad, rows[1]!], priority);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe('1 row has errors. Fix them and upload the file again.');
    expect(result.errors).toEqual([
      { row: 3, field: 'to name', message: 'To Name is required' },
      { row: 3, field: 'Weight', message: 'Weight must be at most 70 lb for USPS Priority Mail' },
      { row: 3, field: 'ToState', message: 'To State must be a US state or territory' },
    ]);
  });

  it('applies the label type rules: FedEx needs dimensions, UPS reaches Canada', () => {
    const noDims = sample.map((r, i) => (i === 0 ? r : r.map((c, j) => (j >= 18 && j <= 20 ? '' : c))));
    const fedex = validateCsvRows(noDims, typeOf('fedex_ground'));
    expect(fedex.ok || fedex.errors.map((e) => e.message)).toContain('Height is required for FedEx labels');
    const canada = sample.map((r, i) =>
      i === 1 ? r.map((c, j) => (j === 9 ? 'Canada' : j === 16 ? 'M5V 2T6' : j === 17 ? 'ON' : c)) : r,
    );
    expect(validateCsvRows(canada, typeOf('ups_standard')).ok).toBe(true);
    expect(validateCsvRows(canada, priority).ok).toBe(false);
  });

  it('refuses a missing column, a header alone, an empty file and a disabled type', () => {
    const missing = validateCsvRows([CSV_COLUMNS.filter((c) => c !== 'Weight'), sample[1]!], priority);
    expect(missing).toMatchObject({ ok: false, errors: [{ row: 1, field: 'Weight' }] });
    expect(validateCsvRows([sample[0]!, ['', '']], priority)).toMatchObject({
      ok: false,
      message: 'The CSV file has a header but no data rows.',
    });
    expect(validateCsvRows([], priority)).toMatchObject({ message: 'The CSV file is empty.' });
    expect(validateCsvRows(sample, { ...priority, status: false })).toMatchObject({
      message: 'USPS Priority Mail is currently unavailable',
    });
  });

  it('counts skipped blank rows in the numbering', () => {
    const withBlank = [sample[0]!, sample[1]!, ['', ''], sample[2]!];
    const result = validateCsvRows(withBlank, priority);
    expect(result.ok && result.orders.map((o) => o.row)).toEqual([2, 4]);
  });

  it('finds the one bad row among 5,000', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [...sample[1 + (i % 2)]!]);
    rows[3120]![CSV_COLUMNS.indexOf('ToZip')] = '1234567890';
    const result = validateCsvRows([sample[0]!, ...rows], priority);
    expect(result).toMatchObject({
      ok: false,
      badRows: 1,
      errors: [{ row: 3122, field: 'ToZip', message: 'To ZIP Code must be 5 digits or ZIP+4 (12345-6789)' }],
    });
  });
});
