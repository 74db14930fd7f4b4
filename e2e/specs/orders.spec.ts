import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { resellerOfFile } from './accounts';
import { signIn, SCREENSHOT_DIR } from './helpers';

/** This spec's own reseller, with $1,000.00 as the demo account has (decision 320). */
const reseller = resellerOfFile('orders', 'Orders Co');

/**
 * Orders end to end with a reseller of its own: save an address, place a Simple Order and a Fast Order, watch
 * both labels complete on the dashboard, download a label PDF, duplicate an order and see the balance drop.
 * Screenshots of each page at 1280 and 390 px go to docs/screenshots/orders-*.png.
 */
const OUT = SCREENSHOT_DIR;
/** The whole page at its full height (so the fixed shell renders whole), without transient toasts. */
async function shot(page: Page, name: string) {
  // Toasts also close on their own: a button listed a moment ago may be gone, and a click on it would wait
  // for it until the test's timeout. So close the first one left, a few times at most.
  const closers = page.locator('.Toastify__close-button');
  for (let i = 0; i < 10 && (await closers.count()) > 0; i += 1)
    await closers
      .first()
      .click({ timeout: 1_000 })
      .catch(() => {});
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const fullHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, fullHeight) });
  await page.waitForTimeout(300); // let the shell re-lay out its fixed sidebar at the new height
  await page.screenshot({ path: path.join(OUT, `orders-${name}.png`) });
  await page.setViewportSize(viewport);
}

const readBalance = async (page: Page) =>
  Number((await page.getByTestId('header-balance').innerText()).replace(/[$,]/g, ''));

async function choose(
  page: Page,
  label: RegExp | string,
  option: string | RegExp,
  scope = page.locator('body'),
) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

const card = (page: Page, side: 'From' | 'To') => page.getByRole('region', { name: side, exact: true });

test.describe.configure({ mode: 'serial' });

test('a reseller saves an address, places simple and fast orders, downloads and duplicates a label', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const me = await reseller();
  await signIn(page, me.discordId, me.password);
  const startBalance = await readBalance(page);

  // Addresses: create one, with the State select and the country fixed to the United States.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Addresses' }).click();
  await expect(page).toHaveURL(/\/address$/);
  await page.getByRole('button', { name: 'Create Address' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Address' });
  await expect(dialog.getByLabel('Country')).toBeDisabled();
  await dialog.getByLabel('Name').fill('Harbor Supply Co');
  await dialog.getByLabel('Street', { exact: true }).fill('100 Congress Ave');
  await dialog.getByLabel('Street 2').fill('Suite 400');
  await dialog.getByLabel('City').fill('Austin');
  await choose(page, /^State/, 'TX — Texas', dialog);
  await dialog.getByLabel('ZIP Code').fill('78701');
  await dialog.getByRole('button', { name: 'Create Address' }).click();
  await expect(page.getByText('Address created successfully')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Harbor Supply Co', exact: true })).toBeVisible();

  // Simple Order: USPS Ground Advantage in ounces, From filled from the saved address.
  await page.goto('/createorders');
  await choose(page, /^Type/, 'USPS Ground Advantage (oz)');
  await expect(page.getByLabel(/^Weight \(oz\)/)).toBeVisible();
  await page.getByLabel(/^Weight/).fill('6');
  await choose(page, 'Saved address', /Harbor Supply Co/, card(page, 'From'));
  await expect(card(page, 'From').getByLabel(/^Street 2/)).toHaveValue('Suite 400');
  const to = card(page, 'To');
  await to.getByLabel(/^Name/).fill('Maria Lopez');
  await to.getByLabel(/^Street \*|^Street$/).fill('2200 Larimer St');
  await to.getByLabel(/^ZIP Code/).fill('80205');
  // The ZIP fills an empty City; typing while that lands would add to it ("DenverDenver"), so wait for it.
  await expect(to.getByLabel(/^City/)).toHaveValue('Denver');
  await to.getByLabel(/^City/).fill('Denver');
  await choose(page, /^State/, 'CO — Colorado', to);
  const simpleButton = page.getByRole('button', { name: 'Create Order — $3.25' });
  await expect(simpleButton).toBeVisible();
  await shot(page, 'simple-order-1280');
  await simpleButton.click();
  await expect(page.getByText('Order created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Fast Order: priority with the Endicia template, two labels, both addresses as text.
  await page.goto('/quick-order');
  await choose(page, /^Type/, 'USPS Priority Mail');
  await choose(page, /^Template/, 'Endicia');
  await page.getByLabel(/^Weight/).fill('3');
  await page.getByLabel(/^Quantity/).fill('2');
  await choose(page, 'Saved address', /Harbor Supply Co/, card(page, 'From'));
  await expect(card(page, 'From').getByRole('textbox', { name: /^Address/ })).toHaveValue(
    'Harbor Supply Co\n100 Congress Ave, Suite 400\nAustin, TX\n78701',
  );
  await card(page, 'To')
    .getByRole('textbox', { name: /^Address/ })
    .fill('Kevin Nguyen\n455 Market St, Apt 12\nSan Francisco, CA\n94105');
  await expect(card(page, 'To').getByTestId('parse-preview')).toContainText('Reads as Kevin Nguyen');
  const quickButton = page.getByRole('button', { name: 'Create Order — $13.00' });
  await expect(quickButton).toBeVisible();
  await shot(page, 'quick-order-1280');
  await quickButton.click();
  await expect(page.getByText('Order created successfully').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Dashboard: the three labels complete without a reload (the history polls while they are made).
  // Only this spec's recipients are counted, whatever else the account holds.
  const rows = page.getByTestId('order-row');
  const mine = rows.filter({ hasText: /Maria Lopez|Kevin Nguyen/ });
  await expect(mine).toHaveCount(3);
  await expect(mine.locator('[data-status="completed"]')).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByTestId('header-balance')).toHaveText(
    `$${(startBalance - 3.25 - 13).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`,
  );
  await expect(rows.first()).toContainText('Kevin Nguyen');
  const firstTracking = rows.first().getByRole('link');
  await expect(firstTracking).toHaveAttribute(
    'href',
    /^https:\/\/tools\.usps\.com\/go\/TrackConfirmAction\?tLabels=/,
  );
  await shot(page, 'dashboard-1280');

  // Download the newest label: saved as {tracking}.pdf, and it is a PDF.
  const tracking = (await firstTracking.innerText()).trim();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    rows
      .first()
      .getByRole('button', { name: /^Download label/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${tracking}.pdf`);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 4).toString('latin1')).toBe('%PDF');

  // Duplicate the Simple Order (the oldest of this spec's orders): same price charged again.
  const simpleOrderId = (await mine.last().locator('td').first().innerText()).trim();
  await mine
    .last()
    .getByRole('button', { name: /^Duplicate/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Duplicate order' });
  await expect(confirm).toContainText('The same price, $3.25, will be charged again');
  await shot(page, 'duplicate-dialog-1280');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Order duplicated successfully')).toBeVisible();
  await expect(mine).toHaveCount(4);
  const endBalance = startBalance - 3.25 - 13 - 3.25;
  await expect.poll(() => readBalance(page)).toBeCloseTo(endBalance, 2);
  await expect(mine.locator('[data-status="completed"]')).toHaveCount(4, { timeout: 30_000 });

  // Search, then sort oldest first: the original Simple Order comes before its duplicate.
  await page.getByRole('textbox', { name: 'Search orders' }).fill('Lopez');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).not.toContainText(simpleOrderId);
  await page.getByRole('combobox', { name: 'Sort orders' }).click();
  await page.getByRole('option', { name: 'Oldest first' }).click();
  await expect(rows.first()).toContainText(simpleOrderId);
  await page.getByRole('button', { name: 'Clear search' }).click();
  // Newest first again, so this spec's four are on page 1.
  await page.getByRole('combobox', { name: 'Sort orders' }).click();
  await page.getByRole('option', { name: 'Newest first' }).click();
  await expect(mine).toHaveCount(4);

  await page.goto('/address');
  await expect(page.getByRole('cell', { name: 'Harbor Supply Co', exact: true })).toBeVisible();
  await shot(page, 'addresses-1280');
  await page.getByRole('button', { name: 'Delete Harbor Supply Co' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete address' })).toContainText(
    'Are you sure you want to delete this address?',
  );
  await shot(page, 'delete-address-1280');
  await page.getByRole('dialog', { name: 'Delete address' }).getByRole('button', { name: 'Cancel' }).click();
});

test('the order pages fit a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const me = await reseller();
  await signIn(page, me.discordId, me.password);
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await shot(page, 'dashboard-390');
  const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  expect(await noSideScroll()).toBe(true);
  await page.goto('/createOrders');
  await choose(page, /^Type/, 'FedEx Ground');
  await page.getByLabel(/^Weight/).fill('4');
  await expect(page.getByRole('button', { name: /Create Order — \$/ })).toBeVisible();
  expect(await noSideScroll()).toBe(true);
  await shot(page, 'simple-order-390');

  await page.goto('/quick-order');
  await expect(page.getByRole('combobox', { name: /^Type/ })).toBeVisible();
  expect(await noSideScroll()).toBe(true);
  await shot(page, 'quick-order-390');

  await page.goto('/address');
  await expect(page.getByText('Harbor Supply Co')).toBeVisible();
  expect(await noSideScroll()).toBe(true);
  await shot(page, 'addresses-390');
});
