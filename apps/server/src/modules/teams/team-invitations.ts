import type { InvitationView, InviteBody, TeamRole } from '@portal/shared';
import { aRole } from '@portal/shared';
import { ROLE_RANK } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../lib/actor.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { renderTeamInvitationMail } from '../../mail/templates/team-invitation-mail.ts';
import { findUserById } from '../users/users.service.ts';
import { recordActivity } from './team-activity.ts';
import {
  deleteInvitation,
  findInvitation,
  findMembership,
  insertInvitation,
  ownAccountIsInUse,
  renewInvitation,
  takeInvitation,
  upsertMember,
  type InvitationRow,
} from './teams.repository.ts';

export const INVITATION_DAYS = 7;
export const INVITATION_INVALID = 'This invitation link is not valid: it was used, revoked or replaced';
export const INVITATION_EXPIRED = 'This invitation has expired: ask for a new one';
const invitationNotFound = () => AppError.notFound('Invitation not found');

const toInvitationView = (row: InvitationRow): InvitationView => ({
  _id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
});

/** Where the app opens an invitation: the configured public address, else the address the request came to. */
const joinLink = (ctx: AppContext, origin: string, token: string): string =>
  new URL(`/team/join?token=${encodeURIComponent(token)}`, ctx.config.publicUrl ?? origin).href;

function assertMayGive(actor: Actor, role: TeamRole): void {
  if (role === 'owner' && actor.role !== 'owner') {
    throw new AppError('FORBIDDEN', `${aRole(actor.role)} cannot invite an owner`);
  }
  if (ROLE_RANK[role] > ROLE_RANK[actor.role]) {
    throw new AppError('FORBIDDEN', `${aRole(actor.role)} cannot invite ${aRole(role).toLowerCase()}`);
  }
}

async function mailInvitation(
  ctx: AppContext,
  actor: Actor,
  row: InvitationRow,
  token: string,
  origin: string,
): Promise<void> {
  const account = await findUserById(ctx.db, actor.accountId);
  const inviter = await findUserById(ctx.db, actor.memberId);
  await ctx.mailer.send(
    renderTeamInvitationMail({
      to: row.email,
      teamName: account?.username ?? 'LabelPort',
      inviterName: inviter?.username ?? 'A LabelPort reseller',
      role: row.role,
      link: joinLink(ctx, origin, token),
      expiresAt: row.expiresAt,
    }),
  );
}

const expiry = () => new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);

export async function inviteMember(
  ctx: AppContext,
  actor: Actor,
  body: InviteBody,
  origin: string,
): Promise<InvitationView> {
  assertMayGive(actor, body.role);
  const token = randomToken();
  const row = await ctx.db.transaction(async (tx: Tx) => {
    const inserted = await insertInvitation(tx, {
      accountId: actor.accountId,
      email: body.email,
      role: body.role,
      tokenHash: hashToken(token),
      invitedBy: actor.memberId,
      expiresAt: expiry(),
    });
    await recordActivity(tx, actor.accountId, 'member.invited', `${body.email} as ${body.role}`);
    return inserted;
  });
  await mailInvitation(ctx, actor, row, token, origin);
  return toInvitationView(row);
}

/** Sends a new link: the old one stops working, and the invitation runs for its full time again. */
export async function resendInvitation(
  ctx: AppContext,
  actor: Actor,
  id: string,
  origin: string,
): Promise<InvitationView> {
  const current = await findInvitation(ctx.db, actor.accountId, id);
  if (!current) throw invitationNotFound();
  assertMayGive(actor, current.role);
  const token = randomToken();
  const row = await renewInvitation(ctx.db, id, hashToken(token), expiry());
  if (!row) throw invitationNotFound();
  await mailInvitation(ctx, actor, row, token, origin);
  return toInvitationView(row);
}

export async function revokeInvitation(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx: Tx) => {
    const row = await deleteInvitation(tx, actor.accountId, id);
    if (!row) throw invitationNotFound();
    await recordActivity(tx, actor.accountId, 'invitation.revoked', row.email);
  });
}

/**
 * The signed-in person joins the team of the invitation. The link is used once (taken in the same
 * transaction); a person who belongs to another team, holds staff rights, a balance or orders of their
 * own, or whose verified e-mail is another, cannot use it.
 */
export async function acceptInvitation(ctx: AppContext, personId: string, token: string) {
  const joined = await ctx.db.transaction(async (tx: Tx) => {
    const invitation = await takeInvitation(tx, hashToken(token));
    if (!invitation) throw new AppError('NOT_FOUND', INVITATION_INVALID);
    if (invitation.expiresAt.getTime() <= Date.now()) throw new AppError('BAD_REQUEST', INVITATION_EXPIRED);
    const person = await findUserById(tx, personId);
    const place = await findMembership(tx, personId);
    if (!person || !place) throw new AppError('UNAUTHORIZED', 'Please sign in');
    if (person.role === 'admin') throw new AppError('FORBIDDEN', 'Staff accounts cannot join a team');
    if (place.accountId === invitation.accountId) {
      throw new AppError('CONFLICT', 'You are already a member of this team');
    }
    if (place.hasRow && place.accountId !== personId) {
      throw new AppError('CONFLICT', 'You already belong to another team: leave it first');
    }
    if (person.emailVerified && person.email?.toLowerCase() !== invitation.email.toLowerCase()) {
      throw new AppError('FORBIDDEN', 'This invitation was sent to another e-mail address');
    }
    if (await ownAccountIsInUse(tx, personId)) {
      throw new AppError(
        'CONFLICT',
        'Your account has a balance, orders or members of its own: join with a new account',
      );
    }
    await upsertMember(tx, { memberId: personId, accountId: invitation.accountId, role: invitation.role });
    const account = await findUserById(tx, invitation.accountId);
    await recordActivity(
      tx,
      invitation.accountId,
      'member.joined',
      `${person.username} as ${invitation.role}`,
      personId,
    );
    return { teamName: account?.username ?? '', role: invitation.role };
  });
  ctx.identities.forget(personId);
  return joined;
}
