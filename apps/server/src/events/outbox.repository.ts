import { and, eq, inArray, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export type OutboxRow = typeof outbox.$inferSelect;

/** Records one row per subscriber of an event, in the caller's transaction; returns their ids. */
export async function insertOutboxRows(
  tx: DbOrTx,
  rows: readonly { subscriber: string; type: string; payload: unknown }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(outbox)
    .values([...rows])
    .returning({ id: outbox.id });
  return inserted.map((r) => r.id);
}

/**
 * The rows of `ids` not delivered yet, locked until the caller's transaction ends: a second delivery of
 * the same rows (another instance's sweep, the committing process) waits here and then finds them delivered.
 */
export async function lockUndelivered(tx: DbOrTx, ids: readonly string[]): Promise<OutboxRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(outbox)
    .where(and(inArray(outbox.id, [...ids]), isNull(outbox.deliveredAt)))
    .orderBy(outbox.createdAt, outbox.id)
    .for('update');
}

export async function markDelivered(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(outbox)
    .set({ deliveredAt: new Date() })
    .where(inArray(outbox.id, [...ids]));
}

/** A delivery failed (its savepoint rolled back): counted, with the error, for staff and the logs; the count. */
export async function recordOutboxFailure(db: DbOrTx, id: string, error: string): Promise<number> {
  const [row] = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error })
    .where(eq(outbox.id, id))
    .returning({ attempts: outbox.attempts });
  return row?.attempts ?? 0;
}

/** Removes rows every subscriber has heard before `before` (undelivered rows stay, whatever their age). */
export const deleteDeliveredBefore = (db: DbOrTx, before: Date) =>
  db
    .delete(outbox)
    .where(and(isNotNull(outbox.deliveredAt), lt(outbox.deliveredAt, before)))
    .returning({ id: outbox.id });

/**
 * Up to `limit` rows recorded before `before` and still undelivered, oldest first, that have failed fewer
 * than `maxAttempts` times, but for `skip` (no lock: each is locked when it is delivered).
 */
export async function findStale(
  db: DbOrTx,
  { before, maxAttempts, skip }: { before: Date; maxAttempts: number; skip: readonly string[] },
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.deliveredAt),
        lt(outbox.createdAt, before),
        lt(outbox.attempts, maxAttempts),
        skip.length > 0 ? notInArray(outbox.id, [...skip]) : undefined,
      ),
    )
    .orderBy(outbox.createdAt, outbox.id)
    .limit(limit);
  return rows.map((r) => r.id);
}
