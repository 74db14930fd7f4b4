import { pageCount, pageOffset } from '@portal/shared';
import type { BulkOrderListQuery, BulkOrderRowsQuery, BulkOrderView, BulkRowResult } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { toBulkOrderView, toBulkRowResult } from './bulk-order-view.ts';
import { countStatuses, linesPage, listBulkOrders } from './bulk-orders.repository.ts';
import { requireBulkOrderView } from './bulk-orders.service.ts';

/** GET /order/read-bulk-orders: the reseller's bulk orders, newest first, each with its progress. */
export async function readBulkOrders(
  ctx: AppContext,
  { userId, query }: { userId: string; query: BulkOrderListQuery },
): Promise<{ orders: BulkOrderView[]; totalPages: number; total: number }> {
  const { rows, total } = await listBulkOrders(ctx.db, {
    userId,
    offset: pageOffset(query.page, query.limit),
    limit: query.limit,
  });
  const counts = await countStatuses(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    orders: rows.map((r) => toBulkOrderView(r, counts.get(r.id)!)),
    totalPages: pageCount(total, query.limit),
    total,
  };
}

/** GET /order/read-bulk-order/{id}: the bulk order and a page of per-row results in file order. */
export async function readBulkOrder(
  ctx: AppContext,
  { userId, id, query }: { userId: string; id: string; query: BulkOrderRowsQuery },
): Promise<{ bulkOrder: BulkOrderView; orders: BulkRowResult[]; totalPages: number; total: number }> {
  const bulkOrder = await requireBulkOrderView(ctx, userId, id);
  const status = query.status === 'All' ? null : query.status;
  const rows = await linesPage(ctx.db, {
    bulkOrderId: id,
    status,
    offset: pageOffset(query.page, query.limit),
    limit: query.limit,
  });
  // Each row is one order of the bulk's batch, so the progress counts are the row counts.
  const { pending, processing, completed, cancelled } = bulkOrder.progress;
  const total = status ? bulkOrder.progress[status] : pending + processing + completed + cancelled;
  return {
    bulkOrder,
    orders: rows.map(toBulkRowResult),
    totalPages: pageCount(total, query.limit),
    total,
  };
}
