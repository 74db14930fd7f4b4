import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertNotLastAdmin, findUserById, notFound, type Actor } from './admin-user-guards.ts';
import { setRole } from './admin-users.repository.ts';

/** Makes an account staff or reseller; the last admin cannot be demoted. */
export async function setUserRole(
  ctx: Pick<AppContext, 'db'>,
  options: { actor: Actor; userId: string; role: 'user' | 'admin' },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, options.userId);
    if (!user) throw notFound();
    if (user.role === options.role) return;
    if (options.role === 'user') await assertNotLastAdmin(tx, user.id, 'demoted');
    await setRole(tx, user.id, options.role);
    await recordAudit(tx, {
      actor: options.actor,
      action: options.role === 'admin' ? 'user.promote' : 'user.demote',
      targetType: 'user',
      targetId: user.id,
      before: { role: user.role },
      after: { role: options.role },
    });
  });
}
