import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TeamRole } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { sessions, teamMembers, users } from '../../db/schema.ts';

/** The account a member signs in to: their team's, or their own row's when they belong to none. */
const account = alias(users, 'account');
const accountIdOf = sql`coalesce(${teamMembers.accountId}, ${users.id})`;

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
          id: account.id,
          role: users.role,
          hasTwoFactor: sql<boolean>`${users.twoFactorEnabledAt} is not null`,
          memberId: users.id,
          teamRole: sql<TeamRole>`coalesce(${teamMembers.role}, 'owner')`,
          teamRequiresTwoFactor: account.teamRequiresTwoFactor,
        },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(teamMembers, eq(teamMembers.memberId, users.id))
      .innerJoin(account, eq(account.id, accountIdOf))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          isNull(users.disabledAt),
          isNull(account.disabledAt),
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
