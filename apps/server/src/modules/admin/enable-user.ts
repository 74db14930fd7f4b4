import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserById, notFound, type Actor } from './admin-user-guards.ts';
import { setDisabledAt } from './admin-users.repository.ts';

export async function enableUser(ctx: AppContext, options: { actor: Actor; userId: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, options.userId);
    if (!user) throw notFound();
    if (!user.disabledAt) return;
    await setDisabledAt(tx, user.id, null);
    await recordAudit(tx, {
      actor: options.actor,
      action: 'user.enable',
      targetType: 'user',
      targetId: user.id,
      before: { enabled: false },
      after: { enabled: true },
    });
  });
}
