import crypto from 'node:crypto';
import type { LoginTwoFactorBody } from '@portal/shared';
import type { AppContext, RequestMeta } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import {
  beginLoginAttempt,
  failLoginAttempt,
  succeedLoginAttempt,
} from '../login-throttle/login-throttle.service.ts';
import { findUserById, type UserRow } from '../users/users.service.ts';
import {
  deleteChallenge,
  findLiveChallenge,
  findLiveDevice,
  insertChallenge,
  insertDevice,
  reserveChallengeTry,
  touchDevice,
} from './two-factor.repository.ts';
import { hasTwoFactor, recordRecoveryCodeUse, verifySecondFactor } from './two-factor.service.ts';

/** A right password waits this long for its code. */
const CHALLENGE_TTL_MS = 5 * 60_000;
/** "Remember this device for 30 days". */
export const DEVICE_TTL_MS = 30 * 24 * 60 * 60_000;
export const DEVICE_COOKIE = 'lp_2fa_device';

/** Wrong codes that end a challenge: the password must be typed again. */
export const MAX_CHALLENGE_TRIES = 5;

/**
 * One answer for a wrong code and for a challenge that is over (expired, used, or out of tries), so a
 * guesser cannot tell which (decision 310).
 */
export const CODE_REFUSED_MESSAGE =
  'Invalid code, or this sign-in has expired: try again or go back to sign in';
const codeRefused = () => new AppError('BAD_REQUEST', CODE_REFUSED_MESSAGE);

/** After a right password: the token that POST /auth/login/2fa takes with a code. */
export async function beginTwoFactorChallenge(ctx: AppContext, userId: string): Promise<string> {
  const challengeToken = randomToken();
  await insertChallenge(ctx.db, {
    userId,
    tokenHash: hashToken(challengeToken),
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return challengeToken;
}

/**
 * The second step of a sign-in: a code (or a recovery code) for a live challenge. Wrong codes count as
 * wrong passwords of the account (the login throttle) and against the account's own cap on wrong codes
 * from any address; the fifth wrong code ends the challenge. The challenge is used up by the right code;
 * the caller makes the session (finishSignIn).
 */
export async function completeTwoFactorChallenge(
  ctx: AppContext,
  input: Pick<LoginTwoFactorBody, 'challengeToken' | 'code'>,
  meta: RequestMeta,
): Promise<UserRow> {
  const tokenHash = hashToken(input.challengeToken);
  const challenge = await findLiveChallenge(ctx.db, tokenHash, new Date(), MAX_CHALLENGE_TRIES);
  if (!challenge) throw codeRefused();
  const user = await findUserById(ctx.db, challenge.userId);
  if (!user || !hasTwoFactor(user)) throw codeRefused();
  const attempt = await beginLoginAttempt(ctx.db, user.discordId, meta.ip, { isSecondFactor: true });
  if (!(await reserveChallengeTry(ctx.db, challenge.id, MAX_CHALLENGE_TRIES))) {
    throw failLoginAttempt(attempt) ?? codeRefused();
  }
  const matched = await verifySecondFactor(ctx, user, input.code);
  if (!matched) throw failLoginAttempt(attempt) ?? codeRefused();
  await succeedLoginAttempt(ctx.db, attempt);
  if (!(await deleteChallenge(ctx.db, challenge.id))) throw codeRefused();
  if (matched === 'recovery') await recordRecoveryCodeUse(ctx, user, meta);
  return user;
}

const sign = (ctx: AppContext, payload: string) => ctx.sealer.sign(`2fa-device:${payload}`);

/** Remembers this browser for 30 days: the cookie's value, signed, naming a row that revoking deletes. */
export async function rememberDevice(ctx: AppContext, userId: string, meta: RequestMeta): Promise<string> {
  const expiresAt = new Date(Date.now() + DEVICE_TTL_MS);
  const id = await insertDevice(ctx.db, {
    userId,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  const payload = `${id}.${userId}.${expiresAt.getTime()}`;
  return `${payload}.${sign(ctx, payload)}`;
}

/** Whether the cookie is one this server signed for this account, not expired and not revoked. */
export async function isRememberedDevice(
  ctx: AppContext,
  user: UserRow,
  cookie: string | undefined,
): Promise<boolean> {
  const parts = cookie?.split('.') ?? [];
  if (parts.length !== 4) return false;
  const [id, userId, expires, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(ctx, `${id}.${userId}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return false;
  if (userId !== user.id || !(Number(expires) > Date.now())) return false;
  const now = new Date();
  if (!(await findLiveDevice(ctx.db, id, user.id, now))) return false;
  await touchDevice(ctx.db, id, now);
  return true;
}
