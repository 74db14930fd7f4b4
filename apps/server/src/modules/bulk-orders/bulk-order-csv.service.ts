import {
  ADDRESS_CONFIRM_MESSAGE,
  holdsForConfirmation,
  createOrderFromCsvFields,
  CSV_MAX_REPORTED_ERRORS,
  dollarsToCents,
  type CreateBulkOrderResponse,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { parseFields, type MultipartForm } from '../../lib/multipart-form.ts';
import { mapInTransaction, type InTransaction } from '../purchases/purchases.service.ts';
import { createBulkOrder, type CreatedBulkOrder } from './bulk-orders.service.ts';
import { readAddressCheckMode } from '../address-check/address-check.service.ts';
import { checkCsvUpload } from './validate-csv.service.ts';

/**
 * POST /order/createOrderFromCSV: the file is parsed and validated again with the same code as
 * POST /order/validatecsv (nothing from the client is trusted), then bought as one bulk order.
 */
export async function createBulkOrderFromCsv(
  ctx: AppContext,
  {
    userId,
    form,
    inTransaction,
  }: {
    userId: string;
    form: MultipartForm;
    inTransaction?: InTransaction<CreateBulkOrderResponse> | undefined;
  },
): Promise<CreateBulkOrderResponse> {
  const labelTypeId = form.fields.type ?? form.fields.labeltype ?? form.fields.labelType;
  if (!labelTypeId?.trim()) throw AppError.fieldError('type', 'Please select LabelType');
  if (!form.file) throw AppError.fieldError('csv', 'Please select CSV file');
  const fields = parseFields(createOrderFromCsvFields, { ...form.fields, type: labelTypeId });
  const checked = await checkCsvUpload(ctx, {
    userId,
    csv: form.file.data,
    labelTypeId: fields.type,
    design: fields.design,
  });
  // A file with address warnings (confirm mode) or with some the check could not correct (correct mode)
  // is bought only once the reseller chose "Buy anyway".
  const isAccepted = form.fields.acceptAddressWarnings === 'true';
  if (
    checked.warnings.length > 0 &&
    !isAccepted &&
    holdsForConfirmation(await readAddressCheckMode(ctx, userId), checked.warnings)
  )
    throw new AppError('UNPROCESSABLE', ADDRESS_CONFIRM_MESSAGE, {
      warnings: checked.warnings.slice(0, CSV_MAX_REPORTED_ERRORS),
    });
  const result = await createBulkOrder(ctx, {
    userId,
    labelTypeId: fields.type,
    lines: checked.orders.map(({ row, order }) => ({ row, order })),
    source: 'csv',
    design: fields.design ?? null,
    expectedTotalCents: dollarsToCents(fields.total_price),
    upload: { fileName: form.file.filename || 'orders.csv', content: form.file.data },
    inTransaction: mapInTransaction(inTransaction, csvOrderCreated),
  });
  return csvOrderCreated(result);
}

const csvOrderCreated = (result: CreatedBulkOrder): CreateBulkOrderResponse => {
  const n = result.bulkOrder.totalOrders;
  return {
    message: `CSV order created successfully: ${n.toLocaleString('en-US')} ${n === 1 ? 'label is' : 'labels are'} being generated`,
    ...result,
  };
};
