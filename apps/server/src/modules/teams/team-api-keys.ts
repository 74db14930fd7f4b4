import {
  lowerRole,
  ROLE_RANK,
  type CreateTeamApiKeyBody,
  type TeamApiKeyView,
  type TeamRole,
} from '@portal/shared';
import { aRole } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../lib/actor.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import type { Credential } from '../auth/auth.service.ts';
import { recordActivity } from './team-activity.ts';
import {
  deleteApiKey,
  findTeamKey,
  insertApiKey,
  listApiKeys,
  touchApiKey,
  type TeamApiKeyRow,
} from './teams.repository.ts';

/** Team keys start like the account key (`lp_`), then `t`: `lp_t...`. */
const TEAM_KEY_PREFIX = 'lp_t';
const keyNotFound = () => AppError.notFound('API key not found');

const toKeyView = (key: TeamApiKeyRow, memberName: string): TeamApiKeyView => ({
  _id: key.id,
  name: key.name,
  role: key.role,
  prefix: key.prefix,
  member: { _id: key.memberId, username: memberName },
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
});

export async function listTeamApiKeys(ctx: AppContext, accountId: string): Promise<TeamApiKeyView[]> {
  const rows = await listApiKeys(ctx.db, accountId);
  return rows.map((row) => toKeyView(row.key, row.memberName));
}

/** A key of the member asking, with a role no higher than theirs; the key is returned once. */
export async function createTeamApiKey(ctx: AppContext, actor: Actor, body: CreateTeamApiKeyBody) {
  if (ROLE_RANK[body.role] > ROLE_RANK[actor.role]) {
    throw new AppError('FORBIDDEN', `${aRole(actor.role)} cannot make a key with the ${body.role} role`);
  }
  const apiKey = randomToken(TEAM_KEY_PREFIX);
  return ctx.db.transaction(async (tx) => {
    const key = await insertApiKey(tx, {
      accountId: actor.accountId,
      memberId: actor.memberId,
      name: body.name,
      role: body.role,
      keyHash: hashToken(apiKey),
      prefix: apiKey.slice(0, TEAM_KEY_PREFIX.length + 6),
    });
    await recordActivity(tx, actor.accountId, 'key.created', `API key "${body.name}" (${body.role})`);
    const rows = await listApiKeys(tx, actor.accountId);
    const memberName = rows.find((row) => row.key.id === key.id)?.memberName ?? '';
    return { key: toKeyView(key, memberName), apiKey };
  });
}

/** Revokes a key of the team at once: every instance forgets it (the row's delete notifies them). */
export async function revokeTeamApiKey(ctx: AppContext, accountId: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const key = await deleteApiKey(tx, accountId, id);
    if (!key) throw keyNotFound();
    await recordActivity(tx, accountId, 'key.revoked', `API key "${key.name}" (${key.role})`);
  });
  ctx.identities.forget(accountId);
}

/** How often a key's last use is written: at most once a minute per key and process. */
const TOUCH_EVERY_MS = 60_000;
const touchedAt = new Map<string, number>();

/** Notes a key's use for the Team page, without a write per request. */
export function noteKeyUse(ctx: AppContext, keyId: string): void {
  const now = Date.now();
  if ((touchedAt.get(keyId) ?? 0) > now - TOUCH_EVERY_MS) return;
  touchedAt.set(keyId, now);
  if (touchedAt.size > 10_000) touchedAt.clear();
  touchApiKey(ctx.db, keyId, new Date(now)).catch((error: unknown) =>
    ctx.log.warn({ err: error }, 'could not note an API key use'),
  );
}

/**
 * Who a team key stands for: its member, in the key's account, with the lower of the key's and the
 * member's role; null when no key has this hash. A disabled member or account is a 401.
 */
export async function findTeamKeyCredential(ctx: AppContext, keyHash: string): Promise<Credential | null> {
  const row = await findTeamKey(ctx.db, keyHash);
  if (!row) return null;
  if (row.memberDisabledAt || row.accountDisabledAt) {
    throw new AppError('UNAUTHORIZED', 'This account is disabled');
  }
  const teamRole: TeamRole = lowerRole(row.keyRole, row.memberRole);
  return {
    sessionId: 'api-key',
    expiresAt: null,
    user: {
      id: row.accountId,
      role: row.role,
      memberId: row.memberId,
      teamRole,
      teamRequiresTwoFactor: row.teamRequiresTwoFactor,
      hasTwoFactor: row.memberHasTwoFactor,
      apiKey: { id: row.keyId, name: row.keyName },
    },
  };
}
