import crypto from 'node:crypto';
import type { App } from '../apps/server/src/app.ts';
import type { Db, DbOrTx } from '../apps/server/src/db/client.ts';
import { hashToken } from '../apps/server/src/lib/tokens.ts';
import { postLedgerEntry } from '../apps/server/src/modules/ledger/ledger.service.ts';
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

/** A reseller with a usable API key and a funded balance, for benchmarks that call `/api/v2`. */
export async function insertBenchApiReseller(
  app: App,
  db: Db,
  { username, cents }: { username: string; cents: number },
): Promise<{ id: string; key: string }> {
  const key = `lp_bench_${crypto.randomBytes(16).toString('hex')}`;
  const user = await insertUser(db, {
    username,
    discordId: `bench_${crypto.randomUUID().slice(0, 13)}`,
    passwordHash: 'not-a-hash',
    apiKeyHash: hashToken(key),
    apiKeyCipher: app.ctx.sealer.seal(key),
  });
  if (!user) throw new Error(`could not insert the bench account ${username}`);
  await db.transaction((tx) =>
    postLedgerEntry(tx, { userId: user.id, kind: 'deposit', amountCents: cents, sourceKey: `bench:${key}` }),
  );
  return { id: user.id, key };
}
