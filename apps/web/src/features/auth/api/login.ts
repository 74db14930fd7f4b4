import { loginBody, loginResponse, type LoginBody } from '@portal/shared';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

/** What the Sign-In form collects; the captcha token is added on submit. */
export const loginFormSchema = z.omit(loginBody, { captchaToken: true });

/**
 * POST /auth/login: reads message and accessToken (spec section 7), or `twoFactorRequired` and the
 * `challengeToken` the code step sends with the code.
 */
export const login = async (body: LoginBody) => loginResponse.parse(await api.post('/auth/login', body));
