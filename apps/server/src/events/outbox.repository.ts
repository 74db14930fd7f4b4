import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
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
 * The row if it is not delivered yet, locked until the caller's transaction ends: a second delivery of
 * the same row (another instance, a retried job) waits here and then finds it delivered.
 */
export async function lockUndelivered(tx: DbOrTx, id: string): Promise<OutboxRow | null> {
  const [row] = await tx
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, id), isNull(outbox.deliveredAt)))
    .for('update');
  return row ?? null;
}

export async function markDelivered(tx: DbOrTx, id: string): Promise<void> {
  await tx.update(outbox).set({ deliveredAt: new Date() }).where(eq(outbox.id, id));
}

/** A delivery failed (its transaction rolled back): counted, with the error, for staff and the logs. */
export async function recordOutboxFailure(db: DbOrTx, id: string, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error })
    .where(eq(outbox.id, id));
}

/** Removes rows every subscriber has heard before `before` (undelivered rows stay, whatever their age). */
export const deleteDeliveredBefore = (db: DbOrTx, before: Date) =>
  db
    .delete(outbox)
    .where(and(isNotNull(outbox.deliveredAt), lt(outbox.deliveredAt, before)))
    .returning({ id: outbox.id });

/** Which of `ids` are not delivered yet (no lock: each is locked when it is delivered). */
export async function findUndelivered(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.id, [...ids]), isNull(outbox.deliveredAt)));
  return rows.map((r) => r.id);
}
