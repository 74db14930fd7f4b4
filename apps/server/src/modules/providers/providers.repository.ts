import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  labelPurchases,
  labelTypeRoutes,
  labelTypes,
  orders,
  providerCalls,
  providers,
} from '../../db/schema.ts';

export type ProviderRow = typeof providers.$inferSelect;
export type NewProviderRow = typeof providers.$inferInsert;
export type RouteStepRow = {
  labelTypeId: string;
  position: number;
  providerId: string;
  service: string;
  providerName: string;
  kind: ProviderRow['kind'];
  enabled: boolean;
};

export const listProviders = (db: DbOrTx): Promise<ProviderRow[]> =>
  db.select().from(providers).orderBy(asc(providers.createdAt), asc(providers.id));

export async function findProvider(db: DbOrTx, id: string, forUpdate = false): Promise<ProviderRow | null> {
  const query = db.select().from(providers).where(eq(providers.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export const findProvidersByIds = (db: DbOrTx, ids: readonly string[]): Promise<ProviderRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(providers)
        .where(inArray(providers.id, [...ids]));

export async function findProviderByName(db: DbOrTx, name: string): Promise<ProviderRow | null> {
  const [row] = await db
    .select()
    .from(providers)
    .where(sql`lower(${providers.name}) = lower(${name})`);
  return row ?? null;
}

export async function insertProvider(tx: DbOrTx, row: NewProviderRow): Promise<ProviderRow> {
  const [inserted] = await tx.insert(providers).values(row).returning();
  return inserted!;
}

export async function updateProvider(
  tx: DbOrTx,
  id: string,
  fields: Partial<NewProviderRow>,
): Promise<ProviderRow> {
  const [row] = await tx
    .update(providers)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(providers.id, id))
    .returning();
  return row!;
}

export const deleteProvider = (tx: DbOrTx, id: string) => tx.delete(providers).where(eq(providers.id, id));

/** Labels bought through the provider (orders and purchase records that name it). */
export async function countPurchasesOf(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(labelPurchases).where(eq(labelPurchases.providerId, id));
  return row?.n ?? 0;
}

const routeColumns = {
  labelTypeId: labelTypeRoutes.labelTypeId,
  position: labelTypeRoutes.position,
  providerId: labelTypeRoutes.providerId,
  service: labelTypeRoutes.service,
  providerName: providers.name,
  kind: providers.kind,
  enabled: providers.isEnabled,
};

/** Every label type's route steps, in order (the console's lists). */
export const listRoutes = (db: DbOrTx): Promise<RouteStepRow[]> =>
  db
    .select(routeColumns)
    .from(labelTypeRoutes)
    .innerJoin(providers, eq(providers.id, labelTypeRoutes.providerId))
    .orderBy(asc(labelTypeRoutes.labelTypeId), asc(labelTypeRoutes.position));

/** The routes of some label types (a label job batch), in order. */
export const findRoutesOf = (db: DbOrTx, labelTypeIds: readonly string[]): Promise<RouteStepRow[]> =>
  labelTypeIds.length === 0
    ? Promise.resolve([])
    : db
        .select(routeColumns)
        .from(labelTypeRoutes)
        .innerJoin(providers, eq(providers.id, labelTypeRoutes.providerId))
        .where(inArray(labelTypeRoutes.labelTypeId, [...labelTypeIds]))
        .orderBy(asc(labelTypeRoutes.labelTypeId), asc(labelTypeRoutes.position));

export async function replaceRoute(
  tx: DbOrTx,
  labelTypeId: string,
  steps: readonly { providerId: string; service: string }[],
): Promise<void> {
  await tx.delete(labelTypeRoutes).where(eq(labelTypeRoutes.labelTypeId, labelTypeId));
  if (steps.length > 0)
    await tx.insert(labelTypeRoutes).values(steps.map((s, position) => ({ labelTypeId, position, ...s })));
}

/** The label types routed to a provider (to refuse deleting it, and to list them beside it). */
export const labelTypesRoutedTo = (db: DbOrTx) =>
  db
    .select({ providerId: labelTypeRoutes.providerId, id: labelTypes.id, name: labelTypes.name })
    .from(labelTypeRoutes)
    .innerJoin(labelTypes, eq(labelTypes.id, labelTypeRoutes.labelTypeId))
    .orderBy(asc(labelTypes.sortOrder), asc(labelTypes.name));

export type ProviderCallRow = typeof providerCalls.$inferInsert;

export const insertProviderCalls = (db: DbOrTx, rows: readonly ProviderCallRow[]) =>
  db.insert(providerCalls).values([...rows]);

/** Each provider's calls since `since`: how many, how many succeeded, and their p95 duration. */
export async function callStatsSince(db: DbOrTx, since: Date) {
  return db
    .select({
      providerId: providerCalls.providerId,
      calls: count(),
      ok: sql<number>`count(*) FILTER (WHERE ${providerCalls.outcome} = 'ok')`.mapWith(Number),
      p95: sql<
        number | null
      >`percentile_cont(0.95) WITHIN GROUP (ORDER BY ${providerCalls.durationMs})`.mapWith((v) =>
        v === null ? null : Math.round(Number(v)),
      ),
    })
    .from(providerCalls)
    .where(gte(providerCalls.createdAt, since))
    .groupBy(providerCalls.providerId);
}

/** Each provider's most recent failed call. */
export async function lastErrors(db: DbOrTx) {
  return db
    .selectDistinctOn([providerCalls.providerId], {
      providerId: providerCalls.providerId,
      error: providerCalls.error,
      createdAt: providerCalls.createdAt,
    })
    .from(providerCalls)
    .where(and(sql`${providerCalls.outcome} <> 'ok'`, sql`${providerCalls.error} IS NOT NULL`))
    .orderBy(providerCalls.providerId, desc(providerCalls.createdAt));
}

/** Orders bought through a provider, to keep the FK honest when one is deleted. */
export async function countOrdersOf(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.providerId, id));
  return row?.n ?? 0;
}

/** Drops provider call records older than `before`. */
export const deleteProviderCallsBefore = (db: DbOrTx, before: Date) =>
  db.delete(providerCalls).where(lt(providerCalls.createdAt, before)).returning({ id: providerCalls.id });
