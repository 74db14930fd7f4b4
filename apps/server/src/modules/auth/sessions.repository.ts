import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema.ts';

export async function insertSession(
  db: DbOrTx,
  session: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/**
 * Who a live session belongs to, for a signed-in request whose token is not remembered (decision 222);
 * prepared once (one indexed lookup, no planning).
 */
export async function findLiveSession(db: DbOrTx, tokenHash: string) {
  const query = preparedOnce(db, 'live-session', (name) =>
    db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        user: {
          id: users.id,
          role: users.role,
          hasTwoFactor: sql<boolean>`${users.twoFactorEnabledAt} is not null`,
        },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          isNull(users.disabledAt),
        ),
      )
      .prepare(name),
  );
  const [row] = await query.execute({ tokenHash, now: new Date() });
  return row;
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
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
