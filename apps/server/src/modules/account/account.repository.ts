import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import type { UserRow } from '../users/users.service.ts';

export async function findUserByVerifiedEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.emailVerified, true)));
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  changes: Partial<
    Pick<UserRow, 'username' | 'email' | 'emailVerified' | 'passwordHash' | 'apiKeyHash' | 'apiKeyCipher'>
  >,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Ends every session of the user, or every one but `keepSessionId`. */
export async function deleteUserSessions(db: DbOrTx, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}
