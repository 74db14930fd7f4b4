import Cookies from 'js-cookie';

/** The access token lives in the `token` cookie (spec section 3); the API reads it from the bearer header. */
export const TOKEN_COOKIE = 'token';

export const getAccessToken = (): string | undefined => Cookies.get(TOKEN_COOKIE) || undefined;

export function storeAccessToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, {
    sameSite: 'Strict',
    secure: window.location.protocol === 'https:',
    path: '/',
    expires: 30,
  });
}

export function removeAccessToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}

/** Full page load, so every cache starts clean for the next session (spec: login and sign out reload). */
export function reloadAt(path: string): void {
  window.location.assign(path);
}
