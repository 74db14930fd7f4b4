import { pageCount, type CourierListQuery, type CourierListResponse } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { listCourierOrders } from './courier.repository.ts';
import { toCourierView } from './courier-view.ts';

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
