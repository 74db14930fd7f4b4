import crypto from 'node:crypto';
import type { DbOrTx } from '../apps/server/src/db/client.ts';
import { insertUser } from '../apps/server/src/modules/users/users.repository.ts';

/** An account for a benchmark to act as: no usable password or API key, signed in through a session. */
export async function insertBenchUser(
  db: DbOrTx,
  { username, role = 'user' }: { username: string; role?: 'user' | 'admin' },
): Promise<{ id: string }> {
  const user = await insertUser(db, {
    username,
    discordId: `bench_${crypto.randomUUID()}`,
    role,
    passwordHash: 'not-a-hash',
    apiKeyHash: crypto.randomUUID(),
    apiKeyCipher: 'unused',
    // Staff reach the console only with a second factor; a bench session stands for one already passed.
    ...(role === 'admin' ? { twoFactorEnabledAt: new Date() } : {}),
  });
  if (!user) throw new Error(`could not insert the bench account ${username}`);
  return user;
}
