import crypto from 'node:crypto';
import type { OtpPurpose } from '../../mail/templates/otp-mail.ts';

/** Six random digits from a CSPRNG, leading zeros kept. */
export const generateOtp = (): string => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

/**
 * Keyed hash of a code bound to its user, purpose and address: a leaked table cannot be brute-forced
 * offline (1,000,000 candidates) without the key, and a code for one purpose never matches another. The
 * key is the app secret's (`sign`, the sealer's), kept out of the database (decision 311).
 */
export const hashOtp = (
  sign: (text: string) => string,
  input: { userId: string; purpose: OtpPurpose; email: string; code: string },
): string => sign(['otp', input.purpose, input.userId, input.email.toLowerCase(), input.code].join('\n'));

/** Constant-time comparison of two hashes. */
export const hashesMatch = (first: string, second: string): boolean => {
  const left = Buffer.from(first);
  const right = Buffer.from(second);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
};
