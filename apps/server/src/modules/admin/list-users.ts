import { pageCount, pageOffset, type AdminUsersQuery } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { toSummary } from './admin-user-views.ts';
import { listUserSummaries } from './admin-users.repository.ts';

export async function listUsers(ctx: AppContext, query: AdminUsersQuery) {
  const { rows, total } = await listUserSummaries(ctx.db, {
    search: query.search,
    offset: pageOffset(query.page, query.limit),
    limit: query.limit,
  });
  return { users: rows.map(toSummary), totalPages: pageCount(total, query.limit), total };
}
