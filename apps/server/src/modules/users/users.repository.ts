import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { teamMembers, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByDiscordId(db: DbOrTx, discordId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.discordId}) = lower(${discordId})`);
  return row;
}

/** A reseller API call whose key is not remembered runs this, so it is prepared once (decision 210). */
export async function findApiKeyOwner(db: DbOrTx, apiKeyHash: string) {
  const query = preparedOnce(db, 'api-key-owner', (name) =>
    db
      .select({
        id: users.id,
        role: users.role,
        disabledAt: users.disabledAt,
        teamRequiresTwoFactor: users.teamRequiresTwoFactor,
        hasTwoFactor: sql<boolean>`${users.twoFactorEnabledAt} is not null`,
        /** The account the key's row belongs to: its own, unless it joined a team. */
        accountId: sql<string>`coalesce(${teamMembers.accountId}, ${users.id})`,
      })
      .from(users)
      .leftJoin(teamMembers, eq(teamMembers.memberId, users.id))
      .where(eq(users.apiKeyHash, sql.placeholder('apiKeyHash')))
      .prepare(name),
  );
  const [row] = await query.execute({ apiKeyHash });
  return row;
}

/** Inserts unless the Discord name is taken (case-insensitively); returns undefined when it is. */
export async function insertUser(db: DbOrTx, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

/** When the person last signed in, for the Team page. */
export async function markSeen(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(users).set({ lastSeenAt: at }).where(eq(users.id, id));
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
