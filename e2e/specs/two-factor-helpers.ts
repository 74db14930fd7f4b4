import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { STAFF } from './helpers';

const STEP_MS = 30_000;
export const DEVICE_COOKIE = 'lp_2fa_device';

/** The code an authenticator app shows for `secret` at time step `step` (RFC 6238, 30 s steps). */
export const totpAtStep = (secret: string, step: number): string =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });

/**
 * How long before its step ends the step before is no longer chosen: the code must reach the server while
 * the server's clock is still in that step.
 */
const PREVIOUS_STEP_MARGIN_MS = 10_000;

/**
 * The earliest step after `lastStep` whose code the server accepts now (its clock's step or one either side),
 * and its code. Each step signs in once, so taking the earliest leaves the later ones for the next sign-ins:
 * three codes in a row need no wait for the clock; a fourth may wait for the next step.
 */
export async function freshTotp(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
  for (;;) {
    const ms = Date.now();
    const now = Math.floor(ms / STEP_MS);
    const earliest = ms - now * STEP_MS < STEP_MS - PREVIOUS_STEP_MARGIN_MS ? now - 1 : now;
    const step = Math.max(lastStep + 1, earliest);
    if (step <= now + 1) return { code: totpAtStep(secret, step), step };
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * STEP_MS - Date.now() + 500));
  }
}

/** What the run knows of the staff account's second factor, kept beside the run's database. */
export type StaffTwoFactor = {
  secret: string;
  lastStep: number;
  recoveryCodes: string[];
  deviceCookie?: string;
};

const stateFile = () =>
  path.resolve(import.meta.dirname, '../..', `${process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'}-staff-2fa.json`);

export const readStaffTwoFactor = (): StaffTwoFactor | null =>
  fs.existsSync(stateFile()) ? (JSON.parse(fs.readFileSync(stateFile(), 'utf8')) as StaffTwoFactor) : null;

export const saveStaffTwoFactor = (state: StaffTwoFactor): void =>
  fs.writeFileSync(stateFile(), JSON.stringify(state));

/**
 * Staff enrol as the console leads them (on `/admin`): read the setup key under the QR code, type the code
 * their app would show, keep the recovery codes. Returns what a later sign-in needs.
 */
export async function enrolInConsole(page: Page): Promise<StaffTwoFactor> {
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  const { code, step } = await freshTotp(secret, -Infinity);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByRole('navigation', { name: 'Staff' })).toBeVisible();
  const state = { secret, lastStep: step, recoveryCodes };
  saveStaffTwoFactor(state);
  return state;
}

/** Sign-in and its full page load: a generous budget, as these specs sign in many times on a busy machine. */
const SIGN_IN_MS = 60_000;

/** Signs in with the password alone (no second factor, or a remembered device) and waits for the shell. */
export async function signInWithPassword(page: Page, discordId: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Discord Name', { exact: true }).fill(discordId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: SIGN_IN_MS });
}

/** Fills the password form and waits for the code step (an account with a second factor). */
export async function signInToCodeStep(page: Page, discordId: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Discord Name', { exact: true }).fill(discordId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible({ timeout: SIGN_IN_MS });
}

/** Enters a code on the code step and waits for the signed-in shell. */
export async function enterCode(page: Page, code: string, { rememberDevice = false } = {}): Promise<void> {
  await page.getByLabel('Authentication code').fill(code);
  if (rememberDevice) await page.getByLabel('Remember this device for 30 days').check();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: SIGN_IN_MS });
}

/**
 * Signs in as the seeded staff account, which must have a second factor: enrolled the first time (the
 * two-factor spec does it first), then on a device remembered for 30 days, as staff at their own desk do.
 */
export async function signInAsStaff(page: Page): Promise<void> {
  let state = readStaffTwoFactor();
  if (!state) {
    await signInWithPassword(page, STAFF.discordId, STAFF.password);
    await page.goto('/admin');
    state = await enrolInConsole(page);
    await page.context().clearCookies();
  }
  await page.goto('/login');
  if (state.deviceCookie) {
    const url = new URL('/api/v1/auth', page.url()).href;
    await page.context().addCookies([{ name: DEVICE_COOKIE, value: state.deviceCookie, url }]);
  }
  await page.getByLabel('Discord Name', { exact: true }).fill(STAFF.discordId);
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const shell = page.getByRole('navigation', { name: 'Main' });
  const codeStep = page.getByLabel('Authentication code');
  await expect(shell.or(codeStep)).toBeVisible({ timeout: SIGN_IN_MS });
  if (await shell.isVisible()) return;
  const { code, step } = await freshTotp(state.secret, state.lastStep);
  await enterCode(page, code, { rememberDevice: true });
  const cookie = (await page.context().cookies()).find((c) => c.name === DEVICE_COOKIE);
  saveStaffTwoFactor({ ...state, lastStep: step, deviceCookie: cookie?.value });
}
