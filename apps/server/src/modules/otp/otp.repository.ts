import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema.ts';

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

export async function findLiveOtpsByEmail(
  db: DbOrTx,
  purpose: Purpose,
  email: string,
  now: Date,
): Promise<OtpRow[]> {
  return db
    .select()
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.purpose, purpose),
        sql`lower(${otpCodes.email}) = lower(${email})`,
        gt(otpCodes.expiresAt, now),
      ),
    );
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

/** Counts a wrong try; returns the new count. */
export async function noteWrongOtp(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(otpCodes)
    .set({ failedAttempts: sql`${otpCodes.failedAttempts} + 1` })
    .where(eq(otpCodes.id, id))
    .returning({ failedAttempts: otpCodes.failedAttempts });
  return row?.failedAttempts ?? Number.POSITIVE_INFINITY;
}

export async function deleteOtp(db: DbOrTx, id: string): Promise<void> {
  await db.delete(otpCodes).where(eq(otpCodes.id, id));
}

export async function deleteExpiredOtps(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(otpCodes).where(lte(otpCodes.expiresAt, now));
}
