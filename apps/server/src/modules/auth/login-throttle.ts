import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { clearFailures, countRecentFailures, recordFailure } from './throttle.repository.ts';

const WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;

const tooMany = () =>
  new AppError(
    'TOO_MANY_REQUESTS',
    'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    {
      headers: { 'retry-after': String(WINDOW_MS / 1000) },
    },
  );

/** Refuses a sign-in while the account or the address has too many recent failures. */
export async function assertLoginAllowed(db: DbOrTx, discordId: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MS);
  const [byAccount, byIp] = await Promise.all([
    countRecentFailures(db, 'account', discordId.toLowerCase(), since),
    countRecentFailures(db, 'ip', ip, since),
  ]);
  if (byAccount >= MAX_FAILURES_PER_ACCOUNT || byIp >= MAX_FAILURES_PER_IP) throw tooMany();
}

export async function noteLoginFailure(db: DbOrTx, discordId: string, ip: string): Promise<void> {
  await Promise.all([recordFailure(db, 'account', discordId.toLowerCase()), recordFailure(db, 'ip', ip)]);
}

export async function noteLoginSuccess(db: DbOrTx, discordId: string): Promise<void> {
  await clearFailures(db, 'account', discordId.toLowerCase());
}
