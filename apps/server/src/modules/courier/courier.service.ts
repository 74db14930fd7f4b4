import {
  dollarsToCents,
  pageCount,
  type CourierListQuery,
  type CourierListResponse,
  type CreateCourierOrderInput,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { StoredFile } from '../../files/index.ts';
import { AppError } from '../../errors.ts';
import { insufficientBalanceError, postLedgerEntry } from '../ledger/ledger.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import {
  findCourierOrder,
  insertCourierOrder,
  listCourierOrders,
  moveCourierOrder,
  type CourierOrderRow,
} from './courier.repository.ts';
import { courierEvent, toCourierView } from './courier-view.ts';

export const NOT_FOUND_MESSAGE = 'Courier order not found';

export const searchTextOf = (input: CreateCourierOrderInput): string =>
  [input.from, input.to]
    .flatMap((a) => [a.name, a.street, a.street2, a.city, a.state, a.zip, a.phone])
    .concat(input.specialNotes)
    .join(' ')
    .toLowerCase();

/** The charge for accepting a quote: one per order, whoever asks how often. */
export const chargeKey = (orderId: string) => `courier:${orderId}:charge`;
export const refundKey = (orderId: string) => `courier:${orderId}:refund`;

export async function createCourierOrder(
  ctx: AppContext,
  userId: string,
  input: CreateCourierOrderInput,
): Promise<CourierOrderRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await insertCourierOrder(tx, {
      userId,
      fromAddress: input.from,
      toAddress: input.to,
      weight: input.weight,
      length: input.length,
      width: input.width,
      height: input.height,
      weightUnit: input.weightUnit,
      dimensionUnit: input.dimensionUnit,
      specialNotes: input.specialNotes,
      searchText: searchTextOf(input),
    });
    await emitWebhookEvent(ctx, tx, courierEvent(row));
    return row;
  });
}

export async function readCourierOrders(
  ctx: AppContext,
  userId: string,
  query: CourierListQuery,
): Promise<CourierListResponse> {
  const { rows, total } = await listCourierOrders(
    ctx.db,
    { userId, search: query.search.toLowerCase() },
    query,
  );
  return {
    docs: rows.map((r) => toCourierView(r.order)),
    totalDocs: total,
    totalPages: pageCount(total, query.limit),
  };
}

/** The reseller's own order, or 404 (another reseller's id is indistinguishable from none). */
export async function ownCourierOrder(ctx: AppContext, userId: string, id: string): Promise<CourierOrderRow> {
  const row = await findCourierOrder(ctx.db, id);
  if (!row || row.userId !== userId) throw AppError.notFound(NOT_FOUND_MESSAGE);
  return row;
}

const notAwaiting = (row: CourierOrderRow) =>
  new AppError(
    'CONFLICT',
    `This order is ${row.status}; only an order Awaiting User Input can be accepted or rejected`,
  );

/**
 * Accept (In Process, charged the quoted price) or Reject (Cancelled) an order Awaiting User Input.
 * The move and the charge share one transaction: without the balance nothing changes.
 */
export async function updateCourierStatus(
  ctx: AppContext,
  userId: string,
  id: string,
  status: 'In Process' | 'Cancelled',
): Promise<string> {
  const current = await ownCourierOrder(ctx, userId, id);
  if (current.status !== 'Awaiting User Input') throw notAwaiting(current);
  const priceCents = current.priceCents ?? 0;
  try {
    await ctx.db.transaction(async (tx) => {
      const moved = await moveCourierOrder(tx, id, ['Awaiting User Input'], {
        status,
        ...(status === 'In Process' ? { chargedCents: priceCents } : {}),
      });
      if (!moved) throw notAwaiting((await findCourierOrder(tx, id)) ?? current);
      if (status === 'In Process') {
        await postLedgerEntry(tx, {
          userId,
          kind: 'order_charge',
          amountCents: -priceCents,
          sourceKey: chargeKey(id),
          note: `Overnight FedEx order ${id.slice(0, 8)}`,
        });
      }
      await emitWebhookEvent(ctx, tx, courierEvent(moved));
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
      throw await insufficientBalanceError(ctx.db, {
        userId,
        amountCents: priceCents,
        what: 'courier order',
      });
    }
    throw error;
  }
  return status === 'In Process' ? 'Order accepted' : 'Order rejected';
}

export async function downloadCourierFile(ctx: AppContext, userId: string, id: string): Promise<StoredFile> {
  const row = await ownCourierOrder(ctx, userId, id);
  if (row.status !== 'Completed' || !row.fileId) {
    throw AppError.notFound('This order has no file yet; it is available once Completed');
  }
  const file = await ctx.files.get(row.fileId);
  if (!file) throw AppError.notFound('The file of this order is no longer available');
  return file;
}

export const priceCentsOf = (price: number) => dollarsToCents(price);
