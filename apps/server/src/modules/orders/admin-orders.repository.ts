import type { TrackingStatus } from '@portal/shared';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { labelTypes, orderStats, orders, providers, users } from '../../db/schema.ts';
import { withType, type OrderStatus, type OrderWithType } from '../purchases/purchases.service.ts';
import { findRequestsOfOrders, type RefundRequestRow } from './refund-requests.repository.ts';

export type Reseller = { id: string; discordId: string; username: string };
export type AdminOrderRow = OrderWithType & {
  reseller: Reseller;
  provider: { id: string; name: string; kind: string } | null;
  request: RefundRequestRow | null;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const adminOrderColumns = {
  ...withType,
  reseller: { id: users.id, discordId: users.discordId, username: users.username },
  provider: { id: providers.id, name: providers.name, kind: providers.kind },
};

export type AdminOrderFilter = {
  /** A `to_tsquery('simple', ...)` text (OrderId, names, tracking), or null. */
  tsQuery: string | null;
  /** Matches the reseller's Discord name or name; null for no search. */
  resellerText: string | null;
  status: OrderStatus | null;
  labelTypeId: string | null;
  trackingStatus: TrackingStatus | null;
  from?: Date;
  to?: Date;
  offset: number;
  limit: number;
};

/** One page of every reseller's orders, newest first, with their refund requests. */
export async function listAdminOrders(db: DbOrTx, filter: AdminOrderFilter) {
  const filters: SQL[] = [];
  const text: SQL[] = [];
  if (filter.tsQuery) text.push(sql`${orders.searchVector} @@ to_tsquery('simple', ${filter.tsQuery})`);
  if (filter.resellerText) {
    const like = `%${escapeLike(filter.resellerText)}%`;
    text.push(
      sql`${orders.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${users.discordId} ILIKE ${like} OR ${users.username} ILIKE ${like})`,
    );
  }
  if (text.length > 0) filters.push(sql`(${sql.join(text, sql` OR `)})`);
  if (filter.status) filters.push(eq(orders.status, filter.status));
  if (filter.labelTypeId) filters.push(eq(orders.labelTypeId, filter.labelTypeId));
  if (filter.trackingStatus) filters.push(eq(orders.trackingStatus, filter.trackingStatus));
  if (filter.from) filters.push(gte(orders.createdAt, filter.from));
  if (filter.to) filters.push(lt(orders.createdAt, filter.to));
  const where = filters.length > 0 ? and(...filters) : undefined;
  // Keys from an index-only scan of (created_at, order_number), rows by key: a deep page does not read
  // the orders it skips (decision 210).
  const keys = db
    .select({ n: orders.orderNumber })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(filter.limit)
    .offset(filter.offset);
  const countedByTriggers =
    !text.length && !filter.labelTypeId && !filter.trackingStatus && !filter.from && !filter.to;
  const [rows, total] = await Promise.all([
    db
      .select(adminOrderColumns)
      .from(orders)
      .innerJoin(labelTypes, eq(labelTypes.id, orders.labelTypeId))
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(providers, eq(providers.id, orders.providerId))
      .where(inArray(orders.orderNumber, keys))
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber)),
    countedByTriggers ? countFromStats(db, filter.status) : countOrders(db, where),
  ]);
  return { rows: await withRequests(db, rows), total };
}

/** Every reseller's orders (in one status) from the counts triggers keep: one row per reseller. */
async function countFromStats(db: DbOrTx, status: OrderStatus | null): Promise<number> {
  const s = orderStats;
  const n = status
    ? sql.identifier(status)
    : sql`${s.pending} + ${s.processing} + ${s.completed} + ${s.cancelled}`;
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${n}), 0)`.mapWith(Number) }).from(s);
  return row?.n ?? 0;
}

async function countOrders(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(where);
  return row?.n ?? 0;
}

export async function findAdminOrder(db: DbOrTx, id: string): Promise<AdminOrderRow | null> {
  const rows = await db
    .select(adminOrderColumns)
    .from(orders)
    .innerJoin(labelTypes, eq(labelTypes.id, orders.labelTypeId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(providers, eq(providers.id, orders.providerId))
    .where(eq(orders.id, id));
  return (await withRequests(db, rows))[0] ?? null;
}

async function withRequests<T extends { id: string }>(db: DbOrTx, rows: T[]) {
  const requests = await findRequestsOfOrders(
    db,
    rows.map((r) => r.id),
  );
  // Each freshly read row takes its request in place: a copy of a wide row costs more than the lookup.
  return rows.map((row) => Object.assign(row, { request: requests.get(row.id) ?? null }));
}
