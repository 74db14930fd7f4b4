import { otpSchema, tokenResponse, type verifyEmailBody } from '@portal/shared';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

export const verifyEmailFormSchema = z.object({ OTP: otpSchema });

/** POST /auth/verifyEmail: email, OTP, captchaToken; reads message, accessToken (spec section 7). */
export const verifyEmail = async (body: z.infer<typeof verifyEmailBody>) =>
  tokenResponse.parse(await api.post('/auth/verifyEmail', body));
