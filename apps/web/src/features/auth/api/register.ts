import { messageResponse, registerBody, type RegisterBody } from '@portal/shared';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

/** What the Register form collects; the captcha token is added on submit. */
export const registerFormSchema = z.omit(registerBody, { captchaToken: true });
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/** POST /auth/register: 201 on success; the message is read on error only (spec section 7). */
export const register = async (body: RegisterBody) =>
  messageResponse.parse(await api.post('/auth/register', body));
