import type { AppContext } from '../../context.ts';
import { endAccountSessions } from '../auth/auth.service.ts';
import { regenerateApiKey } from './regenerate-api-key.ts';

/**
 * Ends every session of the user, the current one included, their pending codes and remembered devices; with
 * `regenerateApiKey` the API key is replaced too, since a stolen key outlives every session.
 */
export async function logoutEverywhere(
  ctx: AppContext,
  userId: string,
  options: { regenerateApiKey?: boolean } = {},
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await endAccountSessions(tx, userId);
    if (options.regenerateApiKey) await regenerateApiKey(ctx, userId, tx);
  });
  ctx.identities.forget(userId);
}
