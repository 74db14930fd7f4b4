import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
type KeyOf = { userId: string; key: string };

/**
 * Claims a key for one request: inserts it, or takes over an expired one or an `in_progress` one older
 * than `staleSeconds` (its purchase never committed: the reply commits with the charge). Returns the new
 * claim's token, or null when a live claim exists (the caller then reads it). One statement, so
 * concurrent claims serialize.
 */
export async function claimKey(
  db: DbOrTx,
  options: KeyOf & { requestHash: string; ttlSeconds: number; staleSeconds: number },
): Promise<string | null> {
  const expiresAt = sql`now() + make_interval(secs => ${options.ttlSeconds})`;
  const rows = await db
    .insert(idempotencyKeys)
    .values({
      userId: options.userId,
      key: options.key,
      requestHash: options.requestHash,
      status: 'in_progress',
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        requestHash: options.requestHash,
        status: 'in_progress',
        claimToken: sql`gen_random_uuid()`,
        responseStatus: null,
        responseBody: null,
        createdAt: sql`now()`,
        expiresAt,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= now() or (${idempotencyKeys.status} = 'in_progress'
        and ${idempotencyKeys.createdAt} <= now() - make_interval(secs => ${options.staleSeconds}))`,
    })
    .returning({ claimToken: idempotencyKeys.claimToken });
  return rows[0]?.claimToken ?? null;
}

export async function findKey(db: DbOrTx, options: KeyOf): Promise<IdempotencyRow | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, options.userId), eq(idempotencyKeys.key, options.key)));
  return row ?? null;
}

/**
 * Stores the reply on the claim `claimToken` still holds; false when another request took the key over
 * meanwhile (the caller's transaction then rolls back, so the purchase happens once).
 */
export async function storeReply(
  db: DbOrTx,
  options: KeyOf & { claimToken: string; status: number; body: unknown },
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ status: 'done', responseStatus: options.status, responseBody: options.body })
    .where(
      and(
        eq(idempotencyKeys.userId, options.userId),
        eq(idempotencyKeys.key, options.key),
        eq(idempotencyKeys.claimToken, options.claimToken),
        eq(idempotencyKeys.status, 'in_progress'),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** Frees this request's claim when it failed before anything was bought, so the caller may try again. */
export async function releaseKey(db: DbOrTx, options: KeyOf & { claimToken: string }): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, options.userId),
        eq(idempotencyKeys.key, options.key),
        eq(idempotencyKeys.claimToken, options.claimToken),
        eq(idempotencyKeys.status, 'in_progress'),
      ),
    );
}
