import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { SAMPLE_CSV } from '@portal/shared';
import { resellerOfFile } from './accounts';
import { callApi, signIn } from './helpers';

/** This spec's own reseller, with $1,000.00 as the demo account has (decision 320). */
const reseller = resellerOfFile('formats', 'Label Formats Co');

/**
 * Label formats (issue 37) with a reseller of its own: the format picker on the dashboard (one label, the
 * selected ones, ZPL "Print") and on the CSV page's one-file download, and the default from Account
 * Settings. Every file is read: ZPL starts with ^XA, PNG is 812 x 1218 at 203 dpi (1200 x 1800 at 300),
 * Letter has two labels a page. Screenshots of the picker go to /tmp (LABEL_FORMAT_SHOTS to change it).
 */
const SHOTS = process.env.LABEL_FORMAT_SHOTS ?? '/tmp';
const BROWSER_PRINT = 'http://127.0.0.1:9100/**';

async function download(
  page: Page,
  trigger: Locator,
): Promise<{ name: string; bytes: Buffer; file: Download }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { name: file.suggestedFilename(), bytes: await fs.readFile(await file.path()), file };
}

async function pick(page: Page, picker: Locator, option: string) {
  await picker.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(picker).toHaveValue(option);
}

/** Width, height and dots per inch of a PNG (IHDR, then pHYs in dots per metre). */
function pngFacts(png: Buffer) {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const phys = png.indexOf('pHYs', 0, 'latin1');
  expect(phys).toBeGreaterThan(0);
  return {
    width: png.readUInt32BE(16),
    height: png.readUInt32BE(20),
    dpi: Math.round(png.readUInt32BE(phys + 4) * 0.0254),
  };
}

const labelsInZpl = (zpl: string) => zpl.match(/\^XA/g)?.length ?? 0;
const pdfInfo = async (file: Download) => execFileSync('pdfinfo', [await file.path()]).toString();

async function buyTwoLabels(page: Page): Promise<{ orderIds: string[]; trackings: string[] }> {
  const { labelTypes } = await callApi(page, 'GET', '/labeltype/read');
  const ground = labelTypes.find((t: { uid: string }) => t.uid === 'ground_oz');
  const { orders } = await callApi(page, 'POST', '/order/create', {
    labelType: ground._id,
    quantity: 2,
    signature: false,
    Weight: 4,
    FromName: 'Harbor Supply Co',
    FromStreet: '100 Congress Ave',
    FromCity: 'Austin',
    FromState: 'TX',
    FromZip: '78701',
    FromCountry: 'US',
    ToName: 'Rita Receiver',
    ToStreet: '200 Boylston St',
    ToCity: 'Boston',
    ToState: 'MA',
    ToZip: '02116',
    ToCountry: 'US',
  });
  const orderIds: string[] = orders.map((o: { OrderId: string }) => o.OrderId);
  await page.goto('/');
  const trackings: string[] = [];
  for (const id of orderIds) {
    const row = page.getByTestId('order-row').filter({ hasText: id });
    await expect(row.getByText('Completed')).toBeVisible({ timeout: 30_000 });
  }
  for (const o of (await callApi(page, 'GET', '/order/read?page=1&limit=20')).orders as Array<{
    OrderId: string;
    tracking: string;
  }>)
    if (orderIds.includes(o.OrderId)) trackings.push(o.tracking);
  return { orderIds, trackings };
}

test.describe.configure({ mode: 'serial' });

test('the dashboard downloads one label and the selected ones as ZPL, PNG and Letter, and prints ZPL', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const me = await reseller();
  await signIn(page, me.discordId, me.password);
  const { orderIds, trackings } = await buyTwoLabels(page);
  const [firstId, secondId] = orderIds as [string, string];
  const first = page.getByTestId('order-row').filter({ hasText: firstId });
  const picker = page.getByRole('combobox', { name: 'Label format' });
  await expect(picker).toHaveValue('PDF 4x6');

  // The picker, open, at both widths.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await picker.click();
    await expect(page.getByRole('option', { name: 'ZPL 203 dpi (Zebra)' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/label-formats-picker-${width}.png`, fullPage: true });
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // One label as ZPL: a raw printer stream with the order's tracking number.
  await pick(page, picker, 'ZPL 203 dpi (Zebra)');
  const zpl = await download(page, first.getByRole('button', { name: `Download label ${firstId}` }));
  expect(trackings.map((t) => `${t}.zpl`)).toContain(zpl.name);
  const zplText = zpl.bytes.toString('latin1');
  expect(zplText.startsWith('^XA')).toBe(true);
  expect(labelsInZpl(zplText)).toBe(1);
  expect(zplText).toContain('^PW812');

  // One label as PNG: 4x6 at 203 dpi.
  await pick(page, picker, 'PNG 203 dpi');
  const png = await download(page, first.getByRole('button', { name: `Download label ${firstId}` }));
  expect(png.name).toMatch(/\.png$/);
  expect(pngFacts(png.bytes)).toEqual({ width: 812, height: 1218, dpi: 203 });

  // Both selected, as Letter: two labels on one page; then as ZPL: one stream, two labels.
  await first.getByRole('checkbox', { name: `Select ${firstId}` }).check();
  await page
    .getByTestId('order-row')
    .filter({ hasText: secondId })
    .getByRole('checkbox', { name: `Select ${secondId}` })
    .check();
  const bar = page.getByRole('region', { name: 'Selected orders' });
  await expect(bar).toContainText('2 orders selected');
  const barPicker = bar.getByRole('combobox', { name: 'Format of selected labels' });
  await pick(page, barPicker, 'PDF Letter (2 a page)');
  const letter = await download(page, bar.getByRole('button', { name: 'Download selected' }));
  expect(letter.name).toMatch(/\.pdf$/);
  expect(await pdfInfo(letter.file)).toMatch(/Pages:\s+1\n[\s\S]*Page size:\s+612 x 792 pts/);
  await pick(page, barPicker, 'ZPL 203 dpi (Zebra)');
  const selectedZpl = await download(page, bar.getByRole('button', { name: 'Download selected' }));
  expect(labelsInZpl(selectedZpl.bytes.toString('latin1'))).toBe(2);

  // Print with no Zebra Browser Print answering: the .zpl file is saved instead.
  await page.route(BROWSER_PRINT, (route) => route.abort('connectionrefused'));
  const fallback = await download(page, bar.getByRole('button', { name: 'Print' }));
  expect(fallback.name).toMatch(/\.zpl$/);
  expect(labelsInZpl(fallback.bytes.toString('latin1'))).toBe(2);
  // The single order's Print takes the same way.
  const single = await download(page, first.getByRole('button', { name: `Print label ${firstId}` }));
  expect(labelsInZpl(single.bytes.toString('latin1'))).toBe(1);
  await page.unroute(BROWSER_PRINT);

  // With Zebra Browser Print answering, the ZPL goes to its default printer and nothing is saved.
  const printed: string[] = [];
  await page.route(BROWSER_PRINT, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/default')
      return route.fulfill({
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({
          name: 'ZD421',
          uid: 'ZD421-1',
          connection: 'usb',
          deviceType: 'printer',
          provider: 'com.zebra.ds.webdriver.desktop.provider.DefaultDeviceProvider',
          manufacturer: 'Zebra Technologies',
        }),
      });
    printed.push((JSON.parse(route.request().postData() ?? '{}') as { data?: string }).data ?? '');
    return route.fulfill({ status: 200, headers: { 'access-control-allow-origin': '*' }, body: '' });
  });
  let saved = 0;
  page.on('download', () => saved++);
  await first.getByRole('button', { name: `Print label ${firstId}` }).click();
  await expect.poll(() => printed.length).toBe(1);
  expect(printed[0]!.startsWith('^XA')).toBe(true);
  expect(saved).toBe(0);
  await page.unroute(BROWSER_PRINT);
});

test('the default from Account Settings is the format downloads start from', async ({ page }) => {
  test.setTimeout(90_000);
  const me = await reseller();
  await signIn(page, me.discordId, me.password);
  await page.goto('/settings');
  const setting = page.getByRole('combobox', { name: 'Default label format' });
  await pick(page, setting, 'PNG 300 dpi');
  await page.getByRole('button', { name: 'Save format' }).click();
  await expect(page.getByText('Label format saved')).toBeVisible();

  await page.goto('/');
  const picker = page.getByRole('combobox', { name: 'Label format' });
  await expect(picker).toHaveValue('PNG 300 dpi');
  const row = page.getByTestId('order-row').filter({ hasText: 'Completed' }).first();
  const png = await download(page, row.getByRole('button', { name: /^Download label / }));
  expect(pngFacts(png.bytes)).toEqual({ width: 1200, height: 1800, dpi: 300 });

  // Back to PDF 4x6 for the specs after this one.
  await page.goto('/settings');
  await pick(page, setting, 'PDF 4x6');
  await page.getByRole('button', { name: 'Save format' }).click();
  await expect(page.getByText('Label format saved')).toBeVisible();
});

test('the CSV page downloads a bulk order in one file as ZPL, PNG and Letter', async ({ page }) => {
  test.setTimeout(150_000);
  const [header, first, second] = SAMPLE_CSV.trim().split('\r\n') as [string, string, string];
  const me = await reseller();
  await signIn(page, me.discordId, me.password);
  await page.goto('/csv-orders');
  await page.getByRole('combobox', { name: /^Label type/ }).click();
  await page.getByRole('option', { name: 'USPS Ground Advantage (oz)' }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'formats.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\r\n${first}\r\n${second}\r\n`),
  });
  await page.getByRole('button', { name: 'Validate CSV' }).click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText(/CSV order created successfully: 2 labels/)).toBeVisible();
  const row = page.getByTestId('bulk-order-row').filter({ hasText: 'formats.csv' }).first();
  await expect(row.getByTestId('bulk-progress')).toHaveText('2 / 2', { timeout: 60_000 });
  await expect(row.getByText('Completed')).toBeVisible({ timeout: 15_000 });

  const picker = page.getByRole('combobox', { name: 'Format of labels in one file' });
  const oneFile = row.getByRole('button', { name: 'Download PDF' });
  await pick(page, picker, 'ZPL 300 dpi (Zebra)');
  const zpl = await download(page, oneFile);
  expect(zpl.name).toMatch(/\.zpl$/);
  const zplText = zpl.bytes.toString('latin1');
  expect(zplText.startsWith('^XA')).toBe(true);
  expect(labelsInZpl(zplText)).toBe(2);

  await pick(page, picker, 'PNG 203 dpi');
  const zipped = await download(page, oneFile);
  expect(zipped.name).toMatch(/\.zip$/);
  const zipPath = await zipped.file.path();
  const images = execFileSync('unzip', ['-Z1', zipPath]).toString().trim().split('\n');
  expect(images).toHaveLength(2);
  for (const name of images) {
    expect(name).toMatch(/\.png$/);
    const image = execFileSync('unzip', ['-p', zipPath, name]);
    expect(pngFacts(image)).toEqual({ width: 812, height: 1218, dpi: 203 });
  }

  await pick(page, picker, 'PDF Letter (2 a page)');
  const letter = await download(page, oneFile);
  expect(await pdfInfo(letter.file)).toMatch(/Pages:\s+1\n[\s\S]*Page size:\s+612 x 792 pts/);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await picker.click();
    await page.screenshot({ path: `${SHOTS}/label-formats-csv-picker-${width}.png`, fullPage: true });
    await page.keyboard.press('Escape');
  }
});
