import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { encryptedPdf, packingSlipPdf, sampleOrders } from '../../apps/server/test/fixtures/packing-slips';
import { resellerOfFile } from './accounts';
import { signIn, SCREENSHOT_DIR } from './helpers';

/** This spec's own reseller, with $1,000.00 as the demo account has (decision 320). */
const reseller = resellerOfFile('amazon', 'Amazon Slips Co');

/**
 * Amazon CSV Generator with a reseller of its own: clear messages for a non-PDF and a password-protected PDF,
 * then amazon.csv from a real-layout packing slip (3 orders), uploaded and validated on the CSV page.
 * Screenshots at 1280 and 390 px go to docs/screenshots/amazon-*.png.
 */
const OUT = SCREENSHOT_DIR;
const HIDE_TOASTS = '.Toastify, .Toastify__toast-container { display: none !important; }';
async function shot(page: Page, name: string) {
  // Toasts would cover the header (hidden from the picture only); layout transitions settle first.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `amazon-${name}.png`), fullPage: true, style: HIDE_TOASTS });
}

const choosePdf = (page: Page, name: string, buffer: Buffer | Uint8Array) =>
  page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(buffer) });

async function fillFromDetails(page: Page) {
  await page.getByLabel(/^Weight/).fill('1.5');
  await page.getByLabel(/^Name/).fill('Jordan Avery');
  await page.getByLabel(/^Street 1/).fill('1200 Barton Springs Rd');
  await page.getByLabel(/^Street 2/).fill('Suite 210');
  await page.getByLabel(/^City/).fill('Austin');
  await page.getByRole('combobox', { name: /^State/ }).click();
  await page.getByRole('option', { name: /Texas/ }).click();
  await page.getByLabel(/^ZIP/).fill('78704');
}

test('a reseller turns Amazon packing slips into amazon.csv and validates it on the CSV page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const me = await reseller();
  await signIn(page, me.discordId, me.password);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Amazon CSV Generator' })
    .click();
  await expect(page).toHaveURL(/\/amazon-csv$/);
  const generate = page.getByRole('button', { name: 'Generate CSV' });

  // The form's own checks come from the server's schema.
  await generate.click();
  await expect(page.getByText('Please select a PDF file')).toBeVisible();
  await expect(page.getByText('From Name is required')).toBeVisible();
  await shot(page, 'form-1280');

  // Files the server cannot read get a clear message.
  await fillFromDetails(page);
  await choosePdf(page, 'notes.pdf', Buffer.from('Order 112-4839201-5528374, ship to Chicago'));
  await generate.click();
  await expect(page.getByText('This file is not a PDF.', { exact: false })).toBeVisible();
  await choosePdf(page, 'locked.pdf', encryptedPdf());
  await generate.click();
  await expect(page.getByText('This PDF is password-protected.', { exact: false })).toBeVisible();

  // Real packing slips: amazon.csv in the bulk CSV format, sender and weight filled in.
  await choosePdf(page, 'packing-slips.pdf', await packingSlipPdf(sampleOrders));
  const [download] = await Promise.all([page.waitForEvent('download'), generate.click()]);
  expect(download.suggestedFilename()).toBe('amazon.csv');
  const csvPath = await download.path();
  const csv = await fs.readFile(csvPath, 'utf8');
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  expect(header).toMatch(/^FromCountry,FromName,.*,Weight/);
  expect(rows).toHaveLength(3);
  expect(csv).toContain('Jordan Avery');
  expect(csv).toContain('Chicago');
  expect(csv).toContain('1.5');
  const result = page.getByTestId('amazon-result');
  await expect(result).toContainText('amazon.csv is ready');
  await expect(result).toContainText('3 orders read from packing-slips.pdf');
  await shot(page, 'result-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'result-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // On to the CSV page with the file already chosen: it validates as it is.
  await page.getByRole('link', { name: 'Order these on the CSV page' }).click();
  await expect(page).toHaveURL(/\/csv-orders$/);
  await expect(page.getByRole('form', { name: 'CSV order' })).toContainText('amazon.csv');
  await page.getByRole('combobox', { name: /^Label type/ }).click();
  await page.getByRole('option', { name: 'USPS Priority Mail' }).click();
  await page.getByRole('button', { name: 'Validate CSV' }).click();
  await expect(page.getByTestId('csv-validation-summary')).toContainText(/3 rows · total \$\d+\.\d\d/);
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();

  await page.goto('/amazon-csv');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(generate).toBeVisible();
  await shot(page, 'form-390');
});
