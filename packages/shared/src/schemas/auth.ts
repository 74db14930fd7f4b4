// Zod Mini (same checks and messages, functions instead of methods): the Sign-In, Register and recovery
// screens load these schemas, and Zod Mini keeps classic Zod's 25 kB out of that page (decision 224).
import * as z from 'zod/mini';
import {
  DISCORD_ID_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../constants.ts';

const captchaToken = z
  .string({ error: 'Please complete the captcha' })
  .check(z.minLength(1, 'Please complete the captcha'), z.maxLength(8192, 'Captcha token is too long'));

export const DISCORD_NAME_RULES =
  'Discord Name must be 2 to 32 characters: letters a-z, digits, _ and . (not two dots in a row)';

export const discordIdSchema = z.string({ error: 'Discord Name is required' }).check(
  z.trim(),
  z.minLength(2, 'Discord Name must be at least 2 characters'),
  z.maxLength(DISCORD_ID_MAX_LENGTH, `Discord Name must be at most ${DISCORD_ID_MAX_LENGTH} characters`),
  z.regex(
    /^[\p{L}\p{N}._-]+$/u,
    'Discord Name may only contain letters, digits, dots, dashes and underscores',
  ),
  // Discord's own rules (checked case-insensitively, as sign-in is): look-alike letters cannot pass.
  z.refine((v) => /^[a-z0-9_.]{2,32}$/.test(v.toLowerCase()) && !v.includes('..'), DISCORD_NAME_RULES),
);

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

export const usernameSchema = z
  .string({ error: 'Name is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Name is required'),
    z.maxLength(USERNAME_MAX_LENGTH, `Name must be at most ${USERNAME_MAX_LENGTH} characters`),
  );

export const loginBody = z.object({
  discordId: z
    .string({ error: 'Discord Name is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Discord Name is required'),
      z.maxLength(DISCORD_ID_MAX_LENGTH, `Discord Name must be at most ${DISCORD_ID_MAX_LENGTH} characters`),
    ),
  password: z
    .string({ error: 'Password is required' })
    .check(
      z.minLength(1, 'Password is required'),
      z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    ),
  captchaToken,
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  username: usernameSchema,
  discordId: discordIdSchema,
  password: passwordSchema,
  captchaToken,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const emailSchema = z.pipe(
  z.string({ error: 'Email is required' }).check(z.trim(), z.maxLength(254, 'Email is too long')),
  z.email('Please enter a valid email address'),
);

export const otpSchema = z
  .string({ error: 'OTP is required' })
  .check(z.trim(), z.regex(/^\d{6}$/, 'OTP must be 6 digits'));

export const forgotPasswordBody = z.object({ email: emailSchema, captchaToken });
export const resetPasswordBody = z.object({
  email: emailSchema,
  newPassword: passwordSchema,
  OTP: otpSchema,
  captchaToken,
  /** A new API key too, since a stolen key outlives every session (the reset form ticks it by default). */
  regenerateApiKey: z.optional(z.boolean()),
});
export const verifyEmailBody = z.object({ email: emailSchema, OTP: otpSchema, captchaToken });

export const messageResponse = z.object({ message: z.string() });
export const tokenResponse = z.object({ message: z.string(), accessToken: z.string() });

/**
 * A sign-in (or a password reset) answers the access token, or, when the account has a second factor,
 * `twoFactorRequired` and the `challengeToken` that POST /auth/login/2fa takes with a code.
 */
export const loginResponse = z.object({
  message: z.string(),
  accessToken: z.optional(z.string()),
  twoFactorRequired: z.optional(z.boolean()),
  challengeToken: z.optional(z.string()),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`); spaces and dashes do not matter. */
export const secondFactorCodeSchema = z
  .string({ error: 'Enter the code from your authenticator app' })
  .check(
    z.trim(),
    z.minLength(1, 'Enter the code from your authenticator app'),
    z.maxLength(32, 'This is not a valid code'),
  );

/** POST /api/v1/auth/login/2fa */
export const loginTwoFactorBody = z.object({
  challengeToken: z.string().check(z.minLength(1), z.maxLength(200)),
  code: secondFactorCodeSchema,
  /** Skip the code on this browser for 30 days (a signed cookie the server can revoke). */
  rememberDevice: z.optional(z.boolean()),
});
export type LoginTwoFactorBody = z.infer<typeof loginTwoFactorBody>;

/** The session user returned by GET /auth/access. */
export const sessionUser = z.object({
  _id: z.string(),
  username: z.string(),
  discordId: z.string(),
  email: z.nullable(z.string()),
  emailVerified: z.boolean(),
  balance: z.number(),
  api_key: z.string(),
  role: z.enum(['user', 'admin']),
  twoFactorEnabled: z.boolean(),
  /** The team the person signs in to (issue 45): its account's name and the person's role in it. */
  team: z.optional(
    z.object({
      _id: z.string(),
      name: z.string(),
      role: z.enum(['owner', 'admin', 'shipper', 'viewer']),
      requireTwoFactor: z.boolean(),
    }),
  ),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const CAPTCHA_PROVIDERS = ['altcha', 'turnstile', 'hcaptcha', 'recaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** GET /api/v1/auth/captcha-config: which bot-check the auth screens load, and its public site key. */
export const captchaConfig = z.object({
  provider: z.enum(CAPTCHA_PROVIDERS),
  siteKey: z.nullable(z.string()),
});
export type CaptchaConfig = z.infer<typeof captchaConfig>;
