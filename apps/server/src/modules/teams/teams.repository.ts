import { and, desc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TeamAction, TeamRole } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  ledgerEntries,
  teamActivity,
  teamApiKeys,
  teamInvitations,
  teamMembers,
  users,
} from '../../db/schema.ts';

export type InvitationRow = typeof teamInvitations.$inferSelect;
export type TeamApiKeyRow = typeof teamApiKeys.$inferSelect;

const account = alias(users, 'account');
const memberRole = sql<TeamRole>`coalesce(${teamMembers.role}, 'owner')`;

/** A person's place: their team's account and role, or their own account as its owner. */
export async function findMembership(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select({
      memberId: users.id,
      username: users.username,
      role: users.role,
      accountId: sql<string>`coalesce(${teamMembers.accountId}, ${users.id})`,
      teamRole: memberRole,
      dailyLimitCents: teamMembers.dailyLimitCents,
      hasRow: sql<boolean>`${teamMembers.memberId} is not null`,
    })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.memberId, users.id))
    .where(eq(users.id, memberId));
  return row;
}

/** The members of an account: its own row (owner unless a row says otherwise) and everyone who joined. */
export async function listMembers(db: DbOrTx, accountId: string) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: memberRole,
      twoFactorEnabledAt: users.twoFactorEnabledAt,
      lastSeenAt: users.lastSeenAt,
      dailyLimitCents: teamMembers.dailyLimitCents,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.memberId, users.id))
    .where(
      or(
        eq(teamMembers.accountId, accountId),
        and(eq(users.id, accountId), or(isNull(teamMembers.accountId), eq(teamMembers.accountId, accountId))),
      ),
    )
    .orderBy(users.createdAt);
}

export async function upsertMember(
  db: DbOrTx,
  row: { memberId: string; accountId: string; role: TeamRole; dailyLimitCents?: number | null },
): Promise<void> {
  const { dailyLimitCents, ...rest } = row;
  await db
    .insert(teamMembers)
    .values({ ...rest, dailyLimitCents: dailyLimitCents ?? null })
    .onConflictDoUpdate({
      target: teamMembers.memberId,
      set: { role: row.role, ...(dailyLimitCents !== undefined ? { dailyLimitCents } : {}) },
    });
}

export async function deleteMember(db: DbOrTx, memberId: string): Promise<void> {
  await db.delete(teamMembers).where(eq(teamMembers.memberId, memberId));
}

/** Locks the account's member rows, so two changes of owners are decided one after the other. */
export async function lockTeam(db: DbOrTx, accountId: string): Promise<void> {
  await db.execute(sql`SELECT id FROM ${users} WHERE ${users.id} = ${accountId} FOR UPDATE`);
}

export async function setTeamRequiresTwoFactor(db: DbOrTx, accountId: string, required: boolean) {
  await db.update(users).set({ teamRequiresTwoFactor: required }).where(eq(users.id, accountId));
}

export async function insertInvitation(db: DbOrTx, row: typeof teamInvitations.$inferInsert) {
  const [inserted] = await db.insert(teamInvitations).values(row).returning();
  return inserted!;
}

export async function listInvitations(db: DbOrTx, accountId: string, now: Date) {
  return db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.accountId, accountId), gt(teamInvitations.expiresAt, now)))
    .orderBy(teamInvitations.createdAt);
}

export async function findInvitation(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.accountId, accountId), eq(teamInvitations.id, id)));
  return row;
}

export async function renewInvitation(db: DbOrTx, id: string, tokenHash: string, expiresAt: Date) {
  const [row] = await db
    .update(teamInvitations)
    .set({ tokenHash, expiresAt })
    .where(eq(teamInvitations.id, id))
    .returning();
  return row;
}

/** Takes an invitation by its token: deleted as it is read, so it is used once. */
export async function takeInvitation(db: DbOrTx, tokenHash: string) {
  const [row] = await db.delete(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash)).returning();
  return row;
}

export async function deleteInvitation(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .delete(teamInvitations)
    .where(and(eq(teamInvitations.accountId, accountId), eq(teamInvitations.id, id)))
    .returning();
  return row;
}

/** Whether a person's own account holds anything: a balance, an order or members of its own. */
export async function ownAccountIsInUse(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      used: sql<boolean>`${users.balanceCents} > 0
        OR EXISTS (SELECT 1 FROM orders WHERE orders.user_id = ${users.id})
        OR EXISTS (SELECT 1 FROM team_members WHERE team_members.account_id = ${users.id}
                   AND team_members.member_id <> ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.used === true;
}

export async function insertApiKey(db: DbOrTx, row: typeof teamApiKeys.$inferInsert) {
  const [inserted] = await db.insert(teamApiKeys).values(row).returning();
  return inserted!;
}

export async function listApiKeys(db: DbOrTx, accountId: string) {
  return db
    .select({ key: teamApiKeys, memberName: users.username })
    .from(teamApiKeys)
    .innerJoin(users, eq(users.id, teamApiKeys.memberId))
    .where(eq(teamApiKeys.accountId, accountId))
    .orderBy(desc(teamApiKeys.createdAt));
}

export async function deleteApiKey(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .delete(teamApiKeys)
    .where(and(eq(teamApiKeys.accountId, accountId), eq(teamApiKeys.id, id)))
    .returning();
  return row;
}

export async function deleteMemberApiKeys(db: DbOrTx, memberId: string): Promise<void> {
  await db.delete(teamApiKeys).where(eq(teamApiKeys.memberId, memberId));
}

/** Who a team key stands for, as a reseller API call whose key is not remembered reads it. */
export async function findTeamKey(db: DbOrTx, keyHash: string) {
  const [row] = await db
    .select({
      keyId: teamApiKeys.id,
      keyName: teamApiKeys.name,
      keyRole: teamApiKeys.role,
      memberId: users.id,
      role: users.role,
      memberRole,
      accountId: account.id,
      teamRequiresTwoFactor: account.teamRequiresTwoFactor,
      memberHasTwoFactor: sql<boolean>`${users.twoFactorEnabledAt} is not null`,
      memberDisabledAt: users.disabledAt,
      accountDisabledAt: account.disabledAt,
    })
    .from(teamApiKeys)
    .innerJoin(users, eq(users.id, teamApiKeys.memberId))
    .leftJoin(teamMembers, eq(teamMembers.memberId, users.id))
    .innerJoin(account, eq(account.id, teamApiKeys.accountId))
    .where(
      and(
        eq(teamApiKeys.keyHash, keyHash),
        // A key of a member who left the account is no key of it.
        eq(sql`coalesce(${teamMembers.accountId}, ${users.id})`, teamApiKeys.accountId),
      ),
    );
  return row;
}

export async function touchApiKey(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(teamApiKeys).set({ lastUsedAt: at }).where(eq(teamApiKeys.id, id));
}

/** The member's row, locked, with their limit: a member's purchases are charged one after the other. */
export async function lockBuyer(db: DbOrTx, memberId: string) {
  const rows = await db
    .select({ username: users.username, dailyLimitCents: teamMembers.dailyLimitCents })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.memberId, users.id))
    .where(eq(users.id, memberId))
    .for('update', { of: users });
  return rows[0];
}

/** What a member's purchases have charged since `since`, less what refunds gave back of them. */
export async function spentSince(db: DbOrTx, memberId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(-${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.memberId, memberId),
        or(
          and(eq(ledgerEntries.kind, 'order_charge'), gte(ledgerEntries.createdAt, since)),
          and(eq(ledgerEntries.kind, 'refund'), gte(ledgerEntries.spentAt, since)),
        ),
      ),
    );
  return Number(row?.total ?? 0);
}

export async function insertActivity(
  db: DbOrTx,
  row: {
    accountId: string;
    memberId: string | null;
    memberName: string | null;
    apiKeyId: string | null;
    apiKeyName: string | null;
    action: TeamAction;
    summary: string;
  },
): Promise<void> {
  await db.insert(teamActivity).values(row);
}

export async function listActivity(
  db: DbOrTx,
  filter: { accountId: string; memberId?: string; action?: TeamAction; offset: number; limit: number },
) {
  const where = and(
    eq(teamActivity.accountId, filter.accountId),
    filter.memberId ? eq(teamActivity.memberId, filter.memberId) : undefined,
    filter.action ? eq(teamActivity.action, filter.action) : undefined,
  );
  const rows = await db
    .select()
    .from(teamActivity)
    .where(where)
    .orderBy(desc(teamActivity.createdAt), desc(teamActivity.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamActivity)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}
