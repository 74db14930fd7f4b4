import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { labelTypes, orders } from '../../db/schema.ts';

// The order as a purchase reads and writes it: its row with its label type, and the purchase columns
// (status, tracking, label file, provider, cost, failure) that the purchase path alone sets.

export type OrderRow = Omit<typeof orders.$inferSelect, 'searchVector'>;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderWithType = OrderRow & {
  labelTypeName: string;
  labelTypeUid: string;
  /** The type's carrier and service: what a staff-made type is drawn with (decision 334). */
  labelTypeCarrier: 'usps' | 'ups' | 'fedex';
  labelTypeService: string;
};
export type OrderStatus = OrderRow['status'];

const OPEN: OrderStatus[] = ['pending', 'processing'];

/** Everything but the search vector (kept out of responses), plus the label type's name, uid and service. */
const { searchVector: _searchVector, ...orderColumns } = getTableColumns(orders);
export const withType = {
  ...orderColumns,
  labelTypeName: labelTypes.name,
  labelTypeUid: labelTypes.uid,
  labelTypeCarrier: labelTypes.carrier,
  labelTypeService: labelTypes.service,
};

export const selectWithType = (db: DbOrTx) =>
  db.select(withType).from(orders).innerJoin(labelTypes, eq(labelTypes.id, orders.labelTypeId));

/** Inserts orders in one statement (multi-row VALUES) and returns them with their type. */
export async function insertOrders(tx: DbOrTx, rows: NewOrderRow[]): Promise<OrderWithType[]> {
  const inserted = await tx.insert(orders).values(rows).returning({ id: orders.id });
  const ids = inserted.map((r) => r.id);
  return selectWithType(tx).where(inArray(orders.id, ids)).orderBy(asc(orders.orderNumber));
}

/** These orders with their type (absent: not found), oldest first. */
export async function findOrdersByIds(db: DbOrTx, ids: readonly string[]): Promise<OrderWithType[]> {
  if (ids.length === 0) return [];
  return selectWithType(db)
    .where(inArray(orders.id, [...ids]))
    .orderBy(asc(orders.orderNumber));
}

/** The orders one request made (quantity N), oldest first. */
export async function findOrdersOfBatch(
  db: DbOrTx,
  userId: string,
  batchId: string,
): Promise<OrderWithType[]> {
  return selectWithType(db)
    .where(and(eq(orders.batchId, batchId), eq(orders.userId, userId)))
    .orderBy(asc(orders.orderNumber));
}

/** Moves the open orders among `ids` to processing; returns those (the others are done or cancelled). */
export async function markProcessing(db: DbOrTx, ids: readonly string[]): Promise<OrderWithType[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(orders)
    .set({ status: 'processing', updatedAt: new Date() })
    .where(and(inArray(orders.id, [...ids]), inArray(orders.status, OPEN)))
    .returning({ id: orders.id });
  if (rows.length === 0) return [];
  return selectWithType(db).where(
    inArray(
      orders.id,
      rows.map((r) => r.id),
    ),
  );
}

export type CompletedLabel = {
  id: string;
  tracking: string;
  labelFileId: string;
  /** Where the label was bought and what it cost (null: test mode). */
  providerId?: string | null;
  costCents?: number | null;
};

/**
 * Completes processing orders with their labels in one statement; returns the ids it completed
 * (an order cancelled meanwhile keeps its status and gets no label).
 */
export async function markCompleted(tx: DbOrTx, labels: readonly CompletedLabel[]): Promise<Set<string>> {
  if (labels.length === 0) return new Set();
  const result = (await tx.execute(sql`
    UPDATE ${orders} AS o
    SET tracking = l.tracking, label_file_id = l.label_file_id, status = 'completed',
        tracking_status = 'pre_transit', tracking_updated_at = now(), provider_id = l.provider_id, cost_cents = l.cost_cents, failure_reason = NULL, provider_note = NULL, updated_at = now(),
        -- A declared value is insured with the label: bought with it upstream, recorded in test mode (decision 330).
        insurance_status = CASE WHEN o.insured_value_cents IS NULL THEN NULL WHEN l.provider_id IS NULL THEN 'test' ELSE 'bought' END
    FROM jsonb_to_recordset(${JSON.stringify(
      labels.map((l) => ({
        id: l.id,
        tracking: l.tracking,
        label_file_id: l.labelFileId,
        provider_id: l.providerId ?? null,
        cost_cents: l.costCents ?? null,
      })),
    )}::jsonb)
      AS l(id uuid, tracking text, label_file_id uuid, provider_id uuid, cost_cents bigint)
    WHERE o.id = l.id AND o.status = 'processing'
    RETURNING o.id
  `)) as unknown as { rows: { id: string }[] };
  return new Set(result.rows.map((r) => r.id));
}

/**
 * A try at the order's label failed: `providerNote` keeps the provider's words for staff;
 * `failureReason`, when given, is the reseller's reason (decision 314).
 */
export async function recordFailure(
  db: DbOrTx,
  id: string,
  note: { providerNote: string; failureReason?: string },
): Promise<void> {
  await db
    .update(orders)
    .set({ ...note, updatedAt: new Date() })
    .where(eq(orders.id, id));
}
