import {
  bulkOrderListResponse,
  createBulkOrderResponse,
  csvErrorResponse,
  POLL_INTERVAL_MS,
  validateCsvResponse,
  type BulkOrderView,
  type ValidateCsvResponse,
} from '@portal/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ApiError, type DownloadedFile } from '../../../lib/api-client';
import { getParsed } from '../../../lib/api-query';
import { labelFileQuery, type LabelFileChoice } from '../../../lib/label-format';
import { idempotencyHeader } from '../../../lib/purchase-guard';
import { queryKeys } from '../../../lib/query-keys';
import { saveFile } from '../../../lib/save-file';
import { useAfterCharge } from '../../../lib/session';

export type BulkOrderList = z.infer<typeof bulkOrderListResponse>;
export const BULK_PAGE_SIZE = 10;

/** GET /order/read-bulk-orders?page&limit: the reseller's CSV orders, newest first. */
export const getBulkOrders = async (page: number): Promise<BulkOrderList> =>
  getParsed(bulkOrderListResponse, '/order/read-bulk-orders', { page, limit: BULK_PAGE_SIZE });

/** While any bulk order still has labels to make, ask again every 5 seconds (spec section 4). */
export const pollWhileProcessing = (orders: BulkOrderView[] | undefined): number | false =>
  orders?.some((order) => order.status !== 'Completed') ? POLL_INTERVAL_MS : false;

export const bulkOrderQueries = {
  page: (page: number) =>
    queryOptions({
      queryKey: queryKeys.bulkOrders.page(page),
      queryFn: () => getBulkOrders(page),
      placeholderData: keepPreviousData,
      refetchInterval: (query) => pollWhileProcessing(query.state.data?.orders),
    }),
};

export const useBulkOrders = (page: number) => useQuery(bulkOrderQueries.page(page));

export type ValidateCsvInput = { csv: File; labelType: string; design?: string | undefined };
export type CsvRowError = { row?: number | undefined; field: string; message: string };

/** The multipart body of a validation (csv, labeltype, design): the corrected copy takes the same. */
const csvForm = ({ csv, labelType, design }: ValidateCsvInput) => {
  const form = new FormData();
  form.append('labeltype', labelType);
  if (design) form.append('design', design);
  form.append('csv', csv, csv.name);
  return form;
};

/** POST /order/validatecsv (multipart: csv, labeltype): the file's total price and row count. */
export const validateCsv = async (input: ValidateCsvInput): Promise<ValidateCsvResponse> =>
  validateCsvResponse.parse(await api.post('/order/validatecsv', csvForm(input)));

/** The row problems of a 400 answer (row, column, reason), or none when the failure was about the whole file. */
export function rowErrorsOf(error: unknown): CsvRowError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const parsed = csvErrorResponse.safeParse(error.body);
  return parsed.success ? (parsed.data.errors ?? []).filter((e) => e.row !== undefined) : [];
}

// The page's panel shows the failure (and the rows); a toast would say it a second time.
export const useValidateCsv = () => useMutation({ mutationFn: validateCsv, meta: { inlineErrors: true } });

/** POST /order/validatecsv/corrected: the same file with the address check's suggestions written in. */
export async function downloadCorrectedCsv(input: ValidateCsvInput): Promise<void> {
  const file = await api.post<DownloadedFile>('/order/validatecsv/corrected', csvForm(input), {
    responseType: 'file',
  });
  saveFile(file.blob, file.fileName ?? 'orders-corrected.csv');
}

export type CreateBulkOrderInput = {
  csv: File;
  labelType: string;
  /** The total the validation answered; the server refuses the purchase if its own total differs. */
  totalPrice: number;
  design?: string | undefined;
  /** The validation's address warnings were shown and the reseller chose "Buy anyway". */
  acceptAddressWarnings?: boolean | undefined;
  idempotencyKey: string;
};

/** POST /order/createOrderFromCSV (multipart: csv, type, total_price, design): charges and queues the labels. */
export async function createBulkOrder(input: CreateBulkOrderInput) {
  const { csv, labelType, totalPrice, design, acceptAddressWarnings, idempotencyKey } = input;
  const form = new FormData();
  form.append('type', labelType);
  form.append('total_price', totalPrice.toFixed(2));
  if (design) form.append('design', design);
  if (acceptAddressWarnings) form.append('acceptAddressWarnings', 'true');
  form.append('csv', csv, csv.name);
  return createBulkOrderResponse.parse(
    await api.post('/order/createOrderFromCSV', form, { headers: idempotencyHeader(idempotencyKey) }),
  );
}

export const useCreateBulkOrder = () => {
  const afterCharge = useAfterCharge();
  return useMutation({
    mutationFn: createBulkOrder,
    // The header shows the balance after the charge straight away.
    onSuccess: ({ balance }) => afterCharge(balance, queryKeys.bulkOrders.all, queryKeys.orders.all),
  });
};

export type BulkFileKind = 'zip' | 'csv' | 'pdf' | 'slips' | 'pickList';

/**
 * Spec section 7: the labels as a zip, the rows with tracking as CSV, or one merged PDF; issue 46: the
 * labels each followed by its packing slip, and the pick list (CSV, by SKU).
 */
const PATHS: Record<BulkFileKind, string> = {
  zip: '/order/bulk-download',
  csv: '/order/bulk-download-csv',
  pdf: '/order/bulk-download-pdf',
  slips: '/order/bulk-download-pdf',
  pickList: '/order/pick-list',
};

const queryOf = (kind: BulkFileKind, choice: LabelFileChoice): string => {
  if (kind === 'pdf') return `?${labelFileQuery(choice)}`;
  // PNG images cannot carry slips: the merged PDF does.
  if (kind === 'slips')
    return `?${labelFileQuery(choice.format === 'png' ? { ...choice, format: 'pdf' } : choice)}&with=slips`;
  if (kind === 'pickList') return '?format=csv';
  return '';
};

/** `choice` is the format of the labels in one file (`pdf` kind), as on the dashboard's downloads. */
export type DownloadBulkFileInput = { id: string; kind: BulkFileKind; choice: LabelFileChoice };

/** GET /order/bulk-download{,-csv,-pdf}/{id}: fetched with the bearer header, saved under the server's name. */
export async function downloadBulkFile({ id, kind, choice }: DownloadBulkFileInput): Promise<void> {
  const file = await api.get<DownloadedFile>(
    `${PATHS[kind]}/${encodeURIComponent(id)}${queryOf(kind, choice)}`,
    { responseType: 'file' },
  );
  const extension = kind === 'pickList' ? 'csv' : kind === 'slips' ? 'pdf' : kind;
  saveFile(file.blob, file.fileName ?? `bulk-order-${id}.${extension}`);
}

export const useDownloadBulkFile = () => useMutation({ mutationFn: downloadBulkFile });
