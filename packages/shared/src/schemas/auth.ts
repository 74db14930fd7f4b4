import { z } from 'zod';
import {
  DISCORD_ID_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../constants.ts';

const captchaToken = z
  .string({ error: 'Please complete the captcha' })
  .min(1, 'Please complete the captcha')
  .max(8192, 'Captcha token is too long');

export const DISCORD_NAME_RULES =
  'Discord Name must be 2 to 32 characters: letters a-z, digits, _ and . (not two dots in a row)';

export const discordIdSchema = z
  .string({ error: 'Discord Name is required' })
  .trim()
  .min(2, 'Discord Name must be at least 2 characters')
  .max(DISCORD_ID_MAX_LENGTH, `Discord Name must be at most ${DISCORD_ID_MAX_LENGTH} characters`)
  .regex(/^[\p{L}\p{N}._-]+$/u, 'Discord Name may only contain letters, digits, dots, dashes and underscores')
  // Discord's own rules (checked case-insensitively, as sign-in is): look-alike letters cannot pass.
  .refine((v) => /^[a-z0-9_.]{2,32}$/.test(v.toLowerCase()) && !v.includes('..'), DISCORD_NAME_RULES);

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const usernameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(USERNAME_MAX_LENGTH, `Name must be at most ${USERNAME_MAX_LENGTH} characters`);

export const loginBody = z.object({
  discordId: z
    .string({ error: 'Discord Name is required' })
    .trim()
    .min(1, 'Discord Name is required')
    .max(DISCORD_ID_MAX_LENGTH),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
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

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

export const otpSchema = z
  .string({ error: 'OTP is required' })
  .trim()
  .regex(/^\d{6}$/, 'OTP must be 6 digits');

export const forgotPasswordBody = z.object({ email: emailSchema, captchaToken });
export const resetPasswordBody = z.object({
  email: emailSchema,
  newPassword: passwordSchema,
  OTP: otpSchema,
  captchaToken,
});
export const verifyEmailBody = z.object({ email: emailSchema, OTP: otpSchema, captchaToken });

export const messageResponse = z.object({ message: z.string() });
export const tokenResponse = z.object({ message: z.string(), accessToken: z.string() });

/** The session user returned by GET /auth/access. */
export const sessionUser = z.object({
  _id: z.string(),
  username: z.string(),
  discordId: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  balance: z.number(),
  api_key: z.string(),
  role: z.enum(['user', 'admin']),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const CAPTCHA_PROVIDERS = ['altcha', 'turnstile', 'hcaptcha', 'recaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** GET /api/v1/auth/captcha-config: which bot-check the auth screens load, and its public site key. */
export const captchaConfig = z.object({
  provider: z.enum(CAPTCHA_PROVIDERS),
  siteKey: z.string().nullable(),
});
export type CaptchaConfig = z.infer<typeof captchaConfig>;
