import { tokenResponse, type LoginTwoFactorBody } from '@portal/shared';
import { api } from '../lib/api-client';

/**
 * POST /auth/login/2fa: the code (or a recovery code) for a sign-in waiting on its second factor. Shared by
 * the Sign-In and Reset pages; Zod Mini schemas only, like the rest of the sign-in page (decision 224).
 */
export const loginWithSecondFactor = async (body: LoginTwoFactorBody) =>
  tokenResponse.parse(await api.post('/auth/login/2fa', body));
