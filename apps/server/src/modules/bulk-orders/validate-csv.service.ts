import {
  correctCsvRecords,
  CSV_MAX_REPORTED_ERRORS,
  formatUsd,
  validateCsvRows,
  type CsvValidation,
  type ValidateCsvResponse,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { parseCsv } from '../../csv/parse-csv.ts';
import { csvToString } from '../../csv/write-csv.ts';
import { AppError } from '../../errors.ts';
import { readAddressCheckMode } from '../address-check/address-check.service.ts';
import { usZipDirectory } from '../../lib/zip-table.ts';
import {
  insuranceRuleOf,
  requireLabelType,
  ruleInfoOf,
  toLabelTypeView,
} from '../label-types/label-types.service.ts';

export type CsvUploadInput = {
  userId: string;
  csv: Uint8Array | null;
  labelTypeId: string | undefined;
  design?: string;
};

/**
 * Parses and validates an uploaded bulk CSV for a label type with the single-order rules.
 * Returns the valid orders with their total; a file with bad rows is a 400 listing them (capped).
 */
export async function checkCsvUpload(
  ctx: AppContext,
  input: CsvUploadInput,
): Promise<Extract<CsvValidation, { ok: true }> & { records: string[][] }> {
  if (!input.labelTypeId?.trim()) throw AppError.fieldError('labeltype', 'Please select LabelType');
  if (!input.csv) throw AppError.fieldError('csv', 'Please select CSV file');
  const type = await requireLabelType(ctx.db, input.labelTypeId.trim(), input.userId);
  const { records } = parseCsv(input.csv);
  const labelType = {
    ...ruleInfoOf(type),
    prices: toLabelTypeView(type).prices,
    insurance: insuranceRuleOf(type),
  };
  const mode = await readAddressCheckMode(ctx, input.userId);
  const result = validateCsvRows(records, labelType, {
    design: input.design || undefined,
    addressCheck: { directory: usZipDirectory(), mode },
  });
  if (result.ok) return { ...result, records: records as string[][] };
  const shown = result.errors.slice(0, CSV_MAX_REPORTED_ERRORS);
  const more = result.errors.length - shown.length;
  const message =
    more > 0
      ? `${result.message} The list shows the first ${shown.length} of ${result.errors.length} problems.`
      : result.message;
  throw new AppError('BAD_REQUEST', message, { errors: shown });
}

/** POST /order/validatecsv: the answer for a valid file. */
export async function validateCsvUpload(
  ctx: AppContext,
  input: CsvUploadInput,
): Promise<ValidateCsvResponse> {
  const result = await checkCsvUpload(ctx, input);
  const rows = result.orders.length;
  const noun = rows === 1 ? 'order' : 'orders';
  const n = result.warningRows;
  const doubts =
    n > 0 ? `; ${n.toLocaleString('en-US')} ${n === 1 ? 'row has' : 'rows have'} address warnings` : '';
  return {
    message: `CSV is valid: ${rows.toLocaleString('en-US')} ${noun}, total ${formatUsd(result.totalPrice)}${doubts}`,
    totalPrice: result.totalPrice,
    rows,
    ignoredColumns: result.ignoredColumns,
    ...(n > 0 ? { warnings: result.warnings.slice(0, CSV_MAX_REPORTED_ERRORS), warningRows: n } : {}),
  };
}

/** POST /order/validatecsv/corrected: the uploaded file with the address check's suggestions written in. */
export async function correctedCsvUpload(ctx: AppContext, input: CsvUploadInput): Promise<string> {
  const result = await checkCsvUpload(ctx, input);
  return csvToString(correctCsvRecords(result.records, result.warnings));
}
