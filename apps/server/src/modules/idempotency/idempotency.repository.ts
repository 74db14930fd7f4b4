import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
type KeyOf = { userId: string; key: string };

/**
 * Claims a key for one request, held for `leaseSeconds`: inserts it, or takes over an expired one or an
 * `in_progress` one whose hold lapsed (its request stopped renewing it: its purchase never committed,
 * as the reply commits with the charge). Returns the new claim's token, or null when a live claim
 * exists (the caller then reads it). One statement, so concurrent claims serialize.
 */
export async function claimKey(
  db: DbOrTx,
  options: KeyOf & { requestHash: string; ttlSeconds: number; leaseSeconds: number },
): Promise<string | null> {
  const expiresAt = sql`now() + make_interval(secs => ${options.ttlSeconds})`;
  const heldUntil = sql`now() + make_interval(secs => ${options.leaseSeconds})`;
  const rows = await db
    .insert(idempotencyKeys)
    .values({
      userId: options.userId,
      key: options.key,
      requestHash: options.requestHash,
      status: 'in_progress',
      heldUntil,
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
        heldUntil,
        expiresAt,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= now() or (${idempotencyKeys.status} = 'in_progress'
        and ${idempotencyKeys.heldUntil} <= now())`,
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

/** The row of a claim this request still holds (its token, still running). */
const ownRunningClaim = (options: KeyOf & { claimToken: string }) =>
  and(
    eq(idempotencyKeys.userId, options.userId),
    eq(idempotencyKeys.key, options.key),
    eq(idempotencyKeys.claimToken, options.claimToken),
    eq(idempotencyKeys.status, 'in_progress'),
  );

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
    .where(ownRunningClaim(options))
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** Holds this request's claim `leaseSeconds` more while its purchase runs. */
export async function renewClaim(
  db: DbOrTx,
  options: KeyOf & { claimToken: string; leaseSeconds: number },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ heldUntil: sql`now() + make_interval(secs => ${options.leaseSeconds})` })
    .where(ownRunningClaim(options));
}

/** Frees this request's claim when it failed before anything was bought, so the caller may try again. */
export async function releaseKey(db: DbOrTx, options: KeyOf & { claimToken: string }): Promise<void> {
  await db.delete(idempotencyKeys).where(ownRunningClaim(options));
}
