import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO = { discordId: 'demo', password: 'demo-password-123' };
/** The demo staff account the e2e server seeds (DEMO_ADMIN_PASSWORD). */
export const STAFF = { discordId: 'admin', password: 'admin-password-123' };

/** Signs in through the real form (captcha solved in the browser) and waits for the shell. */
export async function signIn(page: Page, discordId: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Discord Name', { exact: true }).fill(discordId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 20_000 });
}

export async function tokenCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'token');
}

/** A Discord name no earlier run has used (the database is fresh per run, this guards reruns by hand). */
export const uniqueDiscordName = (prefix: string) => `${prefix}.${Date.now().toString(36)}`;

/**
 * Where a screenshot goes: `docs/screenshots` only when asked (`UPDATE_SCREENSHOTS=1`), so a test run
 * leaves tracked files alone; otherwise beside the other test output, to look at after a run.
 */
export const SCREENSHOT_DIR = path.resolve(
  import.meta.dirname,
  process.env.UPDATE_SCREENSHOTS === '1' ? '../../docs/screenshots' : '../../test-results/screenshots',
);

/** Screenshots of the page at 1280 and 390 px (`<area>-<name>-<width>.png`), then back to 1280. */
export async function shotBothWidths(page: Page, area: string, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.waitForTimeout(200);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${area}-${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Signs out through the account menu and waits for the Sign-In page. The revoke is awaited on its own, so a
 * failure says which step stalled: the click, the server, or the page load after it.
 */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const revoked = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/auth/logout',
  );
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  expect((await revoked).status()).toBe(200);
  // A full page load follows, as after signing in: the same budget as signIn's.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 20_000 });
  expect(await tokenCookie(page)).toBeUndefined();
}

/** Registers a new reseller through the real form and returns its credentials (signed out, on Sign-In). */
export async function registerReseller(
  page: Page,
  prefix: string,
  name: string,
): Promise<{ discordId: string; password: string }> {
  const discordId = uniqueDiscordName(prefix);
  const password = 'correct-horse-battery';
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Discord Name', { exact: true }).fill(discordId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  return { discordId, password };
}

/** Calls the API as whoever is signed in on the page, and expects success. */
export async function callApi(page: Page, method: 'GET' | 'POST', url: string, data?: object) {
  const token = (await tokenCookie(page))!.value;
  const res = await page.request.fetch(`/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json();
}
