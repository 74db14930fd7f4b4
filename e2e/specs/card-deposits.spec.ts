import { expect, test } from '@playwright/test';
import { callApiAsStaff, resellerOfFile } from './accounts';
import { callApi, signIn, signOut } from './helpers';
import { startPaypalFake, startSquareFake, startStripeFake, type SideProcess } from './side-process';
import { signInAsStaff } from './two-factor-helpers';

const sides: SideProcess[] = [];
test.afterAll(async () => Promise.all(sides.map((side) => side.stop())));

/** The reseller of this file, with no balance of its own: every dollar it has came through a hosted page. */
const payer = resellerOfFile('card', 'Card Payer Co', 0);

/** Staff stop a provider offering its methods (it stays on record for its deposits). */
const disableProvider = (id: string) =>
  callApiAsStaff('PUT', `/admin/payment-providers/${id}`, { enabled: false });

test('a new reseller adds $25 by card on the hosted page and is credited once; staff refund it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const stripe = await startStripeFake();
  sides.push(stripe);
  const reseller = await payer();

  // Staff add Stripe (the fake, through the official client's baseUrl; the providers spec adds them on the page).
  const { provider } = await callApiAsStaff('POST', '/admin/payment-providers', {
    kind: 'stripe',
    name: `Stripe ${Date.now().toString(36)}`,
    credentials: { secretKey: stripe.secretKey, baseUrl: stripe.url },
  });

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
  await disableProvider(provider._id);
});

test('the reseller adds money by PayPal and by Cash App on their hosted pages and is credited once each', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const [paypal, square] = await Promise.all([startPaypalFake(), startSquareFake()]);
  sides.push(paypal, square);
  const reseller = await payer();

  // Staff add PayPal and Square (Cash App) the way they add Stripe: the fakes, through each client's baseUrl.
  const added = [
    await callApiAsStaff('POST', '/admin/payment-providers', {
      kind: 'paypal',
      name: `PayPal ${Date.now().toString(36)}`,
      credentials: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, baseUrl: paypal.url },
    }),
    await callApiAsStaff('POST', '/admin/payment-providers', {
      kind: 'square',
      name: `Square ${Date.now().toString(36)}`,
      credentials: { accessToken: square.accessToken, locationId: square.locationId, baseUrl: square.url },
    }),
  ];

  await signIn(page, reseller.discordId, reseller.password);
  const wallets = [
    { label: 'PayPal', dollars: 30, page: `${paypal.url}/checkoutnow?token=` },
    { label: 'Cash App', dollars: 15, page: `${square.url}/checkout/` },
  ];
  for (const wallet of wallets) {
    await test.step(wallet.label, async () => {
      await page.goto('/deposits');
      const balance = page.getByTestId('current-balance');
      const { balance: before } = await callApi(page, 'GET', '/auth/access');
      const after = `$${(before + wallet.dollars).toFixed(2)}`;
      const received = `Payment received: $${wallet.dollars.toFixed(2)} added to your balance`;

      await page.getByLabel(/^Amount/).fill(String(wallet.dollars));
      await page.getByRole('form', { name: 'Add balance' }).getByText(wallet.label, { exact: true }).click();
      await page.getByRole('button', { name: 'Add balance' }).click();

      await expect(page).toHaveURL((url) => url.href.startsWith(wallet.page));
      await expect(page.getByTestId('amount')).toHaveText(`$${wallet.dollars.toFixed(2)} USD`);
      await page.getByRole('button', { name: 'Pay' }).click();

      await expect(page).toHaveURL(/\/deposits\?invoice=[^&]+&payment=paid(&|$)/);
      await expect(page.getByTestId('payment-return')).toHaveText(received);
      await expect(balance).toHaveText(after);
      // Coming back again asks again and credits nothing more.
      await page.reload();
      await expect(page.getByTestId('payment-return')).toHaveText(received);
      await expect(balance).toHaveText(after);
    });
  }
  for (const { provider } of added) await disableProvider(provider._id);
});
