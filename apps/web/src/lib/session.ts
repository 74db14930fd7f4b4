import { sessionUser, type SessionUser } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { getAccessToken } from './auth-token';

/**
 * GET /auth/access: the signed-in user (balance, username, e-mail, API key). It lives in lib, not in a
 * feature, because the shell and several features read it (docs/decisions/011-web-app-structure.md).
 */
export async function getSession(): Promise<SessionUser | null> {
  if (!getAccessToken()) return null;
  try {
    return sessionUser.parse(await api.get('/auth/access'));
  } catch (error) {
    // Spec section 8: a failed session check means signed out, with no message.
    console.warn('Session check failed', error);
    return null;
  }
}

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 30_000, retry: false });

export const useSession = () => useQuery(sessionQueryOptions());
