import type {
  ChangeEmailBody,
  ChangePasswordBody,
  EmailStatus,
  LabelDpi,
  LabelPreference,
  UpdateProfileBody,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { API_KEY_PREFIX, endAccountSessions } from '../auth/auth.service.ts';
import { beginLoginAttempt, failLoginAttempt, succeedLoginAttempt } from '../login-throttle/login-throttle.service.ts';
import { findLiveOtpForUser, issueOtp, throttleOtpSend } from '../otp/otp.service.ts';
import { updateUser, type UserRow } from '../users/users.service.ts';

const mustExist = (user: UserRow | undefined): UserRow => {
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return user;
};

export async function updateProfile(
  ctx: AppContext,
  userId: string,
  input: UpdateProfileBody,
): Promise<UserRow> {
  return mustExist(await updateUser(ctx.db, userId, { username: input.username }));
}

export async function getEmailStatus(ctx: AppContext, user: UserRow): Promise<EmailStatus> {
  const pending = await findLiveOtpForUser(ctx.db, user.id, 'verify_email', new Date());
  return { email: user.email, emailVerified: user.emailVerified, pendingEmail: pending?.email ?? null };
}

/**
 * Sends a verification code to a new address. The account keeps its current e-mail until the code is
 * entered on /verify, so a typo cannot lock anybody out of password reset.
 */
export async function requestEmailChange(
  ctx: AppContext,
  user: UserRow,
  input: ChangeEmailBody,
  meta: RequestMeta,
): Promise<void> {
  if (user.emailVerified && user.email?.toLowerCase() === input.email.toLowerCase()) {
    throw new AppError('BAD_REQUEST', 'This email is already verified on your account');
  }
  const now = new Date();
  await throttleOtpSend(ctx.db, { email: input.email, ip: meta.ip, now });
  const mail = await issueOtp(ctx, { userId: user.id, purpose: 'verify_email', email: input.email, now });
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    ctx.log.error({ err }, 'the verification mail could not be sent');
    throw new AppError('UNAVAILABLE', 'We could not send the email right now, please try again later');
  }
}

/**
 * Changes the password after checking the current one (throttled like sign-in); ends every other session,
 * pending code and remembered device (decision 310).
 */
export async function changePassword(
  ctx: AppContext,
  { sessionId, account: user }: { sessionId: string; account: UserRow },
  input: ChangePasswordBody,
  meta: RequestMeta,
): Promise<void> {
  const attempt = await beginLoginAttempt(ctx.db, user.discordId, meta.ip);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw failLoginAttempt(attempt) ?? new AppError('BAD_REQUEST', 'Current password is incorrect');
  }
  await succeedLoginAttempt(ctx.db, attempt);
  const owner = { discordName: user.discordId, name: user.username, email: user.email };
  await assertStrongPassword(input.newPassword, owner, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await endAccountSessions(tx, user.id, { keepSessionId: sessionId });
  });
}

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

/** The label format a download gives when it names none (Account Settings). */
export async function getLabelPreference(ctx: AppContext, userId: string): Promise<LabelPreference> {
  const [row] = await ctx.db
    .select({ labelFormat: users.labelFormat, labelDpi: users.labelDpi })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return { labelFormat: row.labelFormat, labelDpi: row.labelDpi as LabelDpi };
}

export async function setLabelPreference(
  ctx: AppContext,
  userId: string,
  input: LabelPreference,
): Promise<LabelPreference> {
  await ctx.db
    .update(users)
    .set({ labelFormat: input.labelFormat, labelDpi: input.labelDpi })
    .where(eq(users.id, userId));
  return input;
}
