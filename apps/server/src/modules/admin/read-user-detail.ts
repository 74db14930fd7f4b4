import type { AdminUserDetail } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from './admin-user-guards.ts';
import { toLedgerView, toSummary } from './admin-user-views.ts';
import { countLiveSessions, findUserSummary, listLedgerEntries } from './admin-users.repository.ts';

export async function getUserDetail(ctx: AppContext, userId: string): Promise<AdminUserDetail> {
  const row = await findUserSummary(ctx.db, userId);
  if (!row) throw notFound();
  const ledger = await listLedgerEntries(ctx.db, { userId, offset: 0, limit: 10 });
  return {
    user: { ...toSummary(row), activeSessions: await countLiveSessions(ctx.db, userId) },
    recentLedger: ledger.rows.map(toLedgerView),
  };
}
