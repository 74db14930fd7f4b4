import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_CSV } from '@portal/shared';
import { resellerOfFile } from './accounts';
import { signIn } from './helpers';

/** This spec's own reseller, with $1,000.00 as the demo account has (decision 320). */
const reseller = resellerOfFile('address', 'Address Check Co');

/**
 * The address check (issue 38) with a reseller of its own in confirm mode: a typed ZIP fills City and State,
 * a ZIP in another state holds the order with its warning until "Buy anyway", and a CSV with such a row
 * lists it and offers the corrected file. Screenshots go to /tmp (ADDRESS_CHECK_SHOTS to change it).
 */
const SHOTS = process.env.ADDRESS_CHECK_SHOTS ?? '/tmp';
const card = (page: Page, side: 'From' | 'To') => page.getByRole('region', { name: side, exact: true });

async function choose(page: Page, label: RegExp | string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe.configure({ mode: 'serial' });

test('a typed ZIP fills city and state; a ZIP in another state waits for Buy anyway', async ({ page }) => {
  test.setTimeout(120_000);
  const me = await reseller();
  await signIn(page, me.discordId, me.password);
  await page.goto('/createOrders');
  await choose(page, /^Type/, 'USPS Ground Advantage (oz)');
  await page.getByLabel(/^Weight/).fill('6');

  const from = card(page, 'From');
  await from.getByLabel(/^Name/).fill('Harbor Supply Co');
  await from.getByLabel(/^Street \*|^Street$/).fill('100 Congress Ave');
  await from.getByLabel(/^ZIP Code/).fill('78701');
  await expect(from.getByLabel(/^City/)).toHaveValue('Austin');
  await expect(from.getByRole('combobox', { name: /^State/ })).toHaveValue('TX — Texas');

  const to = card(page, 'To');
  await to.getByLabel(/^Name/).fill('Rita Receiver');
  await to.getByLabel(/^Street \*|^Street$/).fill('1 Beacon St');
  await to.getByLabel(/^ZIP Code/).fill('02108');
  await expect(to.getByLabel(/^City/)).toHaveValue('Boston');
  await expect(to.getByRole('combobox', { name: /^State/ })).toHaveValue('MA — Massachusetts');
  // The reseller picks another state than the ZIP's.
  await to.getByRole('combobox', { name: /^State/ }).click();
  await page.getByRole('option', { name: 'NY — New York' }).click();

  await page.getByRole('button', { name: /^Create Order/ }).click();
  const warnings = page.getByRole('alert', { name: 'Check the addresses' });
  await expect(warnings).toContainText('ToState: ZIP 02108 is Boston, MA, not in NY (USPS: MA)');
  await expect(page).toHaveURL(/\/createOrders$/);
  await page.screenshot({ path: `${SHOTS}/address-check-warning.png`, fullPage: true });

  await warnings.getByRole('button', { name: 'Buy anyway' }).click();
  await expect(page.getByText('Order created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a CSV with a ZIP in another state lists the row and offers the corrected file', async ({ page }) => {
  test.setTimeout(120_000);
  const [header, first] = SAMPLE_CSV.trim().split('\r\n') as [string, string];
  // The sample's Miami row sent to Boston's ZIP in New York.
  const bad = first.replace('Miami', 'Boston').replace(',FL,', ',NY,').replace(',33101,', ',02108,');
  expect(bad).not.toBe(first);
  const me = await reseller();
  await signIn(page, me.discordId, me.password);
  await page.goto('/csv-orders');
  await page.getByRole('combobox', { name: /^Label type/ }).click();
  await page.getByRole('option', { name: 'USPS Ground Advantage (oz)' }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'orders.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\r\n${bad}\r\n`),
  });
  await page.getByRole('button', { name: 'Validate CSV' }).click();

  const panel = page.getByTestId('csv-address-warnings');
  await expect(panel).toContainText('1 row has address warnings');
  await expect(panel.getByRole('table', { name: 'CSV address warnings' })).toContainText(
    'ZIP 02108 is Boston, MA, not in NY (USPS: MA)',
  );
  await expect(page.getByRole('button', { name: /^Buy anyway: pay/ })).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/address-check-csv.png`, fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download corrected CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('orders-corrected.csv');
  const text = await fs.readFile(await download.path(), 'utf8');
  const [columns, row] = text
    .trim()
    .split('\r\n')
    .map((l) => l.split(',')) as [string[], string[]];
  expect(row[columns.indexOf('ToState')]).toBe('MA');
  expect(row[columns.indexOf('ToCity')]).toBe('Boston');
});
