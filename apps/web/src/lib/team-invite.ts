/**
 * An invitation link opened while signed out: its token waits here while the invitee signs in or
 * registers, then the signed-in app opens the join page with it (issue 45).
 */
const KEY = 'labelport-team-invite';
export const JOIN_PATH = '/team/join';

/** Called at startup: keeps the token of a join link being opened. */
export function keepInviteFromUrl(location: Pick<Location, 'pathname' | 'search'> = window.location): void {
  if (location.pathname.toLowerCase() !== JOIN_PATH) return;
  const token = new URLSearchParams(location.search).get('token');
  if (token) window.localStorage.setItem(KEY, token);
}

export const pendingInvite = (): string | null => window.localStorage.getItem(KEY);
export const forgetInvite = (): void => window.localStorage.removeItem(KEY);
