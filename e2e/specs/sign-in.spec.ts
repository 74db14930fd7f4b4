import { expect, test } from '@playwright/test';
import { DEMO, signIn, tokenCookie } from './helpers';

test('the demo reseller signs in and sees a $1,000.00 balance', async ({ page }) => {
  await signIn(page, DEMO.discordId, DEMO.password);
  await expect(page.getByTestId('header-balance')).toHaveText('$1,000.00');
  await expect(page.getByTestId('header-username')).toBeVisible();
});

test("a failed sign-in shows the server's message in a red alert for 3 seconds", async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Discord Name', { exact: true }).fill(DEMO.discordId);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible({ timeout: 20_000 });
  const shownAt = Date.now();
  await expect(alert).toHaveText('Invalid Discord Name or password');
  // Red: the alert's text colour has a dominant red channel.
  const [r, g, b] = await alert.evaluate((el) => getComputedStyle(el).color.match(/\d+/g)!.map(Number));
  expect(r).toBeGreaterThan(g! + 60);
  expect(r).toBeGreaterThan(b! + 60);
  await expect(alert).toBeHidden({ timeout: 5_000 });
  const visibleFor = Date.now() - shownAt;
  expect(visibleFor).toBeGreaterThan(2_000);
  expect(visibleFor).toBeLessThan(4_500);
  expect(await tokenCookie(page)).toBeUndefined();
});

test('a 401 removes the token cookie and returns to Sign-In', async ({ page, context }) => {
  await signIn(page, DEMO.discordId, DEMO.password);
  await page.goto('/deposits');
  await expect(page.getByTestId('header-balance')).toBeVisible();

  const cookie = await tokenCookie(page);
  expect(cookie).toBeDefined();
  await context.addCookies([{ ...cookie!, value: 'corrupted-token' }]);
  await page.reload();

  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await tokenCookie(page)).toBeUndefined();
});

test('unknown signed-out paths show Sign-In', async ({ page }) => {
  await page.goto('/some/old/bookmark');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
});

// Runs with the untouched demo balance: the four-digit $1,000.00 is what once overflowed the phone header.
test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header keeps the account menu whole with a $1,000.00 balance', async ({ page }) => {
    await signIn(page, DEMO.discordId, DEMO.password);
    await expect(page.getByTestId('header-balance')).toHaveText(/\$\d,\d{3}\.\d{2}/);
    const menu = await page.getByRole('button', { name: 'Account menu' }).boundingBox();
    expect(menu).not.toBeNull();
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(390);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
  });
});
