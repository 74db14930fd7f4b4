import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  labelPurchases,
  labelTypes,
  orders,
  pickupOrders,
  pickups,
  scanFormOrders,
  scanForms,
} from '../../db/schema.ts';

/** An order as SCAN forms and pickups read it: its label, where it was bought, where it ships from. */
export type ShippingLabelRow = {
  id: string;
  orderNumber: number;
  status: string;
  carrier: string;
  labelTypeUid: string;
  labelTypeName: string;
  tracking: string | null;
  providerId: string | null;
  /** The provider's id of the bought label (null: test mode). */
  upstreamId: string | null;
  refundStatus: string | null;
  weight: number;
  fromName: string;
  fromCompany: string;
  fromStreet: string;
  fromStreet2: string;
  fromCity: string;
  fromState: string;
  fromZip: string;
  createdAt: Date;
  scanFormId: string | null;
};

const labelColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  carrier: labelTypes.carrier,
  labelTypeUid: labelTypes.uid,
  labelTypeName: labelTypes.name,
  tracking: orders.tracking,
  providerId: orders.providerId,
  upstreamId: labelPurchases.upstreamId,
  refundStatus: orders.refundStatus,
  weight: orders.weight,
  fromName: orders.fromName,
  fromCompany: orders.fromCompany,
  fromStreet: orders.fromStreet,
  fromStreet2: orders.fromStreet2,
  fromCity: orders.fromCity,
  fromState: orders.fromState,
  fromZip: orders.fromZip,
  createdAt: orders.createdAt,
  scanFormId: scanFormOrders.scanFormId,
};

const labelRows = (db: DbOrTx) =>
  db
    .select(labelColumns)
    .from(orders)
    .innerJoin(labelTypes, eq(labelTypes.id, orders.labelTypeId))
    .leftJoin(
      labelPurchases,
      and(
        eq(labelPurchases.orderId, orders.id),
        eq(labelPurchases.providerId, orders.providerId),
        eq(labelPurchases.state, 'bought'),
      ),
    )
    .leftJoin(scanFormOrders, eq(scanFormOrders.orderId, orders.id));

/** The reseller's orders among `ids`, locked against a refund or another form meanwhile, in `ids` order. */
export async function lockLabels(tx: DbOrTx, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.id, [...ids])))
    .orderBy(asc(orders.id))
    .for('update');
  const rows = await labelRows(tx).where(and(eq(orders.userId, userId), inArray(orders.id, [...ids])));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []) as ShippingLabelRow[];
}

/** The ids of a bulk order's orders, in their order. */
export async function bulkOrderIds(db: DbOrTx, userId: string, bulkOrderId: string): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.batchId, bulkOrderId)))
    .orderBy(asc(orders.orderNumber));
  return rows.map((r) => r.id);
}

/** The reseller's completed labels bought since `since` (the Shipping day page), oldest first. */
export async function labelsSince(db: DbOrTx, userId: string, since: Date) {
  return (await labelRows(db)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'completed'),
        sql`${orders.createdAt} >= ${since.toISOString()}`,
      ),
    )
    .orderBy(asc(orders.orderNumber))
    .limit(5000)) as ShippingLabelRow[];
}

export type ScanFormRow = typeof scanForms.$inferSelect;
export type PickupRow = typeof pickups.$inferSelect;

export async function insertScanForm(
  tx: DbOrTx,
  form: typeof scanForms.$inferInsert,
  orderIds: readonly string[],
): Promise<ScanFormRow> {
  const [row] = await tx.insert(scanForms).values(form).returning();
  await tx
    .insert(scanFormOrders)
    .values(orderIds.map((orderId, position) => ({ scanFormId: row!.id, orderId, position })));
  return row!;
}

export async function findScanForm(db: DbOrTx, userId: string, id: string): Promise<ScanFormRow | null> {
  const [row] = await db
    .select()
    .from(scanForms)
    .where(and(eq(scanForms.id, id), eq(scanForms.userId, userId)));
  return row ?? null;
}

/** The reseller's forms, newest first. */
export const listScanForms = (db: DbOrTx, userId: string, limit = 200) =>
  db
    .select()
    .from(scanForms)
    .where(eq(scanForms.userId, userId))
    .orderBy(desc(scanForms.createdAt))
    .limit(limit);

export type ListedLabel = { ownerId: string; id: string; orderNumber: number; tracking: string | null };

/** The labels of these forms, in their order on each form. */
export async function labelsOfForms(db: DbOrTx, formIds: readonly string[]): Promise<ListedLabel[]> {
  if (formIds.length === 0) return [];
  return db
    .select({
      ownerId: scanFormOrders.scanFormId,
      id: orders.id,
      orderNumber: orders.orderNumber,
      tracking: orders.tracking,
    })
    .from(scanFormOrders)
    .innerJoin(orders, eq(orders.id, scanFormOrders.orderId))
    .where(inArray(scanFormOrders.scanFormId, [...formIds]))
    .orderBy(asc(scanFormOrders.scanFormId), asc(scanFormOrders.position));
}

/** The form an order is on, if any. */
export async function scanFormOf(db: DbOrTx, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: scanFormOrders.scanFormId })
    .from(scanFormOrders)
    .where(eq(scanFormOrders.orderId, orderId));
  return row?.id ?? null;
}

export async function insertPickup(
  tx: DbOrTx,
  pickup: typeof pickups.$inferInsert,
  orderIds: readonly string[],
): Promise<PickupRow> {
  const [row] = await tx.insert(pickups).values(pickup).returning();
  await tx.insert(pickupOrders).values(orderIds.map((orderId) => ({ pickupId: row!.id, orderId })));
  return row!;
}

export async function findPickup(db: DbOrTx, userId: string, id: string): Promise<PickupRow | null> {
  const [row] = await db
    .select()
    .from(pickups)
    .where(and(eq(pickups.id, id), eq(pickups.userId, userId)));
  return row ?? null;
}

/** The scheduled pickup made under this reference, if any. */
export async function findScheduledByReference(
  db: DbOrTx,
  userId: string,
  reference: string,
): Promise<PickupRow | null> {
  const [row] = await db
    .select()
    .from(pickups)
    .where(
      and(eq(pickups.userId, userId), eq(pickups.reference, reference), eq(pickups.status, 'scheduled')),
    );
  return row ?? null;
}

/** Moves a scheduled pickup to cancelled; null when it was not scheduled (cancelled meanwhile). */
export async function markPickupCancelled(tx: DbOrTx, id: string): Promise<PickupRow | null> {
  const [row] = await tx
    .update(pickups)
    .set({ status: 'cancelled', cancelledAt: new Date() })
    .where(and(eq(pickups.id, id), eq(pickups.status, 'scheduled')))
    .returning();
  return row ?? null;
}

export const listPickups = (db: DbOrTx, userId: string, limit = 200) =>
  db.select().from(pickups).where(eq(pickups.userId, userId)).orderBy(desc(pickups.createdAt)).limit(limit);

export async function labelsOfPickups(db: DbOrTx, pickupIds: readonly string[]): Promise<ListedLabel[]> {
  if (pickupIds.length === 0) return [];
  return db
    .select({
      ownerId: pickupOrders.pickupId,
      id: orders.id,
      orderNumber: orders.orderNumber,
      tracking: orders.tracking,
    })
    .from(pickupOrders)
    .innerJoin(orders, eq(orders.id, pickupOrders.orderId))
    .where(inArray(pickupOrders.pickupId, [...pickupIds]))
    .orderBy(asc(orders.orderNumber));
}

/** Orders among `ids` already in a scheduled pickup. */
export async function ordersInScheduledPickups(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: pickupOrders.orderId })
    .from(pickupOrders)
    .innerJoin(pickups, eq(pickups.id, pickupOrders.pickupId))
    .where(and(inArray(pickupOrders.orderId, [...ids]), eq(pickups.status, 'scheduled')));
  return new Set(rows.map((r) => r.id));
}

/** The status of the latest pickup of each of these orders (the Shipping day page's column). */
export async function pickupStatusOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: pickupOrders.orderId, status: pickups.status, at: pickups.createdAt })
    .from(pickupOrders)
    .innerJoin(pickups, eq(pickups.id, pickupOrders.pickupId))
    .where(inArray(pickupOrders.orderId, [...ids]))
    .orderBy(asc(pickups.createdAt));
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** The SCAN form an order's label is on and its latest pickup, for the order's details (decision 355). */
export async function findShippingDayOfOrder(db: DbOrTx, orderId: string) {
  const [[form], [pickup]] = await Promise.all([
    db
      .select({ id: scanForms.id, shipDate: scanForms.shipDate })
      .from(scanFormOrders)
      .innerJoin(scanForms, eq(scanForms.id, scanFormOrders.scanFormId))
      .where(eq(scanFormOrders.orderId, orderId))
      .limit(1),
    db
      .select({ id: pickups.id, status: pickups.status, confirmation: pickups.confirmation })
      .from(pickupOrders)
      .innerJoin(pickups, eq(pickups.id, pickupOrders.pickupId))
      .where(eq(pickupOrders.orderId, orderId))
      .orderBy(desc(pickups.createdAt))
      .limit(1),
  ]);
  return { form, pickup };
}
