import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import type { App } from '../src/app.ts';
import { signUp } from './helper.ts';
import { fund, resellerOf, type Reseller } from './order-fixtures.ts';
import { enrolTwoFactor } from './two-factor-fixtures.ts';

/** The accounts a test signs up: resellers (optionally funded), resellers with an API key, staff. */

/** A signed-up, signed-in reseller with `cents` on its balance (none unless given). */
export async function signUpReseller(app: App, cents = 0): Promise<Reseller> {
  const reseller = await resellerOf(app, (await signUp(app)).headers);
  if (cents > 0) await fund(app.ctx.db, reseller.id, cents);
  return reseller;
}

/** A signed-up reseller with its API key (read from the app like the docs page does) and a balance. */
export type ApiReseller = { id: string; apiKey: string; headers: Record<string, string> };

export async function apiReseller(app: App, cents = 0): Promise<ApiReseller> {
  const reseller = await signUpReseller(app, cents);
  const access = await app.inject({ method: 'GET', url: '/api/v1/auth/access', headers: reseller.headers });
  return { ...reseller, apiKey: access.json().api_key as string };
}

export type Staff = Reseller & { discordId: string; password: string };

/**
 * Makes an existing account staff as the admin command line does (the role set directly) and, unless
 * `twoFactor` is false, turns on its second factor, without which the console answers staff 403.
 */
export async function promoteToStaff(
  app: App,
  account: Reseller,
  { twoFactor = true }: { twoFactor?: boolean } = {},
): Promise<void> {
  await app.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, account.id));
  if (twoFactor) await enrolTwoFactor(app, account.headers);
}

/** A new staff member, signed in, with a second factor unless `twoFactor` is false. */
export async function signUpStaff(app: App, options: { twoFactor?: boolean } = {}): Promise<Staff> {
  const { discordId, password, headers } = await signUp(app);
  const staff = { ...(await resellerOf(app, headers)), discordId, password };
  await promoteToStaff(app, staff, options);
  return staff;
}
