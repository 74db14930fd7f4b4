import type { z } from 'zod';
import type { forgotPasswordBody, resetPasswordBody, verifyEmailBody } from '@portal/shared';
import type { AppContext, RequestMeta } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { assertStrongPassword, hashPassword } from '../../lib/passwords.ts';
import { endAccountSessions, signInAfterProof, type SignIn } from '../auth/auth.service.ts';
import { regenerateApiKey } from './account.service.ts';
import { clearAccountFailures } from '../login-throttle/login-throttle.service.ts';
import { consumeOtp, issueOtp, throttleOtpSend } from '../otp/otp.service.ts';
import { findUserById, updateUser, type UserRow } from '../users/users.service.ts';
import { findUserByVerifiedEmail } from './account.repository.ts';

type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;
type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

export const FORGOT_PASSWORD_MESSAGE = 'If an account uses this email, we have sent an OTP to it.';

const sameEmail = (a: string | null, b: string): boolean => a !== null && a.toLowerCase() === b.toLowerCase();

/**
 * Sends a reset code when a verified account e-mail matches. Known and unknown addresses get the same answer
 * and the same work before it: the mail goes out after the reply, so delivery time reveals nothing.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  input: ForgotPasswordBody,
  meta: RequestMeta,
): Promise<void> {
  await ctx.captcha.verify(input.captchaToken, meta.ip);
  const now = new Date();
  await throttleOtpSend(ctx.db, { email: input.email, ip: meta.ip, now });
  const user = await findUserByVerifiedEmail(ctx.db, input.email);
  if (!user?.email) return;
  const mail = await issueOtp(ctx, { userId: user.id, purpose: 'reset_password', email: user.email, now });
  void ctx.mailer
    .send(mail)
    .catch((err: unknown) => ctx.log.error({ err }, 'the password reset mail could not be sent'));
}

/**
 * Sets a new password with a reset code, ends every session, forgets remembered devices and, when asked,
 * replaces the API key; then signs in afresh, or asks for the second factor when the account has one.
 */
export async function resetPassword(
  ctx: AppContext,
  input: ResetPasswordBody,
  meta: RequestMeta,
): Promise<SignIn> {
  await ctx.captcha.verify(input.captchaToken, meta.ip);
  // Checked before the code is used, so a refused password does not cost the user their code: first with
  // what the caller sent, then, once the code is known to be right, with the account's own names.
  await assertStrongPassword(input.newPassword, { email: input.email }, 'newPassword');
  const found: { user?: UserRow } = {};
  const { email } = await consumeOtp(ctx, {
    purpose: 'reset_password',
    email: input.email,
    code: input.OTP,
    now: new Date(),
    beforeUse: async ({ userId }) => {
      const account = (found.user = await findUserById(ctx.db, userId));
      if (!account) return;
      const owner = { discordName: account.discordId, name: account.username, email: account.email };
      await assertStrongPassword(input.newPassword, owner, 'newPassword');
    },
  });
  const { user } = found;
  // The account's e-mail changed since the code was sent: the code was for the old address.
  if (!user || !user.emailVerified || !sameEmail(user.email, email))
    throw new AppError('BAD_REQUEST', 'Invalid or expired OTP');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await endAccountSessions(tx, user.id);
    if (input.regenerateApiKey) await regenerateApiKey(ctx, user.id, tx);
  });
  ctx.identities.forget(user.id);
  await clearAccountFailures(ctx.db, user.discordId);
  return signInAfterProof(ctx, user, meta);
}

/**
 * Makes the address the account's verified e-mail with its code, and nothing else: a code proves only that
 * its reader gets the mail, so it signs nobody in (decision 310). The app keeps the session it has, or asks
 * for a sign-in.
 */
export async function verifyEmail(ctx: AppContext, input: VerifyEmailBody, meta: RequestMeta): Promise<void> {
  await ctx.captcha.verify(input.captchaToken, meta.ip);
  const { userId, email } = await consumeOtp(ctx, {
    purpose: 'verify_email',
    email: input.email,
    code: input.OTP,
    now: new Date(),
  });
  const owner = await findUserByVerifiedEmail(ctx.db, email);
  if (owner && owner.id !== userId) throw emailTaken();
  const updated = await updateUser(ctx.db, userId, { email, emailVerified: true }).catch((error: unknown) => {
    // Another account verified the same address a moment ago (unique index on verified e-mails).
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  });
  if (!updated) throw new AppError('BAD_REQUEST', 'Invalid or expired OTP');
}

const emailTaken = () => new AppError('CONFLICT', 'This email is already used by another account');

const isUniqueViolation = (error: unknown): boolean => {
  const pgError = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return pgError?.code === '23505' || pgError?.cause?.code === '23505';
};
