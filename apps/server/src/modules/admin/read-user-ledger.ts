import { pageCount, pageOffset } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { findUserById, notFound } from './admin-user-guards.ts';
import { toLedgerView } from './admin-user-views.ts';
import { listLedgerEntries } from './admin-users.repository.ts';

export async function getUserLedger(
  ctx: AppContext,
  options: { userId: string; page: number; limit: number },
) {
  if (!(await findUserById(ctx.db, options.userId))) throw notFound();
  const { rows, total } = await listLedgerEntries(ctx.db, {
    userId: options.userId,
    offset: pageOffset(options.page, options.limit),
    limit: options.limit,
  });
  return { entries: rows.map(toLedgerView), totalPages: pageCount(total, options.limit), total };
}
