import { ALL_REGIONS } from '../regions.ts';
import { ITEM_CSV_COLUMNS, type CsvColumn } from './columns.ts';
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
type ExtraField = 'InsuredValue' | 'ItemSku' | 'ItemTitle' | 'ItemQty';
export type CsvOrderField = `From${AddressField}` | `To${AddressField}` | PackageField | ExtraField;

/** A CSV row in single-order shape: address parts as strings, sizes as numbers when they read as one. */
export type CsvOrderInput = Record<`From${AddressField}` | `To${AddressField}`, string> &
  Record<PackageField, number | string | undefined> &
  Record<ExtraField, string>;

/** Order field -> the CSV column it comes from (FromStreet is written FromStreet1 in the file). */
export const CSV_COLUMN_OF_FIELD: Record<CsvOrderField, CsvColumn> = {
  ...sideColumns('From'),
  ...sideColumns('To'),
  Weight: 'Weight',
  Height: 'Height',
  Width: 'Width',
  Length: 'Length',
  InsuredValue: 'InsuredValue',
  ItemSku: 'ItemSku',
  ItemTitle: 'ItemTitle',
  ItemQty: 'ItemQty',
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

/** One cell, trimmed; line breaks inside a quoted cell (Alt+Enter in Excel) become spaces. */
function cellOf(cells: readonly string[], mapping: HeaderMapping, column: CsvColumn): string {
  const mapped = mapping.columns[column];
  const value = mapped ? cells[mapped.index] : undefined;
  if (!value) return '';
  return /\s\s|[\t\r\n]/.test(value) ? value.replace(/\s+/g, ' ').trim() : value.trim();
}

// Plain top-level functions and object literals: this runs once per row of files up to 10,000 rows.
function sideOf(cells: readonly string[], mapping: HeaderMapping, side: 'From' | 'To') {
  const country = normalizeCountryCell(cellOf(cells, mapping, `${side}Country`));
  return {
    Name: cellOf(cells, mapping, `${side}Name`),
    Company: cellOf(cells, mapping, `${side}Company`),
    Phone: cellOf(cells, mapping, `${side}Phone`),
    Street: cellOf(cells, mapping, `${side}Street1`),
    Street2: cellOf(cells, mapping, `${side}Street2`),
    City: cellOf(cells, mapping, `${side}City`),
    State: normalizeStateCell(cellOf(cells, mapping, `${side}State`)),
    Zip: normalizeZipCell(cellOf(cells, mapping, `${side}Zip`), country),
    Country: country,
  };
}

/** Turns the cells of one data row into the single-order field names and normal forms. */
export function rowToOrderInput(cells: readonly string[], mapping: HeaderMapping): CsvOrderInput {
  const from = sideOf(cells, mapping, 'From');
  const to = sideOf(cells, mapping, 'To');
  return {
    FromName: from.Name,
    FromCompany: from.Company,
    FromPhone: from.Phone,
    FromStreet: from.Street,
    FromStreet2: from.Street2,
    FromCity: from.City,
    FromState: from.State,
    FromZip: from.Zip,
    FromCountry: from.Country,
    ToName: to.Name,
    ToCompany: to.Company,
    ToPhone: to.Phone,
    ToStreet: to.Street,
    ToStreet2: to.Street2,
    ToCity: to.City,
    ToState: to.State,
    ToZip: to.Zip,
    ToCountry: to.Country,
    Weight: toNumber(cellOf(cells, mapping, 'Weight')),
    Height: toNumber(cellOf(cells, mapping, 'Height')),
    Width: toNumber(cellOf(cells, mapping, 'Width')),
    Length: toNumber(cellOf(cells, mapping, 'Length')),
    InsuredValue: cellOf(cells, mapping, 'InsuredValue'),
    ItemSku: cellOf(cells, mapping, 'ItemSku'),
    ItemTitle: cellOf(cells, mapping, 'ItemTitle'),
    ItemQty: cellOf(cells, mapping, 'ItemQty'),
  };
}

/**
 * A row that holds nothing but items (decision 330): it adds them to the order of the row above, as
 * shops export an order of several items.
 */
export const isItemsOnlyRow = (cells: readonly string[], mapping: HeaderMapping): boolean => {
  const items = new Set(ITEM_CSV_COLUMNS.map((c) => mapping.columns[c]?.index));
  let hasItem = false;
  for (let i = 0; i < cells.length; i += 1) {
    if ((cells[i] ?? '').trim() === '') continue;
    if (!items.has(i)) return false;
    hasItem = true;
  }
  return hasItem;
};

/** True when every cell is blank: spreadsheets export trailing empty rows, which are skipped. */
export const isBlankRow = (cells: readonly string[]): boolean => cells.every((c) => c.trim() === '');
