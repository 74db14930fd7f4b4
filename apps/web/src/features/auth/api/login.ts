import { loginBody, tokenResponse, type LoginBody } from '@portal/shared';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

/** What the Sign-In form collects; the captcha token is added on submit. */
export const loginFormSchema = z.omit(loginBody, { captchaToken: true });

/** POST /auth/login: reads message and accessToken (spec section 7). */
export const login = async (body: LoginBody) => tokenResponse.parse(await api.post('/auth/login', body));
