import { and, asc, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { TrackingStatus } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import { labelTypes, orders, refundRequests } from '../../db/schema.ts';
import type { ListedOrder, OrderListFilter } from '../orders/order-records.service.ts';
import { withType } from '../purchases/purchases.service.ts';

/**
 * The reseller's history filtered by tracking status (`GET /order/read?trackingStatus=`), on the
 * (reseller, tracking status, created, number) index of migration 0030; the other filters as the
 * history's. Read directly, not from the remembered pages: the dashboard's filter is a narrower,
 * rarer view.
 */
export async function listOrdersByTracking(
  db: DbOrTx,
  filter: OrderListFilter & { trackingStatus: TrackingStatus },
): Promise<{ rows: ListedOrder[]; total: number }> {
  const where: SQL[] = [eq(orders.userId, filter.userId), eq(orders.trackingStatus, filter.trackingStatus)];
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.tsQuery) where.push(sql`${orders.searchVector} @@ to_tsquery('simple', ${filter.tsQuery})`);
  const order = filter.sort === 'asc' ? asc : desc;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...withType, refundRequest: getTableColumns(refundRequests) })
      .from(orders)
      .innerJoin(labelTypes, eq(labelTypes.id, orders.labelTypeId))
      .leftJoin(refundRequests, eq(refundRequests.orderId, orders.id))
      .where(and(...where))
      .orderBy(order(orders.createdAt), order(orders.orderNumber))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(...where)),
  ]);
  return { rows: rows as ListedOrder[], total: totals?.n ?? 0 };
}
