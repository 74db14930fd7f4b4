import { ALL_REGIONS } from '../regions.ts';
import type { CsvColumn } from './columns.ts';
import type { HeaderMapping } from './header-map.ts';

/** The single-order field names (spec section 7, POST /order/create) that a CSV row fills. */
const ORDER_ADDRESS_FIELDS = [
  'Name',
  'Company',
  'Phone',
  'Street',
  'Street2',
  'City',
  'State',
  'Zip',
  'Country',
] as const;

type AddressField = (typeof ORDER_ADDRESS_FIELDS)[number];
type PackageField = 'Weight' | 'Height' | 'Width' | 'Length';
export type CsvOrderField = `From${AddressField}` | `To${AddressField}` | PackageField;

/** A CSV row in single-order shape: address parts as strings, sizes as numbers when they read as one. */
export type CsvOrderInput = Record<`From${AddressField}` | `To${AddressField}`, string> &
  Record<PackageField, number | string | undefined>;

/** Order field -> the CSV column it comes from (FromStreet is written FromStreet1 in the file). */
export const CSV_COLUMN_OF_FIELD: Record<CsvOrderField, CsvColumn> = {
  ...sideColumns('From'),
  ...sideColumns('To'),
  Weight: 'Weight',
  Height: 'Height',
  Width: 'Width',
  Length: 'Length',
};

function sideColumns<S extends 'From' | 'To'>(side: S): Record<`${S}${AddressField}`, CsvColumn> {
  const entries = ORDER_ADDRESS_FIELDS.map((f) => [
    `${side}${f}`,
    `${side}${f === 'Street' ? 'Street1' : f}`,
  ]);
  return Object.fromEntries(entries) as Record<`${S}${AddressField}`, CsvColumn>;
}

const COUNTRY_NAMES: Record<string, string> = {
  us: 'US',
  usa: 'US',
  unitedstates: 'US',
  unitedstatesofamerica: 'US',
  ca: 'CA',
  can: 'CA',
  canada: 'CA',
};
const REGION_BY_NAME = new Map(ALL_REGIONS.map((r) => [r.name.toLowerCase(), r.id]));

/** Empty means US (the spec's only origin country); common spellings become the ISO code. */
export const normalizeCountryCell = (value: string): string =>
  value === '' ? 'US' : (COUNTRY_NAMES[value.toLowerCase().replace(/[^a-z]/g, '')] ?? value);

/** State codes upper-cased; full names ("New York") become their code. */
export const normalizeStateCell = (value: string): string =>
  REGION_BY_NAME.get(value.toLowerCase().replace(/\s+/g, ' ')) ?? value.toUpperCase();

/**
 * Excel drops leading zeros from ZIP codes it reads as numbers (02134 -> 2134, 00601 -> 601); a US ZIP
 * of 3 or 4 digits can only be such a ZIP, so it gets its zeros back. ZIP+4 keeps its own form.
 */
export const normalizeZipCell = (value: string, country: string): string => {
  if (country !== 'US') return value.toUpperCase();
  if (/^\d{3,4}$/.test(value)) return value.padStart(5, '0');
  const dashed = /^(\d{3,5})[\s-](\d{4})$/.exec(value);
  if (dashed) return `${dashed[1]!.padStart(5, '0')}-${dashed[2]}`;
  if (/^\d{7,9}$/.test(value)) {
    const digits = value.padStart(9, '0');
    return `${digits.slice(0, 5)}-${digits.slice(5)}`;
  }
  return value;
};

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const toNumber = (value: string): number | string | undefined =>
  value === '' ? undefined : NUMBER.test(value) ? Number(value) : value;

/** Turns the cells of one data row into the single-order field names and normal forms. */
export function rowToOrderInput(cells: readonly string[], mapping: HeaderMapping): CsvOrderInput {
  const cell = (column: CsvColumn): string => {
    const mapped = mapping.columns[column];
    // Line breaks inside a quoted cell (Alt+Enter in Excel) become spaces.
    return mapped ? (cells[mapped.index] ?? '').replace(/\s+/g, ' ').trim() : '';
  };
  const side = <S extends 'From' | 'To'>(s: S) => {
    const country = normalizeCountryCell(cell(`${s}Country`));
    return {
      [`${s}Name`]: cell(`${s}Name`),
      [`${s}Company`]: cell(`${s}Company`),
      [`${s}Phone`]: cell(`${s}Phone`),
      [`${s}Street`]: cell(`${s}Street1`),
      [`${s}Street2`]: cell(`${s}Street2`),
      [`${s}City`]: cell(`${s}City`),
      [`${s}State`]: normalizeStateCell(cell(`${s}State`)),
      [`${s}Zip`]: normalizeZipCell(cell(`${s}Zip`), country),
      [`${s}Country`]: country,
    } as Record<`${S}${AddressField}`, string>;
  };
  return {
    ...side('From'),
    ...side('To'),
    Weight: toNumber(cell('Weight')),
    Height: toNumber(cell('Height')),
    Width: toNumber(cell('Width')),
    Length: toNumber(cell('Length')),
  };
}

/** True when every cell is blank: spreadsheets export trailing empty rows, which are skipped. */
export const isBlankRow = (cells: readonly string[]): boolean => cells.every((c) => c.trim() === '');
