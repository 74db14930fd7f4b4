import { csvErrorResponse, validateCsvResponse, type ValidateCsvResponse } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

export type ValidateCsvInput = { csv: File; labelType: string; design?: string | undefined };
export type CsvRowError = { row?: number | undefined; field: string; message: string };

/** POST /order/validatecsv (multipart: csv, labeltype): the file's total price and row count. */
export async function validateCsv({
  csv,
  labelType,
  design,
}: ValidateCsvInput): Promise<ValidateCsvResponse> {
  const form = new FormData();
  form.append('labeltype', labelType);
  if (design) form.append('design', design);
  form.append('csv', csv, csv.name);
  return validateCsvResponse.parse(await api.post('/order/validatecsv', form));
}

/** The row problems of a 400 answer (row, column, reason), or none when the failure was about the whole file. */
export function rowErrorsOf(error: unknown): CsvRowError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const parsed = csvErrorResponse.safeParse(error.body);
  return parsed.success ? (parsed.data.errors ?? []).filter((e) => e.row !== undefined) : [];
}

// The page's panel shows the failure (and the rows); a toast would say it a second time.
export const useValidateCsv = () => useMutation({ mutationFn: validateCsv, meta: { inlineErrors: true } });
