import { loginResponse, otpSchema, passwordSchema, type resetPasswordBody } from '@portal/shared';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/**
 * The Reset form: OTP, New Password and its confirmation. The page compares the two before any call and shows
 * PASSWORDS_DO_NOT_MATCH in its alert (spec section 5).
 */
export const resetPasswordFormSchema = z.object({
  OTP: otpSchema,
  newPassword: passwordSchema,
  confirmPassword: z.string(),
});

/**
 * POST /auth/resetPassword: email, newPassword, OTP, captchaToken and whether to replace the API key too;
 * reads message and accessToken, or `challengeToken` when the account has a second factor.
 */
export const resetPassword = async (body: z.infer<typeof resetPasswordBody>) =>
  loginResponse.parse(await api.post('/auth/resetPassword', body));
