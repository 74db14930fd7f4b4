import { sessionUser, type SessionUser } from '@portal/shared';
import { useEffect, useState } from 'react';
import { api } from './api-client';
import { getAccessToken } from './auth-token';

/**
 * GET /auth/access: the signed-in user (balance, username, e-mail, API key), or null when signed out.
 * Apart from session.ts, whose query reads it for the signed-in app, so that the first screen can check
 * the session without loading the data cache (docs/decisions/224).
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

type StartupSession = { isPending: boolean; user: SessionUser | null };

/** The access check at startup, before the data cache exists. Without a token the answer is known at once. */
export function useStartupSession(): StartupSession {
  const [session, setSession] = useState<StartupSession>(() => ({
    isPending: Boolean(getAccessToken()),
    user: null,
  }));
  useEffect(() => {
    if (!getAccessToken()) return;
    let live = true;
    void getSession().then((user) => live && setSession({ isPending: false, user }));
    return () => {
      live = false;
    };
  }, []);
  return session;
}
