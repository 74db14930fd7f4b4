import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 defaults every authenticator app speaks: SHA-1, 6 digits, 30 s steps. */
const PERIOD_SECONDS = 30;
const ISSUER = 'LabelPort';

const totpOf = (secretBase32: string, label = 'account') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secretBase32), period: PERIOD_SECONDS });

/** A new 160-bit secret (base32, as apps show and take it) and the otpauth:// URL its QR code encodes. */
export function newTotpSecret(label: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, label).toString() };
}

/**
 * The time step of `code` if it is right for now, one step either side allowed for clock drift; null
 * when wrong. The caller refuses a step it has already accepted, so a code never works twice.
 */
export function matchTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The code an authenticator shows at `now` (tests and the admin CLI's checks). */
export const totpCodeAt = (secretBase32: string, now = Date.now()): string =>
  totpOf(secretBase32).generate({ timestamp: now });

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code of 10 characters from an unambiguous alphabet (about 49 bits), shown as `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** How a typed code is compared: case, spaces and dashes do not matter. */
export const normalizeCode = (code: string): string => code.replace(/[\s-]/g, '').toLowerCase();

/**
 * Recovery codes are kept as an HMAC bound to their account, keyed by the app secret (`sign`, the
 * sealer's), so a copy of the database alone cannot test guesses against them (decision 311).
 */
export const hashRecoveryCode = (sign: (text: string) => string, userId: string, code: string): string =>
  sign(`recovery-code:${userId}:${normalizeCode(code)}`);

/** How codes issued before decision 311 were kept: a plain SHA-256, marked by the migration. */
export const legacyRecoveryCodeHash = (userId: string, code: string): string =>
  `sha256:${crypto
    .createHash('sha256')
    .update(`${userId}:${normalizeCode(code)}`)
    .digest('hex')}`;
