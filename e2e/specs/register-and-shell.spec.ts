import { expect, test } from '@playwright/test';
import { shotBothWidths, signIn, tokenCookie, uniqueDiscordName } from './helpers';

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
  ['Shipping day', '/shipping-day'],
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

test('Register and Account Settings say why a weak password is refused, before any request', async ({
  page,
}) => {
  const discordId = uniqueDiscordName('weak');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/(auth\/register|user\/password)$/.test(request.url())) sent.push(request.url());
  });

  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill('Weak Password Co');
  await page.getByLabel('Discord Name', { exact: true }).fill(discordId);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(discordId);
  await password.blur();
  const refusal =
    'Password is too easy to guess. It contains your Discord Name. Add more words that are less common.';
  await expect(password).toHaveAccessibleDescription(refusal);
  await expect(
    page.getByRole('progressbar', { name: /^Password strength: (Very weak|Weak)$/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(password).toHaveAccessibleDescription(refusal);
  await expect(page).toHaveURL(/\/register$/);
  await shotBothWidths(page, 'auth', 'register-weak-password');
  expect(sent).toEqual([]);

  await password.fill('aaaaaaaa');
  await expect(password).toHaveAccessibleDescription(/^Password is too easy to guess\. Repeated characters/);
  await password.fill('correct-horse-battery');
  await expect(page.getByText(/^Password is too easy to guess/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  expect(sent).toHaveLength(1);

  await signIn(page, discordId, 'correct-horse-battery');
  await page.goto('/settings');
  await page.getByLabel('Current password', { exact: true }).fill('correct-horse-battery');
  const newPassword = page.getByLabel('New password', { exact: true });
  await newPassword.fill('password123');
  await newPassword.blur();
  await expect(newPassword).toHaveAccessibleDescription(
    'Password is too easy to guess. This is a commonly used password. Add more words that are less common.',
  );
  await page.getByRole('button', { name: 'Change password' }).click();
  await shotBothWidths(page, 'account', 'settings-weak-password');
  expect(sent).toHaveLength(1);
});
