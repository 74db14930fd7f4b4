import type { ChangeEmailBody, EmailStatus } from '@portal/shared';
import type { AppContext, RequestMeta } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findLiveOtpForUser, issueOtp, throttleOtpSend } from '../otp/otp.service.ts';
import type { UserRow } from '../users/users.service.ts';

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
