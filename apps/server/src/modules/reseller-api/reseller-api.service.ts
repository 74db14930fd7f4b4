import {
  checkCsvRow,
  isPriority,
  isUuid,
  type BulkOrderRowsQuery,
  type CreateBulkOrderResponse,
  type CreateOrderInput,
  type CsvOrderInput,
  type OrderView,
} from '@portal/shared';
import type { apiCreateBulkOrderBody, LabelDpi, LabelFormat } from '@portal/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requestRefund } from '../refunds/refund-requests.service.ts';
import { AppError, type FieldError } from '../../errors.ts';
import { readBulkOrder } from '../bulk-orders/bulk-orders-read.service.ts';
import {
  createBulkOrder,
  type BulkOrderLine,
  type CreatedBulkOrder,
} from '../bulk-orders/bulk-orders.service.ts';
import { checkShipmentsBeforePurchase } from '../address-check/address-check.service.ts';
import {
  labelTypeIdByUid,
  requireLabelType,
  ruleInfoOf,
  unitPriceCents,
} from '../label-types/label-types.service.ts';
import { findOrderForUser, readTrackingEvents, toOrderView } from '../orders/order-records.service.ts';
import { mapInTransaction, type InTransaction } from '../purchases/purchases.service.ts';
import {
  chooseLabelFile,
  createOrders,
  findOrdersByReference,
  quoteOrder,
  readOrderExtras,
  type CreatedOrders,
} from '../orders/orders.service.ts';
import { toApiBulkOrderView, toApiOrderView } from './api-views.ts';

const PACKAGE_FIELDS = new Set(['Weight', 'Height', 'Width', 'Length']);

/** A label type named by its `_id` or its uid (`ground_oz`); an unknown one fails like the app's. */
async function labelTypeIdOf(ctx: AppContext, labelType: string): Promise<string> {
  if (isUuid(labelType)) return labelType;
  return (await labelTypeIdByUid(ctx.db, labelType)) ?? labelType;
}

type ApiOrderCreated = Omit<CreatedOrders, 'orders'> & { orders: OrderView[] };

const apiOrderCreated = (created: CreatedOrders): ApiOrderCreated => ({
  ...created,
  orders: created.orders.map(toApiOrderView),
});

/** create-order's fields: the app's order, a ship date, the label file downloads give, a reference. */
type ApiOrderBody = CreateOrderInput & {
  Date?: string | undefined;
  label_format?: LabelFormat | undefined;
  label_dpi?: LabelDpi | undefined;
  reference?: string | undefined;
  insured_value?: number | undefined;
};

/** What an API purchase service is handed: the reseller, the body, whether warnings refuse it, the transaction hook. */
export type ApiPurchase<B, T> = {
  userId: string;
  body: B;
  isStrict?: boolean | undefined;
  inTransaction?: InTransaction<T> | undefined;
};

/** POST /order/create-order: the app's order creation, recorded as an API order. */
export async function createApiOrder(
  ctx: AppContext,
  { userId, body, isStrict, inTransaction }: ApiPurchase<ApiOrderBody, ApiOrderCreated>,
): Promise<ApiOrderCreated> {
  const {
    Date: _shipDate,
    label_format: format,
    label_dpi: dpi,
    reference,
    insured_value: insuredValue,
    ...input
  } = body;
  const labelType = await labelTypeIdOf(ctx, input.labelType);
  const created = await createOrders(ctx, {
    userId,
    input: { ...input, labelType, insuredValue: insuredValue ?? input.insuredValue },
    source: 'api',
    isStrict,
    labelFile: { format, dpi },
    reference,
    inTransaction: mapInTransaction(inTransaction, apiOrderCreated),
  });
  return apiOrderCreated(created);
}

/** POST /order/quote: create-order's price for the same fields, without buying (decision 332). */
export async function quoteApiOrder(
  ctx: AppContext,
  { userId, body }: { userId: string; body: ApiOrderBody },
) {
  const {
    Date: _shipDate,
    label_format: _format,
    label_dpi: _dpi,
    reference: _reference,
    insured_value: insuredValue,
    ...input
  } = body;
  // The quote prices the declared value's insurance as create-order charges it (decision 330).
  return quoteOrder(ctx, userId, {
    ...input,
    labelType: await labelTypeIdOf(ctx, input.labelType),
    insuredValue: insuredValue ?? input.insuredValue,
  });
}

/**
 * GET /order/read-orders?reference=: the reseller's orders created with that `reference`, one page
 * (decision 315): how a caller finds a purchase whose answer it lost after its Idempotency-Key expired.
 */
export async function readApiOrdersByReference(
  ctx: AppContext,
  { userId, reference }: { userId: string; reference: string },
) {
  const rows = await findOrdersByReference(ctx.db, userId, reference);
  const views = rows.map((row) => ({ ...toApiOrderView(toOrderView(row)), reference: row.reference }));
  // Always one page, an empty one too (decision 301).
  return { orders: views, totalPages: 1, total: views.length };
}

/** GET /order/read-order/{order_id}: one order of this reseller. */
export async function readApiOrder(ctx: AppContext, { userId, id }: { userId: string; id: string }) {
  const order = await findOrderForUser(ctx.db, userId, id);
  if (!order) throw AppError.notFound('Order not found');
  const choice = await chooseLabelFile(ctx, userId, {}, order);
  return {
    order: {
      ...toApiOrderView(toOrderView(order)),
      ...(await readOrderExtras(ctx.db, order)),
      reference: order.reference,
      trackingEvents: await readTrackingEvents(ctx.db, order.id),
      label_format: choice.format,
      label_dpi: choice.dpi,
    },
  };
}

/**
 * POST /order/refund-order/{order_id}: the app's refund request (staff decide; a rejected one may be
 * asked again), answered with the order as `read-order` shows it.
 */
export async function refundApiOrder(
  ctx: AppContext,
  { userId, id, reason }: { userId: string; id: string; reason: string | undefined },
) {
  await requestRefund(ctx, { userId, orderId: id, input: reason ? { reason } : {}, again: true });
  const { order } = await readApiOrder(ctx, { userId, id });
  return { message: `Refund of ${order.OrderId} requested`, order };
}

/** An order object of `data` as a CSV row: text fields as text (a numeric ZIP keeps its leading zero). */
const toRowInput = (data: Record<string, unknown>): CsvOrderInput =>
  Object.fromEntries(
    Object.entries(data).map(([k, v]) => {
      if (PACKAGE_FIELDS.has(k)) return [k, v];
      if (typeof v === 'number' && k.endsWith('Zip')) return [k, String(v).padStart(5, '0')];
      return [k, v === null || v === undefined ? '' : String(v)];
    }),
  ) as CsvOrderInput;

/**
 * POST /order/create-bulk-order: every order of `data` is checked like a CSV row (row = its position,
 * from 1), and any bad row refuses the whole purchase with every row's errors; nothing is charged.
 */
export async function createApiBulkOrder(
  ctx: AppContext,
  {
    userId,
    body,
    isStrict,
    inTransaction,
  }: ApiPurchase<z.output<typeof apiCreateBulkOrderBody>, CreateBulkOrderResponse>,
): Promise<CreateBulkOrderResponse> {
  const type = await requireLabelType(ctx.db, await labelTypeIdOf(ctx, body.labelType), userId);
  const rules = ruleInfoOf(type);
  if (!rules.status) throw new AppError('BAD_REQUEST', `${type.name} is currently unavailable`);
  const errors: FieldError[] = [];
  // The Template is chosen once for the whole bulk order; each row is then checked against it.
  const design = isPriority(type.uid) ? body.design?.toLowerCase() : undefined;
  if (isPriority(type.uid) && !design) errors.push({ field: 'design', message: 'Please select a Template' });
  const lines: BulkOrderLine[] = [];
  const badRows = new Set<number>();
  body.data.forEach((data, i) => {
    const row = i + 1;
    const { order, issues } = checkCsvRow(toRowInput(data), rules, design);
    for (const issue of issues) errors.push({ row, ...issue });
    if (order && issues.length === 0) lines.push({ row, order });
    else badRows.add(row);
  });
  if (errors.length > 0) {
    const n = badRows.size;
    const message =
      n > 0
        ? `${n} ${n === 1 ? 'order has' : 'orders have'} errors; nothing was charged.`
        : errors[0]!.message;
    throw new AppError('BAD_REQUEST', message, { errors });
  }
  const { shipments, warnings } = await checkShipmentsBeforePurchase(
    ctx,
    {
      userId,
      labelTypeId: type.id,
      totalCents: lines.reduce((sum, l) => sum + unitPriceCents(type, l.order.Weight), 0),
      isStrict,
    },
    lines.map((l) => ({ row: l.row, shipment: l.order })),
  );
  const answer = (createdBulk: CreatedBulkOrder) => {
    const created = apiBulkOrderCreated(createdBulk);
    return warnings.length > 0 ? { ...created, warnings } : created;
  };
  const result = await createBulkOrder(ctx, {
    userId,
    labelTypeId: type.id,
    lines: lines.map((l, i) => ({ row: l.row, order: shipments[i]! })),
    source: 'api',
    labelFile: { format: body.label_format, dpi: body.label_dpi },
    design,
    inTransaction: mapInTransaction(inTransaction, answer),
  });
  return answer(result);
}

const apiBulkOrderCreated = (result: CreatedBulkOrder): CreateBulkOrderResponse => {
  const n = result.bulkOrder.totalOrders;
  return {
    message: `Bulk order created successfully: ${n.toLocaleString('en-US')} ${n === 1 ? 'label is' : 'labels are'} being generated`,
    bulkOrder: toApiBulkOrderView(result.bulkOrder),
    balance: result.balance,
  };
};

/** GET /order/read-bulk-order/{bulkorder_id}: status, counts and each row's order. */
export async function readApiBulkOrder(
  ctx: AppContext,
  options: { userId: string; id: string; query: BulkOrderRowsQuery },
) {
  const result = await readBulkOrder(ctx, options);
  return {
    ...result,
    bulkOrder: toApiBulkOrderView(result.bulkOrder),
    orders: result.orders.map((o) => ({ ...o, pdf: o.pdf ? `/api/v2/order/download/${o._id}` : null })),
  };
}
