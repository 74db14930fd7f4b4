import {
  loginBody,
  loginResponse,
  messageResponse,
  registerBody,
  type LoginBody,
  type RegisterBody,
} from '@portal/shared';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

/**
 * GET /auth/captcha: a fresh signed ALTCHA challenge. Solutions are single use, so every submission
 * fetches its own; there is deliberately no cached query for it.
 */
export const getCaptchaChallenge = (): Promise<unknown> => api.get<unknown>('/auth/captcha');

/** What the Sign-In form collects; the captcha token is added on submit. */
export const loginFormSchema = z.omit(loginBody, { captchaToken: true });

/**
 * POST /auth/login: reads message and accessToken (spec section 7), or `twoFactorRequired` and the
 * `challengeToken` the code step sends with the code.
 */
export const login = async (body: LoginBody) => loginResponse.parse(await api.post('/auth/login', body));

/** What the Register form collects; the captcha token is added on submit. */
export const registerFormSchema = z.omit(registerBody, { captchaToken: true });
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/** POST /auth/register: 201 on success; the message is read on error only (spec section 7). */
export const register = async (body: RegisterBody) =>
  messageResponse.parse(await api.post('/auth/register', body));
