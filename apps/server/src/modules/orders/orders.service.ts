import crypto from 'node:crypto';
import {
  centsToDollars,
  checkShipmentForLabelType,
  dollarsToCents,
  pageCount,
  pageOffset,
  PRICES_CHANGED_MESSAGE,
  type CreateOrderInput,
  type OrderListQuery,
  type OrderStats,
  type AddressWarning,
  type ShipmentAddresses,
  type OrderView,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { checkShipmentsBeforePurchase } from '../address-check/address-check.service.ts';
import { AppError } from '../../errors.ts';
import { requireLabelType, ruleInfoOf, unitPriceCents } from '../label-types/label-types.service.ts';
import { getSettings, settingOrDefault } from '../settings/settings.service.ts';
import { countTracking, readTrackingEvents } from '../tracking/tracking.service.ts';
import { listOrdersByTracking } from '../tracking/tracking-list.ts';
import {
  chooseLabelFile,
  labelContentType,
  labelFileName,
  labelFileOf,
  type AskedLabelFile,
} from './label-files.ts';
import { formatOrderId } from './ids.ts';
import { chargeAndInsert, mapInTransaction, type ChargeResult, type InTransaction } from './order-charge.ts';
import { toOrderView } from './order-view.ts';
import { refundableUntil, toRefundRequestView } from './refund-request-view.ts';
import { findRequestsOfOrders } from './refund-requests.repository.ts';
import { listOrdersCached } from './order-list.ts';
import { findOrderCounts, findOrderForUser, type NewOrderRow } from './orders.repository.ts';
import { toSearchQuery } from './search-query.ts';
import { shipmentColumns } from './shipment-columns.ts';

const orderNotFound = () => AppError.notFound('Order not found');

export type CreatedOrders = {
  message: string;
  orders: OrderView[];
  balance: number;
  warnings?: AddressWarning[];
};
export type DuplicatedOrder = {
  message: string;
  order: OrderView;
  balance: number;
  warnings?: AddressWarning[];
};

const createdOrders = (result: ChargeResult): CreatedOrders => ({
  message: 'Order created successfully',
  orders: result.orders.map((order) => toOrderView(order)),
  balance: centsToDollars(result.balanceCents),
});

const duplicatedOrder = (result: ChargeResult): DuplicatedOrder => ({
  message: 'Order duplicated successfully',
  order: toOrderView(result.orders[0]!),
  balance: centsToDollars(result.balanceCents),
});

const withWarnings = <T extends object>(answer: T, warnings: AddressWarning[]) =>
  warnings.length > 0 ? { ...answer, warnings } : answer;

type RowPlace = {
  fromCity: string;
  fromState: string;
  fromZip: string;
  fromCountry: string;
  toCity: string;
  toState: string;
  toZip: string;
  toCountry: string;
};
/** A stored order's two places, as the address check reads them, and back (correct mode may change them). */
const addressesOfRow = (row: RowPlace): ShipmentAddresses => ({
  FromCity: row.fromCity,
  FromState: row.fromState,
  FromZip: row.fromZip,
  FromCountry: row.fromCountry,
  ToCity: row.toCity,
  ToState: row.toState,
  ToZip: row.toZip,
  ToCountry: row.toCountry,
});
const rowColumnsOf = (a: ShipmentAddresses) => ({
  fromCity: a.FromCity,
  fromState: a.FromState,
  fromZip: a.FromZip,
  toCity: a.ToCity,
  toState: a.ToState,
  toZip: a.ToZip,
});

/**
 * POST /order/create: validates against the label type, checks the addresses, prices it and makes
 * `quantity` orders. `inTransaction` runs with the reply inside the charge's transaction.
 */
export async function createOrders(
  ctx: AppContext,
  {
    userId,
    input,
    source = 'app',
    isStrict,
    labelFile,
    reference,
    inTransaction,
  }: {
    userId: string;
    input: CreateOrderInput;
    source?: 'app' | 'api';
    /** API v2 `reference`: the caller's own, kept on each order. */
    reference?: string | undefined;
    /** API v2 `?address_check=strict`. */
    isStrict?: boolean | undefined;
    /** The label format its downloads give (API v2 `label_format`); absent, the reseller's default. */
    labelFile?: AskedLabelFile | undefined;
    inTransaction?: InTransaction<CreatedOrders> | undefined;
  },
): Promise<CreatedOrders> {
  const type = await requireLabelType(ctx.db, input.labelType, userId);
  const checked = checkShipmentForLabelType(input, ruleInfoOf(type));
  if (!checked.ok) throw new AppError('BAD_REQUEST', checked.errors[0]!.message, { errors: checked.errors });
  const unitCents = unitPriceCents(type, input.Weight);
  const {
    shipments: [o],
    warnings,
  } = await checkShipmentsBeforePurchase(
    ctx,
    {
      userId,
      labelTypeId: type.id,
      totalCents: unitCents * input.quantity,
      isStrict,
      mustConfirm: source === 'app',
      isAccepted: input.acceptAddressWarnings,
    },
    [{ shipment: checked.order }],
  );
  if (!o) throw new Error('the address check lost the shipment');
  const answer = (r: ChargeResult) => withWarnings(createdOrders(r), warnings);
  const batchId = crypto.randomUUID();
  const row: NewOrderRow = {
    batchId,
    userId,
    labelTypeId: type.id,
    priceCents: unitCents,
    ...shipmentColumns(o),
    signature: input.signature,
    source,
    labelFormat: labelFile?.format ?? null,
    labelDpi: labelFile?.dpi ?? null,
    reference: reference ?? null,
  };
  const quantity = input.quantity;
  // The price shown is the price charged: a total quoted before staff changed the prices is refused.
  if (input.expectedTotal !== undefined && dollarsToCents(input.expectedTotal) !== unitCents * quantity)
    throw new AppError('CONFLICT', PRICES_CHANGED_MESSAGE);
  const result = await chargeAndInsert(
    ctx,
    {
      userId,
      batchId,
      amountCents: unitCents * quantity,
      note: `${quantity} x ${type.name}`,
    },
    Array.from({ length: quantity }, () => row),
    mapInTransaction(inTransaction, answer),
  );
  return answer(result);
}

/**
 * POST /order/duplicate/{id}: the same shipment again, priced by today's rule for this reseller (their own
 * prices, the type's tiers and weight limit now), never the original's price (decision 266). With
 * `expectedPrice` (the unit price the reseller was shown), a price changed since is a 409.
 */
export async function duplicateOrder(
  ctx: AppContext,
  {
    userId,
    id,
    expectedPrice,
    isAccepted,
    inTransaction,
  }: {
    userId: string;
    id: string;
    expectedPrice?: number | undefined;
    /** "Buy anyway" for the duplicate's address warnings. */
    isAccepted?: boolean | undefined;
    inTransaction?: InTransaction<DuplicatedOrder> | undefined;
  },
): Promise<DuplicatedOrder> {
  const original = await findOrderForUser(ctx.db, userId, id);
  if (!original) throw orderNotFound();
  const type = await requireLabelType(ctx.db, original.labelTypeId, userId);
  const unitCents = unitPriceCents(type, original.weight);
  if (expectedPrice !== undefined && dollarsToCents(expectedPrice) !== unitCents)
    throw new AppError('CONFLICT', PRICES_CHANGED_MESSAGE);
  // The original may have been bought with a doubt ("Buy anyway", the API): a duplicate asks again.
  const {
    shipments: [place],
    warnings,
  } = await checkShipmentsBeforePurchase(
    ctx,
    { userId, labelTypeId: type.id, totalCents: unitCents, mustConfirm: true, isAccepted },
    [{ shipment: addressesOfRow(original) }],
  );
  if (!place) throw new Error('the address check lost the shipment');
  const batchId = crypto.randomUUID();
  const {
    id: _id,
    orderNumber: _n,
    trackingSerial: _s,
    createdAt: _c,
    updatedAt: _u,
    tracking: _t,
    labelFileId: _f,
    failureReason: _r,
    providerNote: _pn,
    voidNote: _vn,
    reference: _ref,
    labelTypeName: _ln,
    labelTypeUid: _lu,
    ...shipment
  } = original;
  const result = await chargeAndInsert(
    ctx,
    {
      userId,
      batchId,
      amountCents: unitCents,
      note: `Duplicate of ${formatOrderId(original.orderNumber)}`,
    },
    [
      {
        ...shipment,
        ...rowColumnsOf(place),
        priceCents: unitCents,
        batchId,
        status: 'pending',
        source: 'app',
      },
    ],
    mapInTransaction(inTransaction, (r) => withWarnings(duplicatedOrder(r), warnings)),
  );
  return withWarnings(duplicatedOrder(result), warnings);
}

/** GET /order/read: one page of the reseller's history, newest first unless `sort=asc`. */
export async function readOrders(
  ctx: AppContext,
  { userId, query }: { userId: string; query: OrderListQuery },
): Promise<{ orders: OrderView[]; totalPages: number; total: number }> {
  const filter = {
    userId,
    status: query.status === 'All' ? null : query.status,
    tsQuery: toSearchQuery(query.search),
    sort: query.sort,
    offset: pageOffset(query.page, query.limit),
    limit: query.limit,
  };
  const { trackingStatus } = query;
  const { rows, total, refundWindowDays } = trackingStatus
    ? {
        ...(await listOrdersByTracking(ctx.db, { ...filter, trackingStatus })),
        refundWindowDays: (await getSettings(ctx.db)).refundWindowDays,
      }
    : await listOrdersCached(ctx.db, filter).then((page) => ({
        ...page,
        refundWindowDays: settingOrDefault('refundWindowDays', page.facts.refundWindow ?? undefined),
      }));
  const now = Date.now();
  const orders = rows.map((row) => {
    const request = row.refundRequest;
    const until = refundableUntil(row.createdAt, refundWindowDays);
    const isRefundable = row.status === 'completed' && !request && until.getTime() > now;
    return toOrderView(row, {
      refundRequest: request ? toRefundRequestView(request) : null,
      refundableUntil: isRefundable ? until.toISOString() : null,
    });
  });
  return { orders, totalPages: pageCount(total, query.limit), total };
}

/**
 * GET /order/read/{id}: one of the reseller's orders as its history shows it, plus the tracking
 * timeline (the dashboard's order details).
 */
export async function readOrder(
  ctx: AppContext,
  { userId, id }: { userId: string; id: string },
): Promise<{ order: OrderView }> {
  const order = await findOrderForUser(ctx.db, userId, id);
  if (!order) throw orderNotFound();
  const [requests, { refundWindowDays }, trackingEvents] = await Promise.all([
    findRequestsOfOrders(ctx.db, [order.id]),
    getSettings(ctx.db),
    readTrackingEvents(ctx.db, order.id),
  ]);
  const request = requests.get(order.id);
  const until = refundableUntil(order.createdAt, refundWindowDays);
  const isRefundable = order.status === 'completed' && !request && until.getTime() > Date.now();
  return {
    order: {
      ...toOrderView(order, {
        refundRequest: request ? toRefundRequestView(request) : null,
        refundableUntil: isRefundable ? until.toISOString() : null,
      }),
      trackingEvents,
    },
  };
}

/** GET /order/stats: how many orders the reseller has, in total and per status. */
export async function readOrderStats(ctx: AppContext, { userId }: { userId: string }): Promise<OrderStats> {
  const [counts, tracking] = await Promise.all([
    findOrderCounts(ctx.db, userId),
    countTracking(ctx.db, userId),
  ]);
  return {
    total: counts.pending + counts.processing + counts.completed + counts.cancelled,
    ...counts,
    tracking,
  };
}

/** GET /order/download/{id}: the label PDF, only for the owner and only once completed. */
export async function downloadLabel(
  ctx: AppContext,
  { userId, id, asked = {} }: { userId: string; id: string; asked?: AskedLabelFile },
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const order = await findOrderForUser(ctx.db, userId, id);
  if (!order) throw orderNotFound();
  if (order.status !== 'completed' || !order.labelFileId || !order.tracking)
    throw new AppError('CONFLICT', 'Only completed orders can be downloaded');
  const choice = await chooseLabelFile(ctx, userId, asked, order);
  return {
    fileName: labelFileName(order.tracking, choice),
    contentType: labelContentType(choice),
    content: await labelFileOf(ctx, order, choice),
  };
}
