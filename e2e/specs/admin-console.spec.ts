import { expect, test } from '@playwright/test';
import { newReseller } from './accounts';
import { shotBothWidths, signIn, signOut, STAFF } from './helpers';
import { signInAsStaff } from './two-factor-helpers';

test('staff credit a reseller $25 with a reason; ledger, audit log and the reseller all see it', async ({
  page,
}) => {
  const { discordId, password } = await newReseller('credit', 'Credit Test Co');

  // A reseller who opens /admin sees the signed-in not-found screen, and no Admin entry.
  await signIn(page, discordId, password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await signOut(page);

  await signInAsStaff(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const staffNav = page.getByRole('navigation', { name: 'Staff' });
  // At desktop width Back to portal sits in the header, not in the sidebar.
  await expect(staffNav.getByRole('link')).toHaveText([
    'Overview',
    'Resellers',
    'Deposits',
    'Orders',
    'Refund Requests',
    'Courier',
    'Label Types',
    'Providers',
    'Payment providers',
    'Settings',
    'Audit Log',
    'Mail',
  ]);
  await expect(page.getByText('Labels today')).toBeVisible();
  await shotBothWidths(page, 'admin', 'overview');

  await staffNav.getByRole('link', { name: 'Resellers' }).click();
  await page.getByLabel('Search').fill(discordId);
  await expect(page.getByTestId('reseller-row')).toHaveCount(1);
  await shotBothWidths(page, 'admin', 'resellers');
  await page.getByRole('link', { name: discordId }).click();
  await expect(page.getByRole('heading', { name: discordId })).toBeVisible();

  await page.getByRole('button', { name: 'Adjust balance' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel('Amount (USD)').fill('25');
  await dialog.getByLabel('Reason').fill('Welcome credit');
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('ledger-row').first();
  await expect(row).toContainText('+$25.00');
  await expect(row).toContainText('Welcome credit');
  await expect(row).toContainText(STAFF.discordId);
  await expect(page.getByText('$25.00').first()).toBeVisible();
  await shotBothWidths(page, 'admin', 'reseller-detail');

  await staffNav.getByRole('link', { name: 'Audit Log' }).click();
  await page.getByLabel('Action').fill('adjust_balance');
  const audit = page.getByTestId('audit-row').first();
  await expect(audit).toContainText('user.adjust_balance');
  await expect(audit).toContainText('Welcome credit');
  await shotBothWidths(page, 'admin', 'audit');

  await staffNav.getByRole('link', { name: 'Mail' }).click();
  await expect(page.getByRole('heading', { name: 'Mail' })).toBeVisible();
  await shotBothWidths(page, 'admin', 'mail');

  await page.goto('/');
  await signOut(page);
  await signIn(page, discordId, password);
  await expect(page.getByTestId('header-balance')).toContainText('$25.00');
});

test('a toast top-right never takes the click meant for the open account menu', async ({ page }) => {
  await signInAsStaff(page);
  await page.goto('/admin/settings');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Settings saved' });
  await expect(toast).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  const menuItem = page.getByRole('menuitem', { name: 'Account Setting' });
  await expect(menuItem).toBeVisible();
  // The toast bounces in from the right edge: measure it where it comes to rest.
  await expect.poll(() => toast.evaluate((el) => el.getAnimations().length)).toBe(0);
  const [item, over] = [(await menuItem.boundingBox())!, (await toast.boundingBox())!];
  // The toast lies over the menu item (else this proves nothing), yet the item is what a click there hits.
  expect(item.x < over.x + over.width && over.x < item.x + item.width).toBe(true);
  expect(item.y < over.y + over.height && over.y < item.y + item.height).toBe(true);
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="menuitem"]')?.textContent ?? null,
    { x: item.x + item.width / 2, y: item.y + item.height / 2 },
  );
  expect(hit).toBe('Account Setting');
  // Without waiting for the toast to go (it stays while hovered): the click reaches the menu at once.
  await menuItem.click({ timeout: 2_000 });
  await expect(page).toHaveURL(/\/settings$/);
});
