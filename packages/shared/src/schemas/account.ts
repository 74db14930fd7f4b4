import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.ts';
import { emailSchema, passwordSchema, sessionUser, usernameSchema } from './auth.ts';

/** PATCH /api/v1/user/profile */
export const updateProfileBody = z.object({ username: usernameSchema });
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
export const profileResponse = z.object({ message: z.string(), user: sessionUser });

/** POST /api/v1/user/email: sends a verification code; the address becomes the account's once verified. */
export const changeEmailBody = z.object({ email: emailSchema });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** GET /api/v1/user/email: the verified address and one waiting for its code, if any. */
export const emailStatusResponse = z.object({
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  pendingEmail: z.string().nullable(),
});
export type EmailStatus = z.infer<typeof emailStatusResponse>;

/** POST /api/v1/user/password: ends every other session. */
export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /api/v1/user/api-key: the new key; the old one stops working at once. */
export const apiKeyResponse = z.object({ message: z.string(), api_key: z.string() });
