import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { SAMPLE_CSV } from '@portal/shared';
import { resellerOfFile } from './accounts';
import { signIn, SCREENSHOT_DIR } from './helpers';

/** This spec's own reseller, with $1,000.00 as the demo account has (decision 320). */
const reseller = resellerOfFile('csv', 'CSV Orders Co');

/**
 * Bulk CSV orders with a reseller of its own: download the sample, see the row errors of a bad file, pay a good
 * one (3 labels), watch its progress to Completed and download the zip, the CSV with tracking and the merged
 * PDF. Screenshots at 1280 and 390 px go to docs/screenshots/csv-*.png.
 */
const OUT = SCREENSHOT_DIR;
const HIDE_TOASTS = '.Toastify, .Toastify__toast-container { display: none !important; }';
async function shot(page: Page, name: string) {
  // Toasts would cover the header (hidden from the picture only); layout transitions settle first.
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `csv-${name}.png`), fullPage: true, style: HIDE_TOASTS });
}

const [HEADER, FIRST, SECOND] = SAMPLE_CSV.trim().split('\r\n') as [string, string, string];
const csvOf = (...rows: string[]) => Buffer.from([HEADER, ...rows].join('\r\n') + '\r\n');
// Three orders: the sample's two and one more to a third recipient.
const GOOD_CSV = csvOf(
  FIRST,
  SECOND,
  FIRST.replace('Maria Gonzalez', 'Noah Smith').replace('742 Evergreen', '18 Oak'),
);
// Row 2: a ZIP with a letter; row 3: no weight.
const BAD_CSV = csvOf(FIRST.replace(',33101,', ',3310A,'), SECOND.replace(/,1$/, ','));

async function chooseLabelType(page: Page, name: string) {
  await page.getByRole('combobox', { name: /^Label type/ }).click();
  await page.getByRole('option', { name }).click();
}

const uploadCsv = (page: Page, name: string, buffer: Buffer) =>
  page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer });

async function download(page: Page, trigger: Locator): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const filePath = await file.path();
  return { file, bytes: await fs.readFile(filePath) };
}

/** axe on the page as it is now: the list with its files and the label format choice (empty on a fresh account). */
async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

test('a reseller validates a CSV, sees bad rows, pays a good file and downloads its labels', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const me = await reseller();
  await signIn(page, me.discordId, me.password);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'CSV', exact: true })
    .click();
  await expect(page).toHaveURL(/\/csv-orders$/);
  await expect(page.getByRole('heading', { name: 'CSV Orders' })).toBeVisible();

  // The sample: the header resellers know and two filled-in orders.
  const sample = await download(page, page.getByRole('link', { name: 'Download Sample CSV' }));
  expect(sample.file.suggestedFilename()).toBe('sample.csv');
  expect(sample.bytes.toString('utf8')).toBe(SAMPLE_CSV);

  // Nothing chosen: the spec's two messages, and Pay stays disabled.
  const pay = page.getByRole('button', { name: /^Pay/ });
  await page.getByRole('button', { name: 'Validate CSV' }).click();
  await expect(page.getByText('Please select LabelType')).toBeVisible();
  await expect(page.getByText('Please select CSV file')).toBeVisible();
  await expect(pay).toBeDisabled();

  // A file with bad rows: a table of row, column and problem.
  await chooseLabelType(page, 'USPS Priority Mail');
  await expect(page.getByRole('combobox', { name: /^Template/ })).toHaveValue('pitney');
  await uploadCsv(page, 'bad-orders.csv', BAD_CSV);
  await page.getByRole('button', { name: 'Validate CSV' }).click();
  const errors = page.getByRole('table', { name: 'CSV errors' });
  await expect(errors).toBeVisible();
  await expect(errors.getByRole('row').filter({ hasText: 'ToZip' })).toContainText('2');
  await expect(errors.getByRole('row').filter({ hasText: 'Weight' })).toContainText('3');
  await expect(pay).toBeDisabled();
  await shot(page, 'errors-1280');

  // A good file: the row count and total, then Pay with the total on it.
  await uploadCsv(page, 'march-orders.csv', GOOD_CSV);
  await expect(errors).toBeHidden();
  await page.getByRole('button', { name: 'Validate CSV' }).click();
  const summary = page.getByTestId('csv-validation-summary');
  await expect(summary).toContainText(/3 rows · total \$\d+\.\d\d/);
  const total = /\$\d+\.\d\d/.exec(await summary.innerText())![0];
  await expect(pay).toHaveText(`Pay ${total}`);
  await shot(page, 'validated-1280');
  await pay.click();
  await expect(page.getByText(/CSV order created successfully: 3 labels/)).toBeVisible();

  // The form starts over; the new upload is listed and made in the background.
  await expect(page.getByRole('combobox', { name: /^Label type/ })).toHaveValue('');
  await expect(pay).toBeDisabled();
  const row = page.getByTestId('bulk-order-row').filter({ hasText: 'march-orders.csv' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(total);
  await expect(row.getByTestId('bulk-progress')).toHaveText('3 / 3', { timeout: 60_000 });
  await expect(row.getByText('Completed')).toBeVisible({ timeout: 15_000 });
  // The status reads in full, not cut to "Compl…" by a narrow column.
  const statusLabel = row.locator('[data-status="Completed"] .mantine-Badge-label');
  expect(await statusLabel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await shot(page, 'orders-1280');
  await expectNoAxeViolations(page);

  // The three files: a zip of label PDFs, the rows with tracking, one merged PDF.
  const zip = await download(page, row.getByRole('button', { name: 'Download ZIP' }));
  expect(zip.file.suggestedFilename()).toMatch(/\.zip$/);
  expect(zip.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const csv = await download(page, row.getByRole('button', { name: 'Download CSV' }));
  expect(csv.file.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = csv.bytes.toString('utf8');
  expect(csvText).toContain('Tracking');
  expect(csvText).toContain('Noah Smith');
  const pdf = await download(page, row.getByRole('button', { name: 'Download PDF' }));
  expect(pdf.file.suggestedFilename()).toMatch(/\.pdf$/);
  expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const pdfInfo = async (file: Download) => execFileSync('pdfinfo', [await file.path()]).toString();
  expect(await pdfInfo(pdf.file)).toMatch(/Pages:\s+3\n[\s\S]*Page size:\s+288 x 432 pts/);
  // The same paper choice as the dashboard's Download selected: Letter puts two labels on a page.
  await page.getByLabel('Format of labels in one file').first().click();
  await page.getByRole('option', { name: 'PDF Letter (2 a page)' }).click();
  const letter = await download(page, row.getByRole('button', { name: 'Download PDF' }));
  expect(await pdfInfo(letter.file)).toMatch(/Pages:\s+2\n[\s\S]*Page size:\s+612 x 792 pts/);

  // A phone: the form stacks and the list turns into cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'CSV Orders' })).toBeVisible();
  await shot(page, 'orders-390');
  await expectNoAxeViolations(page);
  await chooseLabelType(page, 'USPS Priority Mail');
  await uploadCsv(page, 'bad-orders.csv', BAD_CSV);
  await page.getByRole('button', { name: 'Validate CSV' }).click();
  await expect(errors).toBeVisible();
  await shot(page, 'errors-390');
});
