import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { endAccountSessions } from '../auth/auth.service.ts';
import { findUserById, notFound, type Actor } from './admin-user-guards.ts';
import { countLiveSessions } from './admin-users.repository.ts';

export async function revokeSessions(
  ctx: AppContext,
  options: { actor: Actor; userId: string },
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    if (!(await findUserById(tx, options.userId))) throw notFound();
    const live = await countLiveSessions(tx, options.userId);
    await endAccountSessions(tx, options.userId);
    await recordAudit(tx, {
      actor: options.actor,
      action: 'user.revoke_sessions',
      targetType: 'user',
      targetId: options.userId,
      before: { activeSessions: live },
      after: { activeSessions: 0 },
    });
    return live;
  });
}
