import { api } from '../../../lib/api-client';

/**
 * GET /auth/captcha: a fresh signed ALTCHA challenge. Solutions are single use, so every submission
 * fetches its own; there is deliberately no cached query for it.
 */
export const getCaptchaChallenge = (): Promise<unknown> => api.get<unknown>('/auth/captcha');
