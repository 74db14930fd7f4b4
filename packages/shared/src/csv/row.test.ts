import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from './columns.ts';
import { mapHeaders } from './header-map.ts';
import {
  isBlankRow,
  normalizeCountryCell,
  normalizeStateCell,
  normalizeZipCell,
  rowToOrderInput,
} from './row.ts';
import { SAMPLE_CSV } from './sample.ts';

describe('normalizeZipCell', () => {
  it('restores the leading zeros Excel drops from US ZIP codes', () => {
    expect(normalizeZipCell('2134', 'US')).toBe('02134');
    expect(normalizeZipCell('601', 'US')).toBe('00601');
    expect(normalizeZipCell('21341234', 'US')).toBe('02134-1234');
    expect(normalizeZipCell('2134-1234', 'US')).toBe('02134-1234');
  });

  it('keeps whole ZIPs, ZIP+4 and Canadian postal codes as written', () => {
    expect(normalizeZipCell('78704', 'US')).toBe('78704');
    expect(normalizeZipCell('02108-3704', 'US')).toBe('02108-3704');
    expect(normalizeZipCell('k1a 0b1', 'CA')).toBe('K1A 0B1');
    expect(normalizeZipCell('12', 'US')).toBe('12');
  });
});

describe('normalizeCountryCell and normalizeStateCell', () => {
  it('reads the usual spellings', () => {
    expect(normalizeCountryCell('')).toBe('US');
    expect(normalizeCountryCell('United States')).toBe('US');
    expect(normalizeCountryCell('U.S.A.')).toBe('US');
    expect(normalizeCountryCell('Canada')).toBe('CA');
    expect(normalizeCountryCell('Mexico')).toBe('Mexico');
    expect(normalizeStateCell('tx')).toBe('TX');
    expect(normalizeStateCell('New  York')).toBe('NY');
    expect(normalizeStateCell('Ontario')).toBe('ON');
  });
});

describe('rowToOrderInput', () => {
  it('uses the single-order field names', () => {
    const [header, first] = SAMPLE_CSV.trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const input = rowToOrderInput(first!, mapHeaders(header!));
    expect(input).toMatchObject({
      FromName: 'Jordan Avery',
      FromStreet: '1200 Barton Springs Rd',
      FromStreet2: 'Suite 210',
      FromCountry: 'US',
      ToName: 'Maria Gonzalez',
      ToStreet2: 'Apt 3B',
      ToState: 'FL',
      ToZip: '33101',
      Weight: 2.5,
      Length: 10,
    });
  });

  it('trims cells, keeps text that is not a number for the validator, and fills absent columns', () => {
    const mapping = mapHeaders(['to name', 'Weight', 'Height']);
    const input = rowToOrderInput(['  Ana  ', '2 lbs', ''], mapping);
    expect(input.ToName).toBe('Ana');
    expect(input.Weight).toBe('2 lbs');
    expect(input.Height).toBeUndefined();
    expect(input.FromStreet2).toBe('');
    expect(input.ToCountry).toBe('US');
  });

  it('skips rows that are blank', () => {
    expect(isBlankRow(['', '  ', ''])).toBe(true);
    expect(isBlankRow(['', 'x'])).toBe(false);
    expect(CSV_COLUMNS).toHaveLength(22);
  });
});
