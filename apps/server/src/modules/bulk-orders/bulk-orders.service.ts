import crypto from 'node:crypto';
import {
  BULK_DUPLICATE_WINDOW_SECONDS,
  BULK_MESSAGES,
  centsToDollars,
  CSV_MAX_ROWS,
  dollarsToCents,
  type BulkOrderView,
  type CsvOrder,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { insurancePriceCents, requireLabelType, unitPriceCents } from '../label-types/label-types.service.ts';
import { insertOrderItems } from '../orders/orders.service.ts';
import {
  boughtBy,
  chargePurchase,
  type InTransaction,
  type NewOrderRow,
} from '../purchases/purchases.service.ts';
import { shipmentColumns } from '../orders/orders.service.ts';
import { toBulkOrderView } from './bulk-order-view.ts';
import {
  countStatuses,
  findBulkOrderForUser,
  findDuplicate,
  insertBulkOrder,
  insertBulkOrderLines,
  lockBulkSubmissions,
} from './bulk-orders.repository.ts';
import type { AskedLabelFile } from '../orders/orders.service.ts';

/** One already validated order of a bulk purchase and where it came from (spreadsheet row, or position). */
export type BulkOrderLine = { row: number; order: CsvOrder };

export type CreateBulkOrderInput = {
  userId: string;
  labelTypeId: string;
  lines: readonly BulkOrderLine[];
  source: 'csv' | 'api';
  /** The Template chosen for the whole purchase (priority), recorded on the bulk order. */
  design?: string | null | undefined;
  /** The total the buyer saw (cents): a different server total is refused, the buyer validates again. */
  expectedTotalCents?: number | undefined;
  /** The label format its downloads give (API v2 `label_format`); absent, the reseller's default. */
  labelFile?: AskedLabelFile | undefined;
  /** The uploaded file, kept for the results CSV. */
  upload?: { fileName: string; content: Uint8Array } | undefined;
  /** Runs with the result inside the charge's transaction (the Idempotency-Key's reply, decision 152). */
  inTransaction?: InTransaction<CreatedBulkOrder> | undefined;
};

export type CreatedBulkOrder = { bulkOrder: BulkOrderView; balance: number };

const toOrderRow = (
  order: CsvOrder,
  ids: { id: string; batchId: string; userId: string; labelTypeId: string },
  priceCents: number,
  source: 'app' | 'api',
  labelFile: AskedLabelFile | undefined,
  insuranceCents: number,
): NewOrderRow & { id: string } => ({
  ...ids,
  priceCents,
  ...shipmentColumns(order),
  signature: false,
  source,
  labelFormat: labelFile?.format ?? null,
  labelDpi: labelFile?.dpi ?? null,
  ...(order.insuredValue === undefined
    ? {}
    : { insuredValueCents: dollarsToCents(order.insuredValue), insuranceCents }),
});

/**
 * Buys a bulk order: prices every line from the label type (the server's total is the one charged),
 * then in one transaction refuses a double submit, charges the whole total once (`charge:bulk:<id>`),
 * inserts one order per line and queues their label jobs, which commit with the orders or not at all.
 * Labels that fail later are cancelled and refunded one by one by the label job. The result is read
 * inside the transaction, so the reply stored by `inTransaction` is exactly the one returned.
 */
export async function createBulkOrder(
  ctx: AppContext,
  input: CreateBulkOrderInput,
): Promise<CreatedBulkOrder> {
  const { userId, lines } = input;
  if (lines.length === 0) throw new AppError('BAD_REQUEST', 'The bulk order has no orders.');
  if (lines.length > CSV_MAX_ROWS)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `A bulk order holds at most ${CSV_MAX_ROWS.toLocaleString('en-US')} orders. Split it into smaller ones.`,
    );
  const type = await requireLabelType(ctx.db, input.labelTypeId, userId);
  const bulkId = crypto.randomUUID();
  let totalCents = 0;
  const rows = lines.map(({ row, order }) => {
    let priceCents: number;
    let insuranceCents: number;
    try {
      // A declared value's insurance is part of the label's price, charged in the one entry (decision 330).
      insuranceCents = insurancePriceCents(type, order.insuredValue);
      priceCents = unitPriceCents(type, order.Weight) + insuranceCents;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError('BAD_REQUEST', `Row ${row}: ${error.message}`, {
        errors: (error.errors ?? []).map((e) => ({ ...e, row })),
      });
    }
    totalCents += priceCents;
    const ids = { id: crypto.randomUUID(), batchId: bulkId, userId, labelTypeId: type.id };
    return {
      rowNumber: row,
      order: toOrderRow(
        order,
        ids,
        priceCents,
        input.source === 'api' ? 'api' : 'app',
        input.labelFile,
        insuranceCents,
      ),
      items: order.items,
    };
  });
  const contentHash = crypto
    .createHash('sha256')
    .update(JSON.stringify([type.id, input.design ?? null, lines]))
    .digest('hex');

  // The uploaded CSV is written before the transaction that records it (decision 335).
  const upload = input.upload
    ? await ctx.files.stage([
        { userId, name: input.upload.fileName, contentType: 'text/csv', content: input.upload.content },
      ])
    : null;
  return chargePurchase<CreatedBulkOrder>(
    ctx,
    {
      userId,
      sourceKey: `charge:bulk:${bulkId}`,
      amountCents: totalCents,
      note: `Bulk order: ${lines.length} x ${type.name}`,
      what: 'bulk order',
    },
    {
      before: async (tx) => {
        await lockBulkSubmissions(tx, userId);
        // A CSV re-submitted within the window is the spec's double submit; API clients send an
        // Idempotency-Key instead and may buy the same rows again on purpose.
        const duplicate =
          input.source === 'csv' &&
          (await findDuplicate(tx, {
            userId,
            contentHash,
            windowSeconds: BULK_DUPLICATE_WINDOW_SECONDS,
          }));
        if (duplicate) throw new AppError('CONFLICT', BULK_MESSAGES.alreadySent);
        if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totalCents)
          throw AppError.fieldError('total_price', BULK_MESSAGES.totalChanged);
      },
      insert: async (tx, balanceCents, buyer) => {
        const inputFileId = upload ? (await ctx.files.record(upload, tx))[0]! : null;
        await insertBulkOrder(tx, {
          id: bulkId,
          userId,
          labelTypeId: type.id,
          source: input.source,
          design: input.design ?? null,
          totalOrders: lines.length,
          totalCents,
          inputFileId,
          fileName: input.upload?.fileName ?? null,
          contentHash,
          ...boughtBy(buyer),
        });
        await insertBulkOrderLines(
          tx,
          bulkId,
          rows.map((r) => ({ ...r, order: { ...r.order, ...boughtBy(buyer) } })),
        );
        await insertOrderItems(
          tx,
          rows.flatMap((r) => (r.items?.length ? [{ orderId: r.order.id, items: r.items }] : [])),
        );
        return {
          result: {
            bulkOrder: await bulkOrderViewOf(tx, userId, bulkId),
            balance: centsToDollars(balanceCents),
          },
          orderIds: rows.map((r) => r.order.id),
        };
      },
      inTransaction: input.inTransaction,
    },
  );
}

export const bulkOrderNotFound = () => AppError.notFound('Bulk order not found');

async function bulkOrderViewOf(db: DbOrTx, userId: string, id: string): Promise<BulkOrderView> {
  const bulk = await findBulkOrderForUser(db, userId, id);
  if (!bulk) throw bulkOrderNotFound();
  const counts = await countStatuses(db, [bulk.id]);
  return toBulkOrderView(bulk, counts.get(bulk.id)!);
}

export const requireBulkOrderView = (ctx: AppContext, userId: string, id: string): Promise<BulkOrderView> =>
  bulkOrderViewOf(ctx.db, userId, id);
