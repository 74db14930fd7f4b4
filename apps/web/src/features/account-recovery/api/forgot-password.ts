import { forgotPasswordBody, messageResponse } from '@portal/shared';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

export const forgotPasswordFormSchema = z.omit(forgotPasswordBody, { captchaToken: true });

/** POST /auth/forgotPassword: email, captchaToken; reads message (spec section 7). */
export const forgotPassword = async (body: z.infer<typeof forgotPasswordBody>) =>
  messageResponse.parse(await api.post('/auth/forgotPassword', body));
