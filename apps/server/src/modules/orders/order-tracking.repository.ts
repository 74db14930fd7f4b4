import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { TrackingStatus } from '@portal/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { labelTypes, orders, refundRequests } from '../../db/schema.ts';
import type { ListedOrder, OrderListFilter } from './order-list.repository.ts';
import { withType } from '../purchases/purchases.service.ts';

// The order's tracking columns (`tracking_status`, `tracking_updated_at`): the tracking module decides what
// they become and writes them through the orders' service; the history and the dashboard read them here.

/** Locks the order's row for a tracking update and reads its status; null: no such order. */
export async function lockTrackingStatus(
  tx: Tx,
  orderId: string,
): Promise<{ trackingStatus: TrackingStatus | null } | null> {
  const [locked] = await tx
    .select({ trackingStatus: orders.trackingStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return locked ?? null;
}

/** Stores the order's tracking status after news, stamped now. */
export async function setTrackingStatus(
  tx: Tx,
  orderId: string,
  status: TrackingStatus | null,
): Promise<void> {
  await tx
    .update(orders)
    .set({ trackingStatus: status, trackingUpdatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/** What a look at an order's tracking needs to know of the order, its label type's uid among it. */
export async function findTrackedOrder(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({
      status: orders.status,
      trackingStatus: orders.trackingStatus,
      tracking: orders.tracking,
      providerId: orders.providerId,
      from: { city: orders.fromCity, state: orders.fromState },
      to: { city: orders.toCity, state: orders.toState },
      labelTypeUid: labelTypes.uid,
    })
    .from(orders)
    .innerJoin(labelTypes, eq(labelTypes.id, orders.labelTypeId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

export type TrackingCounts = { inTransit: number; delivered: number; problems: number };

/** The dashboard's tracking counts of a reseller's completed orders. */
export async function countTracking(db: DbOrTx, userId: string): Promise<TrackingCounts> {
  const [row] = await db
    .select({
      inTransit:
        sql<number>`count(*) FILTER (WHERE ${orders.trackingStatus} IN ('in_transit', 'out_for_delivery', 'available_for_pickup'))`.mapWith(
          Number,
        ),
      delivered: sql<number>`count(*) FILTER (WHERE ${orders.trackingStatus} = 'delivered')`.mapWith(Number),
      problems:
        sql<number>`count(*) FILTER (WHERE ${orders.trackingStatus} IN ('return_to_sender', 'failure'))`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'completed'),
        inArray(orders.trackingStatus, [...COUNTED]),
      ),
    );
  return row ?? { inTransit: 0, delivered: 0, problems: 0 };
}

const COUNTED = [
  'in_transit',
  'out_for_delivery',
  'available_for_pickup',
  'delivered',
  'return_to_sender',
  'failure',
] as const;

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
