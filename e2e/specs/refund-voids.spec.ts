import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newReseller } from './accounts';
import { callApi, signIn, tokenCookie } from './helpers';
import { startEasyPostFake } from './side-process';
import { signInAsStaff } from './two-factor-helpers';

const SHOTS = process.env.TRACKING_SHOTS_DIR ?? '/tmp/tracking-shots';

async function shot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function sendApi(page: Page, method: 'PUT' | 'DELETE', url: string, data?: object) {
  const token = (await tokenCookie(page))!.value;
  const res = await page.request.fetch(`/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
}

const shipment = {
  quantity: 1,
  signature: false,
  Weight: 2,
  FromName: 'Sam Sender',
  FromStreet: '100 Congress Ave',
  FromCity: 'Austin',
  FromState: 'TX',
  FromZip: '78701',
  FromCountry: 'US',
  ToName: 'Vera Void',
  ToStreet: '200 Boylston St',
  ToCity: 'Boston',
  ToState: 'MA',
  ToZip: '02116',
  ToCountry: 'US',
};

const balanceOf = async (page: Page): Promise<number> => (await callApi(page, 'GET', '/auth/access')).balance;

/** Staff refund one order from the console's Orders page, with a reason, as staff do. */
async function refundInConsole(staff: Page, orderId: string) {
  await staff.goto('/admin/orders');
  await staff.getByLabel('Search').fill(orderId);
  const row = staff.getByTestId('admin-order-row');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Refund ${orderId}` }).click();
  const dialog = staff.getByRole('dialog', { name: 'Refund' });
  await dialog.getByLabel('Reason').fill('Bought by mistake');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  return row;
}

let easypost: Awaited<ReturnType<typeof startEasyPostFake>>;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  // The carrier confirms a void when the test says so (`confirmRefunds`), not on a clock of its own.
  easypost = await startEasyPostFake(3_600_000);
});
test.afterAll(async () => {
  await easypost?.stop();
});

test('a test-mode refund is credited at once; a provider refund goes from "submitted" to "Refunded" on both sides', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const buyer = await newReseller('voids', 'Void Test Co');
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff);
  const { users } = await callApi(staff, 'GET', `/admin/users?search=${buyer.discordId}`);
  await callApi(staff, 'POST', `/admin/users/${users[0]._id}/adjust-balance`, {
    amount: 60,
    reason: 'Test funds',
  });

  // USPS Priority Mail is bought at an EasyPost sandbox (the fake the server's tests use) for this test.
  const { provider } = await callApi(staff, 'POST', '/admin/providers', {
    kind: 'easypost',
    name: `EasyPost sandbox ${Date.now().toString(36)}`,
    credentials: { apiKey: easypost.apiKey, baseUrl: easypost.url },
  });
  const { labelTypes } = await callApi(staff, 'GET', '/admin/label-types');
  const priority = labelTypes.find((t: { uid: string }) => t.uid === 'priority');
  const ground = labelTypes.find((t: { uid: string }) => t.uid === 'ground_oz');
  await sendApi(staff, 'PUT', `/admin/label-types/${priority._id}/route`, {
    route: [{ providerId: provider._id, service: 'USPS:Priority' }],
  });

  try {
    await signIn(page, buyer.discordId, buyer.password);
    const bought = await callApi(page, 'POST', '/order/create', {
      ...shipment,
      labelType: priority._id,
      design: 'pitney',
    });
    const atProvider: string = bought.orders[0].OrderId;
    const testMode = await callApi(page, 'POST', '/order/create', {
      ...shipment,
      Weight: 3,
      labelType: ground._id,
    });
    const inTestMode: string = testMode.orders[0].OrderId;
    await page.goto('/');
    for (const orderId of [atProvider, inTestMode])
      await expect(
        page.getByTestId('order-row').filter({ hasText: orderId }).getByText('Completed'),
      ).toBeVisible({ timeout: 60_000 });
    const before = await balanceOf(page);

    // A test-mode label has no carrier to ask: refunded and credited at once.
    const testRow = await refundInConsole(staff, inTestMode);
    await expect(testRow.getByText('Refunded')).toBeVisible();
    await page.reload();
    await expect(
      page.getByTestId('order-row').filter({ hasText: inTestMode }).getByText('Refunded'),
    ).toBeVisible({ timeout: 30_000 });
    const testPrice: number = testMode.orders[0].price;
    expect(await balanceOf(page)).toBeCloseTo(before + testPrice, 2);

    // The provider's label: the refund is submitted to EasyPost, and nothing is credited until it confirms.
    const staffRow = await refundInConsole(staff, atProvider);
    await expect(staffRow.getByText('Refund submitted')).toBeVisible();
    await expect(staffRow.getByRole('button', { name: `Refund ${atProvider}` })).toHaveCount(0);
    await shot(staff, 'console-refund-submitted');
    await page.reload();
    const providerRow = page.getByTestId('order-row').filter({ hasText: atProvider });
    await expect(providerRow.getByText('Refund submitted')).toBeVisible({ timeout: 30_000 });
    expect(await balanceOf(page)).toBeCloseTo(before + testPrice, 2);
    await shot(page, 'dashboard-refund-submitted');

    // EasyPost confirms it later; the void's own check (REFUND_VOID_CHECK_SECONDS) finds it, and both
    // pages, left open, turn to "Refunded" on their own: credited once.
    expect(await easypost.confirmRefunds()).toBe(1);
    await expect(staffRow.getByText('Refunded')).toBeVisible({ timeout: 90_000 });
    await expect(providerRow.getByText('Refunded')).toBeVisible({ timeout: 15_000 });
    await expect(providerRow.getByText('Refund submitted')).toHaveCount(0);
    const providerPrice: number = bought.orders[0].price;
    expect(await balanceOf(page)).toBeCloseTo(before + testPrice + providerPrice, 2);
    await shot(staff, 'console-refunded');
    await shot(page, 'dashboard-refunded');
    await providerRow.getByRole('button', { name: `Details of ${atProvider}` }).click();
    await expect(page.getByRole('dialog', { name: `Order ${atProvider}` })).toContainText('Refunded');
    await shot(page, 'drawer-refunded');
    // No second credit comes with a later check.
    await page.waitForTimeout(5_000);
    expect(await balanceOf(page)).toBeCloseTo(before + testPrice + providerPrice, 2);
  } finally {
    // Later specs buy Priority in test mode again.
    await sendApi(staff, 'PUT', `/admin/label-types/${priority._id}/route`, { route: [] });
    await staffContext.close();
  }
});
