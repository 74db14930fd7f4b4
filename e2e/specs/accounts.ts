import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { STAFF, uniqueDiscordName } from './helpers';
import { DEVICE_COOKIE, readStaffTwoFactor } from './two-factor-helpers';

/**
 * Accounts a spec makes for itself through the API, so specs run side by side (two workers) without sharing
 * a balance, an order list or an address book (docs/decisions/320). The demo reseller is only read.
 */

export type Credentials = { discordId: string; password: string };

const PASSWORD = 'correct-horse-battery';

/** A request context of its own: cookies set by these calls never reach a spec's page. */
const apiContext = (): Promise<APIRequestContext> =>
  request.newContext({ baseURL: test.info().project.use.baseURL });

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
 * A new reseller registered over the API, with `dollars` credited by staff (as the console's Adjust
 * balance does). Signed out: the spec signs in through the page as a person would.
 */
export async function newReseller(prefix: string, name: string, { dollars = 0 } = {}): Promise<Credentials> {
  const api = await apiContext();
  try {
    const reseller = { discordId: uniqueDiscordName(prefix), password: PASSWORD };
    const res = await api.post('/api/v1/auth/register', {
      data: { username: name, ...reseller, captchaToken: await captchaToken(api) },
    });
    expect(res.status(), `register ${reseller.discordId}: ${await res.text()}`).toBe(201);
    if (dollars > 0) await credit(api, reseller.discordId, dollars);
    return reseller;
  } finally {
    await api.dispose();
  }
}

/** Staff credit `dollars` to the reseller named `discordId`. */
async function credit(api: APIRequestContext, discordId: string, dollars: number): Promise<void> {
  const state = readStaffTwoFactor();
  if (!state?.deviceCookie)
    throw new Error('the staff account has no remembered device yet (two-factor spec)');
  const headers = await signInOverApi(api, STAFF, state.deviceCookie);
  const found = await api.get(`/api/v1/admin/users?search=${encodeURIComponent(discordId)}`, { headers });
  const { users } = (await found.json()) as { users: Array<{ _id: string; discordId: string }> };
  const user = users.find((u) => u.discordId === discordId);
  if (!user) throw new Error(`${discordId} not found in the console`);
  const res = await api.post(`/api/v1/admin/users/${user._id}/adjust-balance`, {
    headers,
    data: { amount: dollars, reason: 'Test funds' },
  });
  expect(res.ok(), `credit ${discordId}: ${await res.text()}`).toBe(true);
  await api.post('/api/v1/auth/logout', { headers });
}

/**
 * The reseller of this spec file, made once per worker on first use: its tests run one after another in one
 * worker, and later tests of the file see what earlier ones made, as they did with the shared demo account.
 */
export function resellerOfFile(prefix: string, name: string, dollars = 1000): () => Promise<Credentials> {
  let made: Promise<Credentials> | undefined;
  return () => (made ??= newReseller(prefix, name, { dollars }));
}
