import type { AppContext } from '../../context.ts';
import { toMemberView } from './team-members.ts';
import { findMembership, listMembers } from './teams.repository.ts';

/** The members of a reseller's team as staff see them, with whether each is disabled. */
export async function listMembersForStaff(ctx: AppContext, userId: string) {
  const place = await findMembership(ctx.db, userId);
  const rows = await listMembers(ctx.db, place?.accountId ?? userId);
  return rows.map((row) => ({ ...toMemberView(row), disabled: row.disabledAt !== null }));
}
