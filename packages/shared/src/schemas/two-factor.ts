import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.ts';
import { secondFactorCodeSchema } from './auth.ts';

/** How many recovery codes enabling a second factor gives, each usable once. */
export const RECOVERY_CODE_COUNT = 10;

/** POST /api/v1/account/2fa/setup: a new secret, waiting for its first code; the QR code encodes the URL. */
export const twoFactorSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponse>;

/** POST /api/v1/account/2fa/enable */
export const twoFactorEnableBody = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code from your authenticator app' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export type TwoFactorEnableBody = z.infer<typeof twoFactorEnableBody>;
/** The recovery codes are shown this once; the server keeps only their hashes. */
export const twoFactorEnableResponse = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

/** POST /api/v1/account/2fa/disable: the password and a code (or a recovery code). */
export const twoFactorDisableBody = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
  code: secondFactorCodeSchema,
});
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBody>;

/** GET /api/v1/account/2fa */
export const twoFactorStatusResponse = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** Staff must have it on: the console refuses them until they enrol. */
  isRequired: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusResponse>;

/** POST /api/v1/auth/logout-all: optionally a new API key too. */
export const logoutAllBody = z.object({ regenerateApiKey: z.boolean().optional() }).optional();
export type LogoutAllBody = z.infer<typeof logoutAllBody>;

/** GET /api/v1/account/2fa/devices: the browsers that skip the code, newest first. */
export const twoFactorDevice = z.object({
  _id: z.string(),
  /** e.g. "Firefox on Windows", from the browser's user agent. */
  browser: z.string(),
  createdAt: z.string(),
  /** When it last skipped the code; null when it has not since it was remembered. */
  lastUsedAt: z.string().nullable(),
});
export type TwoFactorDevice = z.infer<typeof twoFactorDevice>;
export const twoFactorDevicesResponse = z.object({ devices: z.array(twoFactorDevice) });

/** POST /api/v1/account/2fa/recovery-codes: the password and a current code; the old codes stop working. */
export const regenerateRecoveryCodesBody = twoFactorDisableBody;
export type RegenerateRecoveryCodesBody = z.infer<typeof regenerateRecoveryCodesBody>;
export const regenerateRecoveryCodesResponse = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
