import {
  forgotPasswordBody,
  loginResponse,
  messageResponse,
  otpSchema,
  passwordSchema,
  type resetPasswordBody,
  type verifyEmailBody,
} from '@portal/shared';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

export const forgotPasswordFormSchema = z.omit(forgotPasswordBody, { captchaToken: true });

/** POST /auth/forgotPassword: email, captchaToken; reads message (spec section 7). */
export const forgotPassword = async (body: z.infer<typeof forgotPasswordBody>) =>
  messageResponse.parse(await api.post('/auth/forgotPassword', body));

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

export const verifyEmailFormSchema = z.object({ OTP: otpSchema });

/**
 * POST /auth/verifyEmail: email, OTP, captchaToken; reads message. It signs nobody in (decision 310), so
 * there is no accessToken to read.
 */
export const verifyEmail = async (body: z.infer<typeof verifyEmailBody>) =>
  messageResponse.parse(await api.post('/auth/verifyEmail', body));
