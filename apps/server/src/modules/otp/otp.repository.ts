import { and, count, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes, otpRequests } from '../../db/schema.ts';

export type OtpRow = typeof otpCodes.$inferSelect;
type Purpose = OtpRow['purpose'];

/** Stores a new code for the user and purpose, replacing any earlier one (a resend invalidates it). */
export async function upsertOtp(db: DbOrTx, row: Omit<typeof otpCodes.$inferInsert, 'id'>): Promise<void> {
  await db
    .insert(otpCodes)
    .values({ ...row, failedAttempts: 0 })
    .onConflictDoUpdate({
      target: [otpCodes.userId, otpCodes.purpose],
      set: {
        email: row.email,
        codeHash: row.codeHash,
        failedAttempts: 0,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
      },
    });
}

export async function findLiveOtpForUser(
  db: DbOrTx,
  userId: string,
  purpose: Purpose,
  now: Date,
): Promise<OtpRow | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), gt(otpCodes.expiresAt, now)));
  return row;
}

/** Deletes the code only if it is still the one that was checked; false when a concurrent use won. */
export async function takeOtp(db: DbOrTx, id: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(otpCodes)
    .where(and(eq(otpCodes.id, id), eq(otpCodes.codeHash, codeHash)))
    .returning({ id: otpCodes.id });
  return rows.length > 0;
}

/**
 * Counts a try against every live code for the address that still has tries left, before any comparison,
 * and returns those codes (with the try counted). One statement: of any number of concurrent guesses, at
 * most `maxTries` per code get a row back to compare with.
 */
export async function reserveOtpTry(
  db: DbOrTx,
  options: { purpose: Purpose; email: string; now: Date; maxTries: number },
): Promise<OtpRow[]> {
  return db
    .update(otpCodes)
    .set({ failedAttempts: sql`${otpCodes.failedAttempts} + 1` })
    .where(
      and(
        eq(otpCodes.purpose, options.purpose),
        sql`lower(${otpCodes.email}) = lower(${options.email})`,
        gt(otpCodes.expiresAt, options.now),
        lt(otpCodes.failedAttempts, options.maxTries),
      ),
    )
    .returning();
}

/** Gives back the try a right code counted, so only wrong tries use a code up. */
export async function returnOtpTry(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(otpCodes)
    .set({ failedAttempts: sql`greatest(${otpCodes.failedAttempts} - 1, 0)` })
    .where(eq(otpCodes.id, id));
}

export async function deleteOtp(db: DbOrTx, id: string): Promise<void> {
  await db.delete(otpCodes).where(eq(otpCodes.id, id));
}

/** Ends every pending code of the user, whatever its purpose. */
export async function deleteUserOtps(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(otpCodes).where(eq(otpCodes.userId, userId));
}

export async function deleteExpiredOtps(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(otpCodes).where(lte(otpCodes.expiresAt, now));
}

// Requests to send a code, counted per e-mail address and per client address (otp-throttle.ts).
type RequestScope = (typeof otpRequests.$inferSelect)['scope'];

export async function countOtpRequestsSince(
  db: DbOrTx,
  scope: RequestScope,
  key: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otpRequests)
    .where(and(eq(otpRequests.scope, scope), eq(otpRequests.key, key), gt(otpRequests.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertOtpRequests(
  db: DbOrTx,
  rows: (typeof otpRequests.$inferInsert)[],
): Promise<void> {
  await db.insert(otpRequests).values(rows);
}

export async function pruneOtpRequests(
  db: DbOrTx,
  scope: RequestScope,
  key: string,
  before: Date,
): Promise<void> {
  await db
    .delete(otpRequests)
    .where(and(eq(otpRequests.scope, scope), eq(otpRequests.key, key), lt(otpRequests.createdAt, before)));
}
