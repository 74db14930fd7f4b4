import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { LabelPreference } from '@portal/shared';
import type { UserRow } from '../users/users.service.ts';

export async function findUserByVerifiedEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.emailVerified, true)));
  return row;
}

/** The user's label format for downloads that name none; null: no such user. */
export async function findLabelPreference(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ labelFormat: users.labelFormat, labelDpi: users.labelDpi })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function saveLabelPreference(db: DbOrTx, userId: string, input: LabelPreference): Promise<void> {
  await db
    .update(users)
    .set({ labelFormat: input.labelFormat, labelDpi: input.labelDpi })
    .where(eq(users.id, userId));
}
