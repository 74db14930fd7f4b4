import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { newReseller } from './accounts';
import { callApi, shotBothWidths, signIn, signOut } from './helpers';
import { signInAsStaff } from './two-factor-helpers';

/** A real 64x64 grayscale PNG with a checker pattern, standing in for the CashApp QR image. */
function checkerPng(): Buffer {
  const size = 64;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  const rows = Buffer.alloc(size * (size + 1));
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) rows[y * (size + 1) + 1 + x] = ((x >> 3) + (y >> 3)) % 2 ? 0 : 255;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a new reseller pays a $25 CashApp invoice, staff approve it, and the reseller buys a label with it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // Staff set the CashApp tag and QR image.
  await signInAsStaff(page);
  await page.goto('/admin/settings');
  await page.getByLabel('CashApp tag').fill('$LabelPort');
  await page.getByLabel('Payment instructions').fill('Send to pay@labelport.example (Friends and Family).');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload image' }).click();
  await (await chooser).setFiles({ name: 'qr.png', mimeType: 'image/png', buffer: checkerPng() });
  await expect(page.getByText('QR code uploaded')).toBeVisible();
  await expect(page.getByRole('img', { name: 'CashApp QR code' })).toBeVisible();
  await shotBothWidths(page, 'deposits', 'admin-settings');
  await signOut(page);

  const { discordId, password } = await newReseller('deposit', 'Deposit Test Co');
  await signIn(page, discordId, password);

  // The dashboard's Add balance leads to Deposits, where a $0.00 balance is red.
  await page.getByRole('link', { name: 'Add balance' }).click();
  await expect(page).toHaveURL(/\/deposits$/);
  await expect(page.getByTestId('current-balance')).toHaveText('$0.00');
  await expect(page.getByText('No invoices yet.')).toBeVisible();
  await page.getByLabel(/^Amount/).fill('0.5');
  await page.getByRole('button', { name: 'Add balance' }).click();
  await expect(page.getByText('Amount must be at least $1.00')).toBeVisible();
  await page.getByRole('group', { name: 'Preset amounts' }).getByText('$25.00').click();
  await page.getByText('CashApp', { exact: true }).click();
  await page.getByRole('button', { name: 'Add balance' }).click();

  const modal = page.getByRole('dialog', { name: 'Pay with CashApp' });
  await expect(modal.getByRole('img', { name: 'CashApp QR code' })).toBeVisible();
  await expect(modal).toContainText('$LabelPort');
  await expect(modal).toContainText('$25.00');
  const note = (
    await modal
      .getByText(/^LP-[2-9A-Z]{5}$/)
      .first()
      .innerText()
  ).trim();
  await modal
    .getByLabel('Receipt URL or transaction ID')
    .fill('https://evil.example/payments/abc123xyz9/receipt');
  await modal.getByRole('button', { name: 'Process Payment' }).click();
  await expect(modal.getByText('Only CashApp receipt links are accepted', { exact: false })).toBeVisible();
  await modal
    .getByLabel('Receipt URL or transaction ID')
    .fill(`https://cash.app/payments/${Date.now().toString(36)}q1/receipt`);
  await shotBothWidths(page, 'deposits', 'cashapp-modal');
  await modal.getByRole('button', { name: 'Process Payment' }).click();
  await expect(modal.getByText('Receipt received')).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  const row = page.getByTestId('invoice-row').filter({ hasText: note });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('CashApp');
  await shotBothWidths(page, 'deposits', 'reseller-pending');
  await signOut(page);

  // Staff find the invoice by its note and approve it.
  await signInAsStaff(page);
  await page.goto('/admin/deposits');
  await page.getByLabel('Search').fill(note);
  const queued = page.getByTestId('admin-invoice-row').filter({ hasText: note });
  await expect(queued).toHaveCount(1);
  await expect(queued.getByRole('link', { name: /cash\.app|^[A-Z0-9]+$/ })).toBeVisible();
  await shotBothWidths(page, 'deposits', 'admin-queue');
  await queued.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve $25.00' }).click();
  await expect(page.getByText(`${note} approved`)).toBeVisible();
  await expect(page.getByTestId('admin-invoice-row').filter({ hasText: note })).toHaveCount(0);
  await signOut(page);

  // The reseller sees $25.00 and Completed, then spends it on a label.
  await signIn(page, discordId, password);
  await page.goto('/deposits');
  await expect(page.getByTestId('current-balance')).toHaveText('$25.00');
  await expect(page.getByText('Deposit approved')).toBeVisible();
  await expect(page.getByTestId('invoice-row').filter({ hasText: note })).toContainText('Completed');
  await shotBothWidths(page, 'deposits', 'reseller-completed');

  await page.goto('/createorders');
  await page.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'USPS Ground Advantage (oz)' }).click();
  await page.getByLabel(/^Weight/).fill('6');
  for (const [side, name, street, city, zip, state] of [
    ['From', 'Deposit Test Co', '100 Congress Ave', 'Austin', '78701', 'TX — Texas'],
    ['To', 'Maria Lopez', '2200 Larimer St', 'Denver', '80205', 'CO — Colorado'],
  ] as const) {
    const card = page.getByRole('region', { name: side, exact: true });
    await card.getByLabel(/^Name/).fill(name);
    await card.getByLabel(/^Street \*|^Street$/).fill(street);
    await card.getByLabel(/^City/).fill(city);
    await card.getByLabel(/^ZIP Code/).fill(zip);
    await card.getByRole('combobox', { name: /^State/ }).click();
    await page.getByRole('option', { name: state }).click();
  }
  await page.getByRole('button', { name: 'Create Order — $3.25' }).click();
  await expect(page.getByText('Order created successfully')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toContainText('$21.75');
});

test('a receipt swapped while staff look is refused at Approve; staff see every receipt the invoice had', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const resellerContext = await browser.newContext();
  const reseller = await resellerContext.newPage();
  const { discordId, password } = await newReseller('swapper', 'Swap Test Co');
  await signIn(reseller, discordId, password);
  const { invoice } = (
    await callApi(reseller, 'POST', '/invoices/create-invoice', { amount: 30, type: 'cashapp' })
  ).data;
  const stamp = Date.now().toString(36).toUpperCase();
  const give = (id: string) =>
    callApi(reseller, 'POST', '/invoices/verify-cashapp', { invoice: invoice._id, cashAppUrl: `#${id}` });
  await give(`FIRST${stamp}`);

  await signInAsStaff(page);
  await page.goto('/admin/deposits');
  await page.getByLabel('Search').fill(invoice.note);
  const row = page.getByTestId('admin-invoice-row').filter({ hasText: invoice.note });
  await expect(row).toContainText(`FIRST${stamp}`);
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`FIRST${stamp}`);

  // The reseller replaces the receipt while the dialog is open.
  await give(`SECOND${stamp}`);
  await dialog.getByRole('button', { name: 'Approve $30.00' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `The receipt on ${invoice.note} changed to SECOND${stamp} since you looked; check it before approving`,
  );
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(row).toContainText(`SECOND${stamp}`);
  await expect(row).toContainText('Replaced an earlier receipt');
  await expect(row).toContainText(`FIRST${stamp}`);
  await row.screenshot({ path: test.info().outputPath('receipt-history.png') });

  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toContainText(`SECOND${stamp}`);
  await dialog.getByRole('button', { name: 'Approve $30.00' }).click();
  await expect(page.getByText(`${invoice.note} approved`)).toBeVisible();
  await reseller.goto('/deposits');
  await expect(reseller.getByTestId('current-balance')).toHaveText('$30.00');
  await resellerContext.close();
});
