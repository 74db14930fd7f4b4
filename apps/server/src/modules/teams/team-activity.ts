import { PAGE_SIZE, type TeamAction, type TeamActivityQuery, type TeamActivityView } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { currentActor } from '../../lib/actor.ts';
import { findMembership, insertActivity, listActivity } from './teams.repository.ts';

/**
 * Records a change in the team's activity, naming the member (and the key, for an API call) of the
 * request being served; outside a request the account itself did it.
 */
export async function recordActivity(
  db: DbOrTx,
  accountId: string,
  action: TeamAction,
  summary: string,
  by?: string,
): Promise<void> {
  const actor = currentActor();
  const memberId = by ?? (actor?.accountId === accountId ? actor.memberId : accountId);
  const member = await findMembership(db, memberId);
  await insertActivity(db, {
    accountId,
    memberId,
    memberName: member?.username ?? null,
    apiKeyId: actor?.apiKey?.id ?? null,
    apiKeyName: actor?.apiKey?.name ?? null,
    action,
    summary,
  });
}

const ACTIVITY_PAGE = PAGE_SIZE.orders * 2;

export async function readTeamActivity(
  ctx: AppContext,
  accountId: string,
  query: TeamActivityQuery,
): Promise<{ activity: TeamActivityView[]; totalPages: number }> {
  const { rows, total } = await listActivity(ctx.db, {
    accountId,
    memberId: query.member,
    action: query.action,
    offset: (query.page - 1) * ACTIVITY_PAGE,
    limit: ACTIVITY_PAGE,
  });
  return {
    activity: rows.map((row) => ({
      _id: row.id,
      action: row.action,
      summary: row.summary,
      member: row.memberId ? { _id: row.memberId, username: row.memberName ?? '' } : null,
      apiKey: row.apiKeyId ? { _id: row.apiKeyId, name: row.apiKeyName ?? '' } : null,
      createdAt: row.createdAt.toISOString(),
    })),
    totalPages: Math.max(1, Math.ceil(total / ACTIVITY_PAGE)),
  };
}
