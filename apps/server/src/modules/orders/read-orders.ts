import { pageCount, pageOffset, type OrderListQuery, type OrderView } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { getSettings, settingOrDefault } from '../settings/settings.service.ts';
import { listOrdersByTracking } from '../tracking/tracking.service.ts';
import { listOrdersCached } from './order-list.ts';
import { toOrderView } from './order-view.ts';
import { refundableUntil, toRefundRequestView } from './refund-request-view.ts';
import { toSearchQuery } from './search-query.ts';

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
