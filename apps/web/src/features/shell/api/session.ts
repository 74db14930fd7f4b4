import { messageResponse } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reloadAt, removeAccessToken } from '../../../lib/auth-token';

/** POST /auth/logout: revokes the session on the server. */
export const logout = async () => messageResponse.parse(await api.post('/auth/logout'));

/** Sign out (spec section 2): revoke when possible, then always drop the cookie and reload. */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch (error) {
    console.warn('Sign-out request failed; clearing the local session anyway', error);
  }
  removeAccessToken();
  reloadAt('/');
}

export const useSignOut = () => useMutation({ mutationFn: signOut, meta: { inlineErrors: true } });
