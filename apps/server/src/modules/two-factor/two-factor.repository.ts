import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { twoFactorChallenges, twoFactorDevices, twoFactorRecoveryCodes } from '../../db/schema.ts';

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  if (codeHashes.length > 0) {
    await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/** Marks an unused recovery code (any of its `codeHashes`) used; true for exactly one caller however many race. */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHashes: string[], now: Date) {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        inArray(twoFactorRecoveryCodes.codeHash, codeHashes),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertChallenge(
  db: DbOrTx,
  row: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(twoFactorChallenges).values(row);
}

/** The challenge of a token while it is young enough and has wrong codes to spare. */
export async function findLiveChallenge(db: DbOrTx, tokenHash: string, now: Date, maxTries: number) {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, tokenHash),
        gt(twoFactorChallenges.expiresAt, now),
        lt(twoFactorChallenges.failedAttempts, maxTries),
      ),
    );
  return row;
}

/**
 * Counts a try against the challenge before its code is compared, in one statement: of any number of
 * concurrent guesses at most `maxTries` are compared. False when it has none left (or is gone).
 */
export async function reserveChallengeTry(db: DbOrTx, id: string, maxTries: number): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
    .where(and(eq(twoFactorChallenges.id, id), lt(twoFactorChallenges.failedAttempts, maxTries)))
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}

/** Uses up a challenge; true for exactly one caller. */
export async function deleteChallenge(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, id))
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}

export async function insertDevice(
  db: DbOrTx,
  row: { userId: string; expiresAt: Date; userAgent: string | null },
): Promise<string> {
  const [inserted] = await db.insert(twoFactorDevices).values(row).returning({ id: twoFactorDevices.id });
  return inserted!.id;
}

export async function findLiveDevice(db: DbOrTx, id: string, userId: string, now: Date) {
  const [row] = await db
    .select({ id: twoFactorDevices.id })
    .from(twoFactorDevices)
    .where(
      and(
        eq(twoFactorDevices.id, id),
        eq(twoFactorDevices.userId, userId),
        gt(twoFactorDevices.expiresAt, now),
      ),
    );
  return row;
}

/** The user's remembered devices that have not expired, the most recently remembered first. */
export async function listLiveDevices(db: DbOrTx, userId: string, now: Date) {
  return db
    .select()
    .from(twoFactorDevices)
    .where(and(eq(twoFactorDevices.userId, userId), gt(twoFactorDevices.expiresAt, now)))
    .orderBy(desc(twoFactorDevices.createdAt));
}

/** Notes that a remembered device skipped the code just now. */
export async function touchDevice(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(twoFactorDevices).set({ lastUsedAt: now }).where(eq(twoFactorDevices.id, id));
}

/** Forgets one remembered device of the user; false when the user has no such device. */
export async function deleteDevice(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(twoFactorDevices)
    .where(and(eq(twoFactorDevices.id, id), eq(twoFactorDevices.userId, userId)))
    .returning({ id: twoFactorDevices.id });
  return rows.length === 1;
}

/** Forgets every remembered device of the user: the next sign-in asks for a code again. */
export async function deleteUserDevices(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(twoFactorDevices).where(eq(twoFactorDevices.userId, userId));
}

export async function deleteUserChallenges(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}

/** Second-factor challenges nobody answered and devices past their 30 days; how many rows went. */
export async function deleteExpiredTwoFactorRows(db: DbOrTx, now: Date): Promise<number> {
  const challenges = await db
    .delete(twoFactorChallenges)
    .where(lt(twoFactorChallenges.expiresAt, now))
    .returning({ id: twoFactorChallenges.id });
  const devices = await db
    .delete(twoFactorDevices)
    .where(lt(twoFactorDevices.expiresAt, now))
    .returning({ id: twoFactorDevices.id });
  return challenges.length + devices.length;
}
