import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { labelTypePrices, labelTypes, orders, resellerPrices, type StoredTier } from '../../db/schema.ts';

export type LabelTypeRow = typeof labelTypes.$inferSelect;
export type TierCents = { fromWeight: number; toWeight: number; priceCents: number };
export type LabelTypeWithPrices = LabelTypeRow & { prices: TierCents[] };
export type ResellerPriceRow = typeof resellerPrices.$inferSelect;

async function attachPrices(db: DbOrTx, types: LabelTypeRow[]): Promise<LabelTypeWithPrices[]> {
  if (types.length === 0) return [];
  const prices = await db
    .select()
    .from(labelTypePrices)
    .where(
      inArray(
        labelTypePrices.labelTypeId,
        types.map((t) => t.id),
      ),
    )
    .orderBy(asc(labelTypePrices.fromWeight));
  return types.map((t) => ({
    ...t,
    prices: prices
      .filter((p) => p.labelTypeId === t.id)
      .map(({ fromWeight, toWeight, priceCents }) => ({ fromWeight, toWeight, priceCents })),
  }));
}

export async function listLabelTypes(db: DbOrTx): Promise<LabelTypeWithPrices[]> {
  const types = await db.select().from(labelTypes).orderBy(asc(labelTypes.sortOrder), asc(labelTypes.name));
  return attachPrices(db, types);
}

export async function findLabelType(
  db: DbOrTx,
  id: string,
  lock = false,
): Promise<LabelTypeWithPrices | null> {
  const query = db.select().from(labelTypes).where(eq(labelTypes.id, id));
  const types = lock ? await query.for('update') : await query;
  return (await attachPrices(db, types))[0] ?? null;
}

export async function findLabelTypeByUid(db: DbOrTx, uid: string): Promise<LabelTypeRow | null> {
  const [row] = await db.select().from(labelTypes).where(eq(labelTypes.uid, uid));
  return row ?? null;
}

/**
 * Staff's label type writes one at a time until the transaction ends: a name or uid checked free stays
 * free until the type is saved (decision 334). Orders and routes are not held up.
 */
export async function lockLabelTypeWrites(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'label-types'}, 0))`);
}

/** The type with this name, whatever its case. */
export async function findLabelTypeByName(db: DbOrTx, name: string): Promise<LabelTypeRow | null> {
  const [row] = await db
    .select()
    .from(labelTypes)
    .where(sql`lower(${labelTypes.name}) = lower(${name})`);
  return row ?? null;
}

export type LabelTypeFields = {
  name: string;
  uid: string;
  carrier: 'usps' | 'ups' | 'fedex';
  service: string;
  weightUnit: 'oz' | 'lb';
  maxWeight: number;
  isEnabled: boolean;
  voidWindowDays: number;
  /** Absent: kept as it is (decisions 330, 331). */
  insurancePer100Cents?: number | null;
  insuranceMinCents?: number;
  returnLabelTypeId?: string | null;
};

export async function insertLabelType(
  tx: DbOrTx,
  fields: LabelTypeFields,
  sortOrder: number,
): Promise<string> {
  const [row] = await tx
    .insert(labelTypes)
    .values({ ...fields, sortOrder })
    .returning({ id: labelTypes.id });
  return row!.id;
}

export async function updateLabelType(tx: DbOrTx, id: string, fields: LabelTypeFields): Promise<void> {
  await tx.update(labelTypes).set(fields).where(eq(labelTypes.id, id));
}

/** Replaces the default tiers of a label type; orders keep the price they were charged. */
export async function replaceTiers(tx: DbOrTx, labelTypeId: string, tiers: TierCents[]): Promise<void> {
  await tx.delete(labelTypePrices).where(eq(labelTypePrices.labelTypeId, labelTypeId));
  if (tiers.length > 0) await tx.insert(labelTypePrices).values(tiers.map((t) => ({ ...t, labelTypeId })));
}

export async function nextSortOrder(tx: DbOrTx): Promise<number> {
  const rows = await tx.select({ sortOrder: labelTypes.sortOrder }).from(labelTypes);
  return rows.reduce((max, r) => Math.max(max, r.sortOrder + 1), 0);
}

export async function listResellerPrices(
  db: DbOrTx,
  userId: string,
  labelTypeId?: string,
): Promise<ResellerPriceRow[]> {
  const byUser = eq(resellerPrices.userId, userId);
  return db
    .select()
    .from(resellerPrices)
    .where(labelTypeId ? and(byUser, eq(resellerPrices.labelTypeId, labelTypeId)) : byUser);
}

/** The percentage overrides of one label type, with whose they are. */
export async function listPercentOverrides(
  db: DbOrTx,
  labelTypeId: string,
): Promise<Array<{ userId: string; percent: number }>> {
  const rows = await db
    .select({ userId: resellerPrices.userId, percent: resellerPrices.percent })
    .from(resellerPrices)
    .where(and(eq(resellerPrices.labelTypeId, labelTypeId), isNotNull(resellerPrices.percent)));
  return rows.map((r) => ({ userId: r.userId, percent: Number(r.percent) }));
}

export async function upsertResellerPrice(
  tx: DbOrTx,
  row: { userId: string; labelTypeId: string; percent: number | null; tiers: StoredTier[] | null },
): Promise<void> {
  await tx
    .insert(resellerPrices)
    .values(row)
    .onConflictDoUpdate({
      target: [resellerPrices.userId, resellerPrices.labelTypeId],
      set: { percent: row.percent, tiers: row.tiers, updatedAt: new Date() },
    });
}

export async function deleteResellerPrice(tx: DbOrTx, userId: string, labelTypeId: string): Promise<boolean> {
  const rows = await tx
    .delete(resellerPrices)
    .where(and(eq(resellerPrices.userId, userId), eq(resellerPrices.labelTypeId, labelTypeId)))
    .returning({ userId: resellerPrices.userId });
  return rows.length > 0;
}

/** How many orders each label type has (types without orders are missing), by label type id. */
export async function countOrdersByLabelType(db: DbOrTx): Promise<Map<string, number>> {
  const counts = await db
    .select({ labelTypeId: orders.labelTypeId, n: count() })
    .from(orders)
    .groupBy(orders.labelTypeId);
  return new Map(counts.map((c) => [c.labelTypeId, Number(c.n)]));
}
