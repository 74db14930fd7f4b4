import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { users } from '../../db/schema.ts';

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

/** Every reseller API call runs this, so it is prepared once (decision 210). */
export async function findUserByApiKeyHash(db: DbOrTx, apiKeyHash: string): Promise<UserRow | undefined> {
  const query = preparedOnce(db, 'user-by-api-key', (name) =>
    db
      .select()
      .from(users)
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
