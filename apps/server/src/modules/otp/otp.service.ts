import { OTP_LIFETIME_MINUTES } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { renderOtpMail, type OtpPurpose } from '../../mail/templates/otp-mail.ts';
import { generateOtp, hashesMatch, hashOtp } from './otp-code.ts';
import {
  deleteExpiredOtps,
  deleteOtp,
  reserveOtpTry,
  returnOtpTry,
  takeOtp,
  upsertOtp,
} from './otp.repository.ts';

export type { OtpPurpose } from '../../mail/templates/otp-mail.ts';
export { throttleOtpSend } from './otp-throttle.ts';
export { findLiveOtpForUser } from './otp.repository.ts';
/** Ending an account's sessions ends its pending e-mail and reset codes too (decision 310). */
export { deleteUserOtps } from './otp.repository.ts';

export const OTP_LIFETIME_MS = OTP_LIFETIME_MINUTES * 60_000;
/** Wrong tries that use up a code; the next try fails even with the right digits. */
export const MAX_OTP_FAILURES = 5;

const invalidOtp = () => new AppError('BAD_REQUEST', 'Invalid or expired OTP');

/**
 * Creates a code for the user and purpose (replacing any earlier one) and returns the mail that carries it.
 * Sending is the caller's choice, so the forgot-password route can send without making its answer slower.
 */
export async function issueOtp(
  ctx: AppContext,
  input: { userId: string; purpose: OtpPurpose; email: string; now: Date },
) {
  const code = generateOtp();
  const expiresAt = new Date(input.now.getTime() + OTP_LIFETIME_MS);
  const codeHash = hashOtp(ctx.sealer.sign, { ...input, code });
  await deleteExpiredOtps(ctx.db, input.now);
  await upsertOtp(ctx.db, {
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    codeHash,
    createdAt: input.now,
    expiresAt,
  });
  return renderOtpMail({
    to: input.email,
    purpose: input.purpose,
    code,
    expiresAt,
    lifetimeMinutes: OTP_LIFETIME_MS / 60_000,
  });
}

type OtpOwner = { userId: string; email: string };

/**
 * Accepts a live code sent to the e-mail for the purpose, once; returns whose code it was. Every try is
 * counted against each live code for that address before it is compared (so concurrent guesses cannot
 * all be compared), a right one gets its try back, and the fifth wrong try deletes the code. `beforeUse`
 * runs once the code is known to be right; when it throws, the code stays usable.
 */
export async function consumeOtp(
  ctx: AppContext,
  input: {
    purpose: OtpPurpose;
    email: string;
    code: string;
    now: Date;
    beforeUse?: (owner: OtpOwner) => Promise<void>;
  },
): Promise<OtpOwner> {
  const candidates = await reserveOtpTry(ctx.db, {
    purpose: input.purpose,
    email: input.email,
    now: input.now,
    maxTries: MAX_OTP_FAILURES,
  });
  for (const row of candidates) {
    const expected = hashOtp(ctx.sealer.sign, {
      userId: row.userId,
      purpose: input.purpose,
      email: row.email,
      code: input.code,
    });
    if (hashesMatch(expected, row.codeHash)) {
      await returnOtpTry(ctx.db, row.id);
      await input.beforeUse?.({ userId: row.userId, email: row.email });
      if (await takeOtp(ctx.db, row.id, row.codeHash)) return { userId: row.userId, email: row.email };
      throw invalidOtp();
    }
  }
  for (const row of candidates) {
    if (row.failedAttempts >= MAX_OTP_FAILURES) await deleteOtp(ctx.db, row.id);
  }
  throw invalidOtp();
}
