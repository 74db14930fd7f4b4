import crypto from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { resolveSecret } from '../../db/secrets.ts';
import type { OtpPurpose } from '../../mail/templates/otp-mail.ts';

/** Six random digits from a CSPRNG, leading zeros kept. */
export const generateOtp = (): string => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

/**
 * Keyed hash of a code bound to its user, purpose and address: a leaked table cannot be brute-forced
 * offline (1,000,000 candidates) without the key, and a code for one purpose never matches another.
 */
export const hashOtp = (
  key: string,
  input: { userId: string; purpose: OtpPurpose; email: string; code: string },
): string =>
  crypto
    .createHmac('sha256', key)
    .update([input.purpose, input.userId, input.email.toLowerCase(), input.code].join('\n'))
    .digest('hex');

/** Constant-time comparison of two hex hashes. */
export const hashesMatch = (firstHex: string, secondHex: string): boolean => {
  const left = Buffer.from(firstHex, 'hex');
  const right = Buffer.from(secondHex, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
};

const keys = new WeakMap<Db, Promise<string>>();
/** The HMAC key, generated once into the database so every instance agrees. */
export const otpKey = (db: Db): Promise<string> => {
  let key = keys.get(db);
  if (!key) {
    key = resolveSecret(db, 'otp_hmac_key', undefined);
    keys.set(db, key);
  }
  return key;
};
