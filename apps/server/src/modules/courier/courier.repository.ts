import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { pageOffset } from '@portal/shared';
import type { CourierStatus } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import { courierOrders, users } from '../../db/schema.ts';

export type CourierOrderRow = typeof courierOrders.$inferSelect;
export type NewCourierOrder = typeof courierOrders.$inferInsert;

export async function insertCourierOrder(db: DbOrTx, row: NewCourierOrder): Promise<CourierOrderRow> {
  const [created] = await db.insert(courierOrders).values(row).returning();
  return created!;
}

export async function findCourierOrder(db: DbOrTx, id: string): Promise<CourierOrderRow | null> {
  const [row] = await db.select().from(courierOrders).where(eq(courierOrders.id, id));
  return row ?? null;
}

/**
 * Moves an order only if it is still in one of the expected statuses; null when another request
 * moved it first. This is the state machine's lock: two racing moves cannot both succeed.
 */
export async function moveCourierOrder(
  db: DbOrTx,
  id: string,
  from: readonly CourierStatus[],
  patch: Partial<NewCourierOrder> & { status: CourierStatus },
): Promise<CourierOrderRow | null> {
  const [row] = await db
    .update(courierOrders)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(courierOrders.id, id), inArray(courierOrders.status, [...from])))
    .returning();
  return row ?? null;
}

export type CourierPageFilter = { userId?: string; status?: CourierStatus; search: string };

const whereOf = (filter: CourierPageFilter): SQL | undefined =>
  and(
    filter.userId ? eq(courierOrders.userId, filter.userId) : undefined,
    filter.status ? eq(courierOrders.status, filter.status) : undefined,
    filter.search ? searchOf(escapeLike(filter.search)) : undefined,
  );

/** Names, addresses, phones and notes; the status; or the reference the lists show (the id's start). */
const searchOf = (term: string): SQL | undefined =>
  or(
    ilike(courierOrders.searchText, `%${term}%`),
    ilike(courierOrders.status, `%${term}%`),
    ilike(sql`${courierOrders.id}::text`, `${term}%`),
  );

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listCourierOrders(
  db: DbOrTx,
  filter: CourierPageFilter,
  { page, limit }: { page: number; limit: number },
) {
  const where = whereOf(filter);
  const rows = await db
    .select({ order: courierOrders, username: users.discordId })
    .from(courierOrders)
    .innerJoin(users, eq(users.id, courierOrders.userId))
    .where(where)
    .orderBy(desc(courierOrders.createdAt), desc(courierOrders.id))
    .limit(limit)
    .offset(pageOffset(page, limit));
  const [total] = await db.select({ n: count() }).from(courierOrders).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function countAwaitingStaff(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(courierOrders)
    .where(inArray(courierOrders.status, ['Pending', 'In Process']));
  return row?.n ?? 0;
}
