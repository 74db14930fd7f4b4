import {
  checkShipmentAddresses,
  correctAddresses,
  type AddressCheckMode,
  type AddressWarning,
} from '../address-check/address-check.ts';
import type { ZipDirectory } from '../address-check/zip-directory.ts';
import { priceForWeight, type PriceTier } from '../pricing.ts';
import { dollarsToCents } from '../money.ts';
import type { LabelTypeRuleInfo } from '../schemas/order.ts';
import { mapHeaders, missingColumnsMessage, type HeaderMapping } from './header-map.ts';
import {
  insurancePrice,
  insuranceUnavailable,
  MAX_ORDER_ITEMS,
  type InsuranceRuleView,
} from '../shipping-extras.ts';
import { checkCsvItems, checkCsvRow, type CsvOrder } from './row-check.ts';
import {
  CSV_COLUMN_OF_FIELD,
  isBlankRow,
  isItemsOnlyRow,
  rowToOrderInput,
  type CsvOrderField,
} from './row.ts';

/**
 * What validation needs to know of the chosen label type: its rules, its price tiers (dollars) and its
 * insurance rule (absent or null: insured values are refused).
 */
export type CsvLabelType = LabelTypeRuleInfo & {
  prices: readonly PriceTier[];
  insurance?: InsuranceRuleView | undefined;
};

/** One problem in one row: spreadsheet row number (header = 1), the column as the user wrote it, the reason. */
export type CsvRowError = { row: number; field: string; message: string };

export type { CsvOrder } from './row-check.ts';
export type ValidCsvRow = { row: number; order: CsvOrder; unitPrice: number };

export type CsvValidation =
  | {
      ok: true;
      orders: ValidCsvRow[];
      totalPrice: number;
      ignoredColumns: string[];
      /** The address check's doubts, `field` named as the file's header; rows with any are counted. */
      warnings: AddressWarning[];
      warningRows: number;
    }
  | { ok: false; message: string; errors: CsvRowError[]; badRows: number };

export type CsvValidationOptions = {
  /** The priority Template chosen for the whole file; without it the Template rule is left to payment. */
  design?: string;
  /** The address check: the ZIP table and the reseller's mode (`correct` fixes the orders it returns). */
  addressCheck?: { directory: ZipDirectory; mode: AddressCheckMode } | undefined;
};

const fieldHeader = (mapping: HeaderMapping, path: readonly PropertyKey[]): string => {
  const first = path[0];
  if (typeof first !== 'string') return 'row';
  const column = CSV_COLUMN_OF_FIELD[first as CsvOrderField];
  if (!column) return first;
  return mapping.columns[column]?.header ?? column;
};

/**
 * Validates parsed CSV records (records[0] is the header) with the same rules as a single order
 * (`orderShipmentSchema` and `checkShipmentForLabelType`, see row-check.ts), and prices each valid row from the label
 * type's tiers. Blank rows are skipped but keep their number.
 */
export function validateCsvRows(
  records: readonly (readonly string[])[],
  labelType: CsvLabelType,
  options: CsvValidationOptions = {},
): CsvValidation {
  const [header, ...data] = records;
  if (!header || isBlankRow(header)) return fail('The CSV file is empty.', []);
  if (!labelType.status) return fail(`${labelType.name} is currently unavailable`, []);
  const mapping = mapHeaders(header);
  const missing = missingColumnsMessage(mapping.missing);
  if (missing) {
    const errors = mapping.missing.map((column) => ({ row: 1, field: column, message: 'Column is missing' }));
    return fail(missing, errors);
  }

  const orders: ValidCsvRow[] = [];
  const errors: CsvRowError[] = [];
  const warnings: AddressWarning[] = [];
  let warningRows = 0;
  let badRows = 0;
  let totalCents = 0;
  const check = options.addressCheck?.mode === 'off' ? undefined : options.addressCheck;
  /** The order an items-only row adds to: the row above's (null when that row was not an order). */
  let above: CsvOrder | null = null;
  /** The row above had errors: its items rows are left to it, and say nothing themselves. */
  let isAboveBad = false;
  data.forEach((cells, i) => {
    if (isBlankRow(cells)) return;
    const row = i + 2;
    if (isItemsOnlyRow(cells, mapping)) {
      if (isAboveBad) return;
      const items = checkCsvItems(rowToOrderInput(cells, mapping));
      const issue = !items.ok
        ? items.issue
        : !above
          ? { field: 'ItemSku', message: 'This items row has no order above it' }
          : (above.items?.length ?? 0) + items.items.length > MAX_ORDER_ITEMS
            ? { field: 'ItemSku', message: `An order lists at most ${MAX_ORDER_ITEMS} items` }
            : null;
      if (issue || !items.ok) {
        badRows += 1;
        if (issue) errors.push({ row, field: fieldHeader(mapping, [issue.field]), message: issue.message });
        return;
      }
      above!.items = [...(above!.items ?? []), ...items.items];
      return;
    }
    above = null;
    isAboveBad = false;
    const input = rowToOrderInput(cells, mapping);
    const { order, issues } = checkCsvRow(input, labelType, options.design);
    const rowErrors = new Map<string, string>();
    for (const issue of issues) {
      const field = fieldHeader(mapping, [issue.field]);
      if (!rowErrors.has(field)) rowErrors.set(field, issue.message);
    }
    const weight = order?.Weight ?? (typeof input.Weight === 'number' ? input.Weight : NaN);
    const priced = priceForWeight(labelType, weight);
    const insurance = order?.insuredValue ? insurancePrice(labelType.insurance, order.insuredValue) : 0;
    const unitPrice = priced.ok && insurance !== null ? dollarsToCents(priced.price + insurance) / 100 : null;
    const weightHeader = fieldHeader(mapping, ['Weight']);
    if (!priced.ok && !rowErrors.has(weightHeader)) rowErrors.set(weightHeader, priced.issue.message);
    if (insurance === null)
      rowErrors.set(fieldHeader(mapping, ['InsuredValue']), insuranceUnavailable(labelType.name));
    if (!order || unitPrice === null) {
      isAboveBad = true;
      badRows += 1;
      for (const [field, message] of rowErrors) errors.push({ row, field, message });
      return;
    }
    totalCents += dollarsToCents(unitPrice);
    if (!check) {
      orders.push({ row, order, unitPrice });
      above = order;
      return;
    }
    const found = checkShipmentAddresses(order, check.directory);
    if (found.length === 0) {
      orders.push({ row, order, unitPrice });
      above = order;
      return;
    }
    warningRows += 1;
    const fixed =
      check.mode === 'correct' ? correctAddresses(order, found) : { corrected: order, warnings: found };
    const header = (field: string) => fieldHeader(mapping, [field]);
    for (const w of fixed.warnings)
      warnings.push({
        ...w,
        row,
        field: header(w.field),
        ...(w.fix ? { fix: Object.fromEntries(Object.entries(w.fix).map(([f, v]) => [header(f), v])) } : {}),
      });
    orders.push({ row, order: fixed.corrected, unitPrice });
    above = fixed.corrected;
  });

  if (badRows > 0) {
    const noun = badRows === 1 ? 'row has' : 'rows have';
    return fail(`${badRows} ${noun} errors. Fix them and upload the file again.`, errors, badRows);
  }
  if (orders.length === 0) return fail('The CSV file has a header but no data rows.', []);
  return {
    ok: true,
    orders,
    totalPrice: totalCents / 100,
    ignoredColumns: mapping.unknownIgnored,
    warnings,
    warningRows,
  };
}

function fail(message: string, errors: CsvRowError[], badRows = 0) {
  return { ok: false as const, message, errors, badRows };
}
