import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { API_KEY_PREFIX } from '../auth/auth.service.ts';
import { updateUser } from '../users/users.service.ts';
import { mustExist } from './signed-in-user.ts';

/** Issues a new API key; the old one stops working at once. Returns the new key. */
export async function regenerateApiKey(
  ctx: AppContext,
  userId: string,
  tx: DbOrTx = ctx.db,
): Promise<string> {
  const apiKey = randomToken(API_KEY_PREFIX);
  mustExist(
    await updateUser(tx, userId, {
      apiKeyHash: hashToken(apiKey),
      apiKeyCipher: ctx.sealer.seal(apiKey),
    }),
  );
  return apiKey;
}
