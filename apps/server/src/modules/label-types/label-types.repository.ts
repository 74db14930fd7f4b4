import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { labelTypePrices, labelTypes } from '../../db/schema.ts';

export type LabelTypeRow = typeof labelTypes.$inferSelect;
export type PriceRow = typeof labelTypePrices.$inferSelect;
export type LabelTypeWithPrices = LabelTypeRow & { prices: PriceRow[] };

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
  return types.map((t) => ({ ...t, prices: prices.filter((p) => p.labelTypeId === t.id) }));
}

export async function listLabelTypes(db: DbOrTx): Promise<LabelTypeWithPrices[]> {
  const types = await db.select().from(labelTypes).orderBy(asc(labelTypes.sortOrder), asc(labelTypes.name));
  return attachPrices(db, types);
}

export async function findLabelType(db: DbOrTx, id: string): Promise<LabelTypeWithPrices | null> {
  const types = await db.select().from(labelTypes).where(eq(labelTypes.id, id));
  return (await attachPrices(db, types))[0] ?? null;
}
