import type { LoginBody, RegisterBody, SessionUser } from '@portal/shared';
import type { AppContext, RequestMeta } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  assertStrongPassword,
  burnPasswordCheck,
  hashPassword,
  verifyPassword,
} from '../../lib/passwords.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import {
  findUserByDiscordId,
  findUserById,
  insertUser,
  markSeen,
  toSessionUser,
  type UserRow,
} from '../users/users.service.ts';
import { beginTwoFactorChallenge, isRememberedDevice } from '../two-factor/two-factor-login.service.ts';
import { deleteUserChallenges, deleteUserDevices, hasTwoFactor } from '../two-factor/two-factor.service.ts';
import { deleteUserOtps } from '../otp/otp.service.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  beginLoginAttempt,
  failLoginAttempt,
  passPasswordStep,
  succeedLoginAttempt,
} from '../login-throttle/login-throttle.service.ts';
import type { Credential, Identity } from './identity-cache.ts';

export type { Credential, Identity };
import { deleteSession, deleteUserSessions, findLiveSession, insertSession } from './sessions.repository.ts';

export const API_KEY_PREFIX = 'lp_';

export async function registerUser(
  ctx: AppContext,
  input: RegisterBody,
  meta: RequestMeta,
): Promise<UserRow> {
  await ctx.captcha.verify(input.captchaToken, meta.ip);
  await assertStrongPassword(input.password, { discordName: input.discordId, name: input.username });
  if (await findUserByDiscordId(ctx.db, input.discordId)) throw discordTaken();
  const apiKey = randomToken(API_KEY_PREFIX);
  const user = await insertUser(ctx.db, {
    username: input.username,
    discordId: input.discordId,
    passwordHash: await hashPassword(input.password),
    apiKeyHash: hashToken(apiKey),
    apiKeyCipher: ctx.sealer.seal(apiKey),
  });
  // Two registrations racing for one name: the unique index lets one through.
  if (!user) throw discordTaken();
  return user;
}

const discordTaken = () => new AppError('CONFLICT', 'This Discord Name is already registered');

/** A finished sign-in (`accessToken`), or one waiting for its second factor (`challengeToken`). */
export type SignIn = { accessToken: string } | { challengeToken: string };

export async function loginUser(
  ctx: AppContext,
  input: LoginBody,
  meta: RequestMeta & { deviceCookie?: string },
): Promise<SignIn> {
  await ctx.captcha.verify(input.captchaToken, meta.ip);
  const attempt = await beginLoginAttempt(ctx.db, input.discordId, meta.ip);
  const user = await findUserByDiscordId(ctx.db, input.discordId);
  const isValid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password).then(() => false);
  if (!user || !isValid) {
    throw failLoginAttempt(attempt) ?? new AppError('BAD_REQUEST', 'Invalid Discord Name or password');
  }
  if (hasTwoFactor(user) && !(await isRememberedDevice(ctx, user, meta.deviceCookie))) {
    await passPasswordStep(ctx.db, attempt);
    assertAccountEnabled(user);
    return { challengeToken: await beginTwoFactorChallenge(ctx, user.id) };
  }
  await succeedLoginAttempt(ctx.db, attempt);
  assertAccountEnabled(user);
  return { accessToken: await createSession(ctx, user.id, meta) };
}

/** The last step of a sign-in whose second factor was right: a disabled account is still refused. */
export async function finishSignIn(ctx: AppContext, user: UserRow, meta: RequestMeta): Promise<string> {
  assertAccountEnabled(user);
  return createSession(ctx, user.id, meta);
}

/** Signs in, or asks for the second factor first when the account has one (a password reset). */
export async function signInAfterProof(ctx: AppContext, user: UserRow, meta: RequestMeta): Promise<SignIn> {
  if (hasTwoFactor(user)) return { challengeToken: await beginTwoFactorChallenge(ctx, user.id) };
  return { accessToken: await createSession(ctx, user.id, meta) };
}

export const ACCOUNT_DISABLED_MESSAGE = 'This account is disabled. Please contact support.';

/**
 * The one rule for a usable account: staff may disable one (users.disabled_at). Sign-in refuses it
 * with a clear message; the session lookup and the API key lookup ignore it.
 */
export const isAccountEnabled = (user: Pick<UserRow, 'disabledAt'>): boolean => user.disabledAt === null;

function assertAccountEnabled(user: UserRow): void {
  if (!isAccountEnabled(user)) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE);
}

export async function createSession(ctx: AppContext, userId: string, meta: RequestMeta): Promise<string> {
  const accessToken = randomToken();
  await insertSession(ctx.db, {
    userId,
    tokenHash: hashToken(accessToken),
    expiresAt: new Date(Date.now() + ctx.config.sessionTtlMs),
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    ip: meta.ip,
  });
  await markSeen(ctx.db, userId, new Date());
  return accessToken;
}

/** A signed-in request's session (or `api-key`) and who it is; handlers that need more of the account read it. */
export type Authenticated = { sessionId: string; user: Identity };

/** The live session of a bearer token, remembered between requests until it ends (decision 222); null for unknown or expired tokens. */
export async function authenticateToken(ctx: AppContext, token: string): Promise<Authenticated | null> {
  const tokenHash = hashToken(token);
  const found = await ctx.identities.get(
    `session ${tokenHash}`,
    async () => (await findLiveSession(ctx.db, tokenHash)) ?? null,
  );
  return found && { sessionId: found.sessionId, user: found.user };
}

/**
 * The one way an account's sessions end: signing out everywhere, a password reset or change, staff
 * revoking sessions or disabling the account. Its pending e-mail and reset codes, its sign-ins waiting
 * for a second factor and its remembered devices end with them, so nothing mailed or remembered before
 * outlives the sign-out (decision 310). `keepSessionId` spares the session that changed the password.
 */
export async function endAccountSessions(
  tx: DbOrTx,
  userId: string,
  options: { keepSessionId?: string } = {},
): Promise<void> {
  await deleteUserSessions(tx, userId, options.keepSessionId);
  await deleteUserOtps(tx, userId);
  await deleteUserChallenges(tx, userId);
  await deleteUserDevices(tx, userId);
}

export async function logoutSession(ctx: AppContext, auth: Authenticated): Promise<void> {
  await deleteSession(ctx.db, auth.sessionId);
  // Every process hears of it by NOTIFY; this one need not wait for that.
  ctx.identities.forget(auth.user.memberId);
}

/** The signed-in person with their team's account: its name, balance and their role in it. */
export async function describeSession(ctx: AppContext, identity: Identity): Promise<SessionUser> {
  const person = await findUserById(ctx.db, identity.memberId);
  const account = identity.id === identity.memberId ? person : await findUserById(ctx.db, identity.id);
  if (!person || !account)
    throw new AppError('UNAUTHORIZED', 'Your session has expired, please sign in again');
  return toSessionUser(person, ctx.sealer, { account, role: identity.teamRole });
}
