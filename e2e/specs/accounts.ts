import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { STAFF, uniqueDiscordName } from './helpers';
import { DEVICE_COOKIE, freshTotp, readStaffTwoFactor } from './two-factor-helpers';

/**
 * Accounts a spec makes for itself through the API, so specs run side by side (two workers) without sharing
 * a balance, an order list or an address book (docs/decisions/320). The demo reseller is only read.
 */

export type Credentials = { discordId: string; password: string };

const PASSWORD = 'correct-horse-battery';

/**
 * Staff signed in on a portal a spec started for itself (`startPortal`), where the shared server's
 * remembered staff device means nothing: the accounts of `newReseller` are made and credited there.
 */
export type OwnPortalStaff = { baseURL: string; headers: Record<string, string> };

/**
 * A request context of its own: cookies set by these calls never reach a spec's page. On the project's
 * server unless a spec's own portal is named.
 */
const apiContext = (baseURL = test.info().project.use.baseURL): Promise<APIRequestContext> =>
  request.newContext({ baseURL });

/** Solves the server's ALTCHA challenge as the browser does and returns the captchaToken. */
async function captchaToken(api: APIRequestContext): Promise<string> {
  const res = await api.get('/api/v1/auth/captcha');
  expect(res.ok(), `captcha: ${await res.text()}`).toBe(true);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Signs in over the API (the staff account on its remembered device) and returns the bearer header. */
async function signInOverApi(
  api: APIRequestContext,
  { discordId, password }: Credentials,
  deviceCookie?: string,
): Promise<Record<string, string>> {
  const res = await api.post('/api/v1/auth/login', {
    data: { discordId, password, captchaToken: await captchaToken(api) },
    headers: deviceCookie ? { cookie: `${DEVICE_COOKIE}=${deviceCookie}` } : {},
  });
  const body = (await res.json()) as { accessToken?: string };
  expect(body.accessToken, `sign-in of ${discordId}: ${JSON.stringify(body)}`).toBeTruthy();
  return { authorization: `Bearer ${body.accessToken}` };
}

/**
 * The seeded staff account on a spec's own portal (a fresh database, so no second factor yet): signs in
 * with the password and turns on two-factor sign-in over the API, as the console leads staff to, since
 * the console's routes refuse staff without it. Stays signed in for the spec's `newReseller` calls.
 */
export async function staffOnOwnPortal(baseURL: string): Promise<OwnPortalStaff> {
  const api = await apiContext(baseURL);
  try {
    const headers = await signInOverApi(api, STAFF);
    const setup = await api.post('/api/v1/account/2fa/setup', { headers });
    expect(setup.ok(), `two-factor setup: ${await setup.text()}`).toBe(true);
    const { secret } = (await setup.json()) as { secret: string };
    const { code } = await freshTotp(secret, -Infinity);
    const enabled = await api.post('/api/v1/account/2fa/enable', { headers, data: { code } });
    expect(enabled.ok(), `two-factor enable: ${await enabled.text()}`).toBe(true);
    return { baseURL, headers };
  } finally {
    await api.dispose();
  }
}

/**
 * A new reseller registered over the API, with `dollars` credited by staff (as the console's Adjust
 * balance does). Signed out: the spec signs in through the page as a person would. On the shared server
 * unless `staff` of a spec's own portal are given.
 */
export async function newReseller(
  prefix: string,
  name: string,
  { dollars = 0, staff }: { dollars?: number; staff?: OwnPortalStaff } = {},
): Promise<Credentials> {
  const api = await apiContext(staff?.baseURL);
  try {
    const reseller = { discordId: uniqueDiscordName(prefix), password: PASSWORD };
    const res = await api.post('/api/v1/auth/register', {
      data: { username: name, ...reseller, captchaToken: await captchaToken(api) },
    });
    expect(res.status(), `register ${reseller.discordId}: ${await res.text()}`).toBe(201);
    if (dollars > 0 && staff) await credit(api, reseller.discordId, dollars, staff.headers);
    else if (dollars > 0) await creditOnSharedServer(api, reseller.discordId, dollars);
    return reseller;
  } finally {
    await api.dispose();
  }
}

/** Staff signed in over the API on the shared server's remembered device for `work`, then signed out. */
async function asStaffOnSharedServer<T>(
  api: APIRequestContext,
  work: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const state = readStaffTwoFactor();
  if (!state?.deviceCookie)
    throw new Error('the staff account has no remembered device yet (two-factor spec)');
  const headers = await signInOverApi(api, STAFF, state.deviceCookie);
  try {
    return await work(headers);
  } finally {
    await api.post('/api/v1/auth/logout', { headers });
  }
}

/** Staff sign in on the shared server's remembered device, credit `dollars` and sign out. */
const creditOnSharedServer = (api: APIRequestContext, discordId: string, dollars: number) =>
  asStaffOnSharedServer(api, (headers) => credit(api, discordId, dollars, headers));

/**
 * Staff call the shared server's API (setup a spec needs, as adding a provider; the console's pages that
 * do it are another spec's subject), signed in over the API rather than through the page; expects success.
 */
export async function callApiAsStaff(method: 'GET' | 'POST' | 'PUT', url: string, data?: object) {
  const api = await apiContext();
  try {
    return await asStaffOnSharedServer(api, async (headers) => {
      const res = await api.fetch(`/api/v1${url}`, { method, headers, data });
      expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
      return res.json();
    });
  } finally {
    await api.dispose();
  }
}

/** Staff (signed in: `headers`) credit `dollars` to the reseller named `discordId`. */
async function credit(
  api: APIRequestContext,
  discordId: string,
  dollars: number,
  headers: Record<string, string>,
): Promise<void> {
  const found = await api.get(`/api/v1/admin/users?search=${encodeURIComponent(discordId)}`, { headers });
  const { users } = (await found.json()) as { users: Array<{ _id: string; discordId: string }> };
  const user = users.find((u) => u.discordId === discordId);
  if (!user) throw new Error(`${discordId} not found in the console`);
  const res = await api.post(`/api/v1/admin/users/${user._id}/adjust-balance`, {
    headers,
    data: { amount: dollars, reason: 'Test funds' },
  });
  expect(res.ok(), `credit ${discordId}: ${await res.text()}`).toBe(true);
}

/**
 * The reseller of this spec file, made once per worker on first use: its tests run one after another in one
 * worker, and later tests of the file see what earlier ones made, as they did with the shared demo account.
 */
export function resellerOfFile(prefix: string, name: string, dollars = 1000): () => Promise<Credentials> {
  let made: Promise<Credentials> | undefined;
  return () => (made ??= newReseller(prefix, name, { dollars }));
}
