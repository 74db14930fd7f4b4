import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { endAccountSessions } from '../auth/auth.service.ts';
import { assertNotLastAdmin, findUserById, notFound, type Actor } from './admin-user-guards.ts';
import { setDisabledAt } from './admin-users.repository.ts';

/**
 * Disables an account: sign-in refused, every session, pending code and remembered device ended at once,
 * the API key refused.
 */
export async function disableUser(ctx: AppContext, options: { actor: Actor; userId: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, options.userId);
    if (!user) throw notFound();
    if (user.role === 'admin') await assertNotLastAdmin(tx, user.id, 'disabled');
    if (user.disabledAt) return;
    await setDisabledAt(tx, user.id, new Date());
    await endAccountSessions(tx, user.id);
    await recordAudit(tx, {
      actor: options.actor,
      action: 'user.disable',
      targetType: 'user',
      targetId: user.id,
      before: { enabled: true },
      after: { enabled: false },
    });
  });
}
