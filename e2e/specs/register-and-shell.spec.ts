import { expect, test } from '@playwright/test';
import { signIn, tokenCookie, uniqueDiscordName } from './helpers';

const SIDEBAR = [
  ['Dashboard', '/'],
  ['Simple Order', '/createOrders'],
  ['Fast Order', '/quick-order'],
  ['CSV', '/csv-orders'],
  ['Overnight FedEx', '/fedex-order'],
  ['Amazon CSV Generator', '/amazon-csv'],
  ['Deposits', '/deposits'],
  ['Addresses', '/address'],
  ['Reseller API', '/api-docs'],
] as const;

test('a new reseller registers, signs in, walks the sidebar and signs out', async ({ page }) => {
  const discordId = uniqueDiscordName('e2e');
  const password = 'correct-horse-battery';

  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill('E2E Shipping Co');
  await page.getByLabel('Discord Name', { exact: true }).fill(discordId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByText('Account created successfully, please login.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await signIn(page, discordId, password);
  await expect(page).toHaveURL(/\/$/);
  expect(await tokenCookie(page)).toMatchObject({ sameSite: 'Strict' });
  await expect(page.getByTestId('header-balance')).toHaveText('$0.00');
  await expect(page.getByTestId('header-username')).toHaveText('E2E Shipping Co');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(SIDEBAR.map(([label]) => label));
  for (const [label, path] of SIDEBAR) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace('/', '\\/')}$`));
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Page not found')).toHaveCount(0);
  }

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Account Setting' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await tokenCookie(page)).toBeUndefined();
});
