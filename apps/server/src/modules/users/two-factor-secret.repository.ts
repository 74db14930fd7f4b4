import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

// A user's second factor as the users table keeps it (its secret, a pending one, the last code's step);
// the two-factor module sets it up, checks codes and turns it off through the users module's face.

export async function setPendingSecret(db: DbOrTx, userId: string, cipher: string): Promise<void> {
  await db.update(users).set({ twoFactorPendingCipher: cipher }).where(eq(users.id, userId));
}

/** Turns the pending secret on, unless a second factor is already on (two tabs); true when it did. */
export async function enableSecret(
  db: DbOrTx,
  userId: string,
  options: { cipher: string; step: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      twoFactorSecretCipher: options.cipher,
      twoFactorPendingCipher: null,
      twoFactorEnabledAt: options.now,
      twoFactorLastStep: sql`greatest(${users.twoFactorLastStep}, ${options.step})`,
    })
    .where(and(eq(users.id, userId), isNull(users.twoFactorEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function clearSecret(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorSecretCipher: null, twoFactorPendingCipher: null, twoFactorEnabledAt: null })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Records `step` as the last accepted code's, only if it is later than the last one (replay guard). */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), lt(users.twoFactorLastStep, step)))
    .returning({ id: users.id });
  return rows.length === 1;
}
