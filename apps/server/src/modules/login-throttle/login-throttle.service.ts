import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { clientKey } from '../../lib/client-key.ts';
import {
  clearFailures,
  countRecentFailures,
  deleteFailures,
  lockAccountFailures,
  recordFailures,
} from './throttle.repository.ts';

const WINDOW_MS = 15 * 60_000;
/** Wrong passwords an account takes from all addresses before it is slowed down. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** Wrong passwords one address may send for one account before that pair waits out the window. */
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
export const MAX_FAILURES_PER_IP = 20;
/**
 * Wrong second-factor codes an account takes in the window from all addresses together; past it every
 * address waits, with no slowed-down way through (whoever is typing codes already has the password).
 */
export const MAX_CODE_FAILURES_PER_ACCOUNT = 10;
/** Wait before checking a password for an account past its budget, from an address with no failures on it. */
export const SLOWDOWN_MS = 1_000;

const tooMany = () =>
  new AppError(
    'TOO_MANY_REQUESTS',
    'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    {
      headers: { 'retry-after': String(WINDOW_MS / 1000) },
    },
  );

/** What a sign-in attempt may do: `reserved` failure rows to drop if the password is right. */
export type LoginAttempt = { account: string; ip: string; reserved: string[]; isSlowed: boolean };

/**
 * Counts and books a failure before the password (or, with `isSecondFactor`, a second-factor code) is
 * checked, under a per-account lock in one
 * transaction, so simultaneous attempts cannot all pass the count (docs/decisions/106-login-throttling.md).
 * Past the account budget only addresses without failures on it may still try, slowed down: strangers
 * cannot lock the owner out, and no address can keep guessing.
 */
export async function beginLoginAttempt(
  db: Db,
  discordId: string,
  clientIp: string,
  options: { isSecondFactor?: boolean } = {},
): Promise<LoginAttempt> {
  const account = discordId.toLowerCase();
  // An IPv6 client is counted by its /64 (decision 310).
  const ip = clientKey(clientIp);
  const pairKey = `${account}|${ip}`;
  const since = new Date(Date.now() - WINDOW_MS);
  const attempt = await db.transaction(async (tx) => {
    await lockAccountFailures(tx, account);
    const byAccount = await countRecentFailures(tx, 'account', account, since);
    const byPair = await countRecentFailures(tx, 'account-ip', pairKey, since);
    const byIp = await countRecentFailures(tx, 'ip', ip, since);
    if (byIp >= MAX_FAILURES_PER_IP || byPair >= MAX_FAILURES_PER_ACCOUNT_AND_IP) throw tooMany();
    if (byAccount >= MAX_FAILURES_PER_ACCOUNT && byPair > 0) throw tooMany();
    if (options.isSecondFactor) {
      const byCode = await countRecentFailures(tx, 'account-code', account, since);
      if (byCode >= MAX_CODE_FAILURES_PER_ACCOUNT) throw tooMany();
    }
    const isSlowed = byAccount >= MAX_FAILURES_PER_ACCOUNT;
    const reserved = await recordFailures(tx, [
      ...(options.isSecondFactor ? [{ scope: 'account-code' as const, key: account }] : []),
      ...(isSlowed ? [] : [{ scope: 'account' as const, key: account }]),
      { scope: 'account-ip', key: pairKey },
      { scope: 'ip', key: ip },
    ]);
    return { account, ip, reserved, isSlowed };
  });
  if (attempt.isSlowed) await new Promise((resolve) => setTimeout(resolve, SLOWDOWN_MS));
  return attempt;
}

/** A wrong password: the booked failures stay; past the account budget the answer is a 429. */
export function failLoginAttempt(attempt: LoginAttempt): AppError | null {
  return attempt.isSlowed ? tooMany() : null;
}

/** The right password: its booked failures go, and the account's count starts again. */
export async function succeedLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  await deleteFailures(db, attempt.reserved);
  await clearFailures(db, 'account', attempt.account);
  await clearFailures(db, 'account-ip', `${attempt.account}|${attempt.ip}`);
}

/**
 * A right password when a second factor is still to come: this attempt's booked failures go, but the
 * account's earlier ones stay until the code is right, so wrong codes cannot be reset by the password.
 */
export async function passPasswordStep(db: Db, attempt: LoginAttempt): Promise<void> {
  await deleteFailures(db, attempt.reserved);
}

/** A password reset by email proves the owner: the account's failures from everywhere are dropped. */
export async function clearAccountFailures(db: Db, discordId: string): Promise<void> {
  await clearFailures(db, 'account', discordId.toLowerCase());
  await clearFailures(db, 'account-code', discordId.toLowerCase());
}
