import { expect, test } from '@playwright/test';
import { newReseller } from './accounts';
import { callApi, signIn, signOut, tokenCookie } from './helpers';
import { startStripeFake, type SideProcess } from './side-process';
import { signInAsStaff } from './two-factor-helpers';

let stripe: (SideProcess & { secretKey: string }) | undefined;
test.afterAll(async () => stripe?.stop());

test('a new reseller adds $25 by card on the hosted page and is credited once; staff refund it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  stripe = await startStripeFake();
  const reseller = await newReseller('card', 'Card Payer Co');

  // Staff add Stripe (the fake, through the official client's baseUrl).
  await signInAsStaff(page);
  const { provider } = await callApi(page, 'POST', '/admin/payment-providers', {
    kind: 'stripe',
    name: `Stripe ${Date.now().toString(36)}`,
    credentials: { secretKey: stripe.secretKey, baseUrl: stripe.url },
  });
  await signOut(page);

  await signIn(page, reseller.discordId, reseller.password);
  await page.goto('/deposits');
  await page.getByLabel(/^Amount/).fill('25');
  await page.getByText('Card', { exact: true }).click();
  await page.getByRole('button', { name: 'Add balance' }).click();

  // The provider's hosted page: the amount, Pay and Cancel.
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
  await expect(page.getByTestId('amount')).toHaveText('$25.00');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/deposits\?invoice=.+&payment=paid$/);
  await expect(page.getByTestId('payment-return')).toHaveText(
    'Payment received: $25.00 added to your balance',
  );
  await expect(page.getByTestId('current-balance')).toHaveText('$25.00');
  // Coming back again asks again and credits nothing more.
  await page.reload();
  await expect(page.getByTestId('payment-return')).toHaveText(
    'Payment received: $25.00 added to your balance',
  );
  await expect(page.getByTestId('current-balance')).toHaveText('$25.00');
  await signOut(page);

  // Staff refund it from the deposit queue.
  await signInAsStaff(page);
  await page.goto('/admin/deposits');
  await page
    .locator('label')
    .filter({ hasText: /^Completed$/ })
    .click();
  await page.getByLabel('Search').fill(reseller.discordId);
  const row = page.getByTestId('admin-invoice-row').filter({ hasText: reseller.discordId });
  await expect(row).toContainText('Stripe');
  await row.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: /^Refund LP-/ });
  await dialog.getByLabel('Reason').fill('Asked by the reseller');
  await dialog.getByRole('button', { name: 'Refund $25.00' }).click();
  await expect(page.getByText(/LP-\w+ refunded: \$25\.00 taken from/)).toBeVisible();
  const { users } = await callApi(page, 'GET', `/admin/users?search=${reseller.discordId}`);
  expect(users[0].balance).toBe(0);

  // The provider stays on record for its deposits; disabled, it no longer offers Card to anyone.
  const token = (await tokenCookie(page))!.value;
  const off = await page.request.put(`/api/v1/admin/payment-providers/${provider._id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { enabled: false },
  });
  expect(off.ok()).toBe(true);
});
