import { isUuid, pageCount, pageOffset, type AdminOrderView, type AdminOrdersQuery } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { readOrderQuotes } from '../providers/providers.service.ts';
import { toAdminOrderView } from './admin-order-view.ts';
import { findAdminOrder, listAdminOrders } from './admin-orders.repository.ts';
import { toSearchQuery } from './search-query.ts';
import { readTrackingEvents } from './tracking-events.ts';

export { toResellerRef } from './admin-order-view.ts';

const DAY_MS = 24 * 60 * 60_000;
const orderNotFound = () => AppError.notFound('Order not found');

/** GET /admin/orders: every reseller's orders, newest first. */
export async function listOrdersForStaff(ctx: AppContext, query: AdminOrdersQuery) {
  const { rows, total } = await listAdminOrders(ctx.db, {
    tsQuery: toSearchQuery(query.search),
    resellerText: query.search || null,
    status: query.status === 'All' ? null : query.status,
    labelTypeId: isUuid(query.labelType) ? query.labelType : null,
    trackingStatus: query.trackingStatus ?? null,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    // The whole `to` day is included.
    to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    offset: pageOffset(query.page, query.limit),
    limit: query.limit,
  });
  const quotes = await readOrderQuotes(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    orders: rows.map((row) => toAdminOrderView(row, quotes.get(row.id))),
    totalPages: pageCount(total, query.limit),
    total,
  };
}

/** GET /admin/orders/{id}. */
export async function getOrderForStaff(ctx: AppContext, id: string): Promise<AdminOrderView> {
  const row = isUuid(id) ? await findAdminOrder(ctx.db, id) : null;
  if (!row) throw orderNotFound();
  const quotes = await readOrderQuotes(ctx.db, [row.id]);
  return {
    ...toAdminOrderView(row, quotes.get(row.id)),
    trackingEvents: await readTrackingEvents(ctx.db, row.id),
  };
}
