import {
  centsToDollars,
  dollarsToCents,
  type TeamMemberView,
  type TeamResponse,
  type TeamRole,
  type UpdateMemberBody,
} from '@portal/shared';
import { aRole, formatUsd } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../lib/actor.ts';
import { endAccountSessions } from '../auth/auth.service.ts';
import { findUserById } from '../users/users.service.ts';
import { recordActivity } from './team-activity.ts';
import {
  deleteMember,
  deleteMemberApiKeys,
  listInvitations,
  listMembers,
  lockTeam,
  setTeamRequiresTwoFactor,
  upsertMember,
} from './teams.repository.ts';

export const LAST_OWNER_MESSAGE =
  'The last owner cannot leave or be demoted: make another member owner first';
export const ACCOUNT_HOLDER_MESSAGE =
  "This member holds the account's balance and orders and cannot be removed: change their role instead";
const memberNotFound = () => AppError.notFound('Member not found');

type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

export const toMemberView = (row: MemberRow): TeamMemberView => ({
  _id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
  twoFactorEnabled: row.twoFactorEnabledAt !== null,
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  dailyLimit: row.dailyLimitCents === null ? null : centsToDollars(row.dailyLimitCents),
});

export async function readTeam(ctx: AppContext, accountId: string): Promise<TeamResponse> {
  const account = await findUserById(ctx.db, accountId);
  if (!account) throw memberNotFound();
  const members = await listMembers(ctx.db, accountId);
  const invitations = await listInvitations(ctx.db, accountId, new Date());
  return {
    team: { _id: account.id, name: account.username },
    members: members.map(toMemberView),
    invitations: invitations.map((i) => ({
      _id: i.id,
      email: i.email,
      role: i.role,
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

/** Only an owner gives or takes the owner role, or changes an owner. */
function assertMayChange(actor: Actor, target: MemberRow, newRole?: TeamRole): void {
  const touchesOwner = target.role === 'owner' || newRole === 'owner';
  if (touchesOwner && actor.role !== 'owner') {
    throw new AppError('FORBIDDEN', `${aRole(actor.role)} cannot change owners`);
  }
}

async function memberOf(tx: DbOrTx, accountId: string, memberId: string) {
  await lockTeam(tx, accountId);
  const members = await listMembers(tx, accountId);
  const target = members.find((m) => m.id === memberId);
  if (!target) throw memberNotFound();
  const otherOwners = members.filter((m) => m.role === 'owner' && m.id !== memberId && !m.disabledAt);
  return { target, otherOwners: otherOwners.length };
}

export async function updateMember(
  ctx: AppContext,
  actor: Actor,
  memberId: string,
  body: UpdateMemberBody,
): Promise<TeamMemberView> {
  return ctx.db.transaction(async (tx: Tx) => {
    const { target, otherOwners } = await memberOf(tx, actor.accountId, memberId);
    assertMayChange(actor, target, body.role);
    const role = body.role ?? target.role;
    if (target.role === 'owner' && role !== 'owner' && otherOwners === 0) {
      throw new AppError('CONFLICT', LAST_OWNER_MESSAGE);
    }
    const dailyLimitCents =
      body.dailyLimit === undefined
        ? undefined
        : body.dailyLimit === null
          ? null
          : dollarsToCents(body.dailyLimit);
    await upsertMember(tx, { memberId, accountId: actor.accountId, role, dailyLimitCents });
    const changes = [
      body.role !== undefined ? `role ${role}` : null,
      body.dailyLimit !== undefined
        ? `daily limit ${body.dailyLimit === null ? 'none' : formatUsd(body.dailyLimit)}`
        : null,
    ].filter(Boolean);
    await recordActivity(tx, actor.accountId, 'member.updated', `${target.username}: ${changes.join(', ')}`);
    const updated = (await listMembers(tx, actor.accountId)).find((m) => m.id === memberId)!;
    return toMemberView(updated);
  });
}

/**
 * Removes a member (or lets one leave): their sessions, remembered devices, pending codes and keys end
 * in the same transaction (decision 310's one way), and every instance forgets them at once.
 */
export async function removeMember(ctx: AppContext, actor: Actor, memberId: string): Promise<void> {
  await ctx.db.transaction(async (tx: Tx) => {
    const { target, otherOwners } = await memberOf(tx, actor.accountId, memberId);
    if (memberId === actor.accountId) throw new AppError('CONFLICT', ACCOUNT_HOLDER_MESSAGE);
    if (memberId !== actor.memberId) assertMayChange(actor, target);
    if (target.role === 'owner' && otherOwners === 0) throw new AppError('CONFLICT', LAST_OWNER_MESSAGE);
    await deleteMember(tx, memberId);
    await deleteMemberApiKeys(tx, memberId);
    await endAccountSessions(tx, memberId);
    await recordActivity(tx, actor.accountId, 'member.removed', target.username);
  });
  ctx.identities.forget(memberId);
}

export async function setTeamTwoFactorRule(ctx: AppContext, accountId: string, required: boolean) {
  await ctx.db.transaction(async (tx: Tx) => {
    await setTeamRequiresTwoFactor(tx, accountId, required);
    await recordActivity(
      tx,
      accountId,
      'team.settings',
      required ? 'A second factor is required of every member' : 'A second factor is no longer required',
    );
  });
  ctx.identities.forget(accountId);
}
