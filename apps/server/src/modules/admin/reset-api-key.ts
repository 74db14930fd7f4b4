import type { AppContext } from '../../context.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { API_KEY_PREFIX } from '../auth/auth.service.ts';
import { updateUser } from '../users/users.service.ts';
import { notFound, type Actor } from './admin-user-guards.ts';

/** A new API key for the reseller; the old one stops working at once. The key is never audited. */
export async function resetApiKey(ctx: AppContext, options: { actor: Actor; userId: string }): Promise<void> {
  const apiKey = randomToken(API_KEY_PREFIX);
  await ctx.db.transaction(async (tx) => {
    const updated = await updateUser(tx, options.userId, {
      apiKeyHash: hashToken(apiKey),
      apiKeyCipher: ctx.sealer.seal(apiKey),
    });
    if (!updated) throw notFound();
    await recordAudit(tx, {
      actor: options.actor,
      action: 'user.reset_api_key',
      targetType: 'user',
      targetId: options.userId,
      after: { apiKey: 'regenerated' },
    });
  });
}
