import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { callApi, registerReseller, shotBothWidths, signIn, signOut } from './helpers';
import { signInAsStaff } from './two-factor-helpers';

const address = (name: string, city: string, state: string, zip: string) => ({
  name,
  street: '100 Main St',
  street2: '',
  city,
  state,
  zip,
  phone: '512-555-0100',
});

async function fillAddress(page: Page, card: Locator, a: ReturnType<typeof address>, stateLabel: string) {
  await card.getByRole('textbox', { name: 'Name', exact: true }).fill(a.name);
  await card.getByRole('textbox', { name: 'Street', exact: true }).fill(a.street);
  await card.getByRole('textbox', { name: 'City', exact: true }).fill(a.city);
  await card.getByRole('combobox', { name: /^State/ }).click();
  await page.getByRole('option', { name: stateLabel }).click();
  await card.getByRole('textbox', { name: 'ZIP Code', exact: true }).fill(a.zip);
  await card.getByRole('textbox', { name: 'Phone', exact: true }).fill(a.phone);
}

const rowOf = (page: Page, text: string) => page.getByTestId('courier-order-row').filter({ hasText: text });
const queueRowOf = (page: Page, text: string) =>
  page.getByTestId('courier-queue-row').filter({ hasText: text });

test('an Overnight FedEx order: created in kg and cm, quoted by staff, accepted and paid, completed, downloaded', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { discordId, password } = await registerReseller(page, 'courier', 'Courier Test Co');

  // Staff give the new reseller $100.
  await signInAsStaff(page);
  const { users } = await callApi(page, 'GET', `/admin/users?search=${discordId}`);
  await callApi(page, 'POST', `/admin/users/${users[0]._id}/adjust-balance`, {
    amount: 100,
    reason: 'Test funds',
  });
  await signOut(page);

  // The reseller lands on the Orders tab (empty) and creates an order in kg and cm.
  await signIn(page, discordId, password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overnight FedEx' }).click();
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No courier orders yet.')).toBeVisible();
  await page.getByRole('tab', { name: 'Create Order' }).click();
  await fillAddress(
    page,
    page.getByRole('region', { name: 'Sender Information' }),
    address('Sam Sender', 'Austin', 'TX', '78701'),
    'TX — Texas',
  );
  await fillAddress(
    page,
    page.getByRole('region', { name: 'Receiver Information' }),
    address('Rita Receiver', 'Boston', 'MA', '02116'),
    'MA — Massachusetts',
  );
  const details = page.getByRole('region', { name: 'Package Details' });
  await details.getByRole('spinbutton', { name: 'Weight' }).fill('5');
  await details.getByRole('radiogroup', { name: 'Weight unit' }).getByText('kg').click();
  await details.getByRole('radiogroup', { name: 'Dimension unit' }).getByText('cm').click();
  await details.getByRole('spinbutton', { name: 'Length' }).fill('30');
  await details.getByRole('spinbutton', { name: 'Width' }).fill('20');
  await details.getByRole('spinbutton', { name: 'Height' }).fill('10');
  await details.getByLabel('Special Notes').fill('Fragile: lab samples');
  await shotBothWidths(page, 'courier', 'create');
  await page.getByRole('button', { name: 'Create Order' }).click();

  // Back on Orders, the new order is Pending with the units as entered.
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  const first = rowOf(page, 'Rita Receiver');
  await expect(first.getByText('5 kg', { exact: true })).toBeVisible();
  await expect(first.getByText('30 × 20 × 10 cm', { exact: true })).toBeVisible();
  await expect(first).toContainText('Pending');
  const firstRef = (await first.locator('td').first().locator('p').first().textContent())!.trim();

  // A second order (through the API; the form is proven above) that the reseller will reject.
  await callApi(page, 'POST', '/fed/create-order', {
    from: address('Sam Sender', 'Austin', 'TX', '78701'),
    to: address('Otto Other', 'Denver', 'CO', '80202'),
    weight: 2,
    length: 10,
    width: 8,
    height: 4,
    weightUnit: 'lbs',
    dimensionUnit: 'in',
    specialNotes: '',
  });
  await signOut(page);

  // Staff quote $42 with a note from the Courier queue, and $15 on the second through the API.
  await signInAsStaff(page);
  await page.goto('/admin/courier');
  await expect(page.getByRole('heading', { name: 'Courier' })).toBeVisible();
  await expect(queueRowOf(page, firstRef)).toContainText(discordId);
  await page.getByRole('button', { name: `Quote ${firstRef}` }).click();
  const quote = page.getByRole('dialog', { name: 'Send a quote' });
  await quote.getByRole('button', { name: 'Send quote' }).click();
  await expect(quote.getByText('Enter a price above $0')).toBeVisible();
  await quote.getByLabel('Price').fill('42');
  await quote.getByLabel('Status Note').fill('Pickup tomorrow 9am, delivered by 10:30');
  await quote.getByRole('button', { name: 'Send quote' }).click();
  await expect(quote).toBeHidden();
  await expect(queueRowOf(page, firstRef)).toHaveCount(0); // It left the Pending queue.
  const { docs } = await callApi(page, 'GET', '/admin/courier?status=Pending&search=otto');
  await callApi(page, 'POST', `/admin/courier/${docs[0]._id}/quote`, {
    price: 15,
    note: 'Ground is cheaper',
  });
  await signOut(page);

  // The reseller sees the quote and its note, accepts the first and rejects the second.
  await signIn(page, discordId, password);
  await page.goto('/fedex-order');
  await expect(first).toContainText('Awaiting User Input');
  await expect(first).toContainText('Pickup tomorrow 9am');
  await expect(page.getByTestId('header-balance')).toContainText('$100.00');
  await page.getByRole('button', { name: `Accept ${firstRef}` }).click();
  const accept = page.getByRole('dialog', { name: 'Accept the quote' });
  await expect(accept).toContainText('$42.00');
  await accept.getByRole('button', { name: 'Accept and pay $42.00' }).click();
  await expect(first).toContainText('In Process');
  await expect(page.getByTestId('header-balance')).toContainText('$58.00');

  const second = rowOf(page, 'Otto Other');
  await second.getByRole('button', { name: /^Reject/ }).click();
  await page
    .getByRole('dialog', { name: 'Reject the quote' })
    .getByRole('button', { name: 'Reject quote' })
    .click();
  await expect(second).toContainText('Cancelled');
  await expect(page.getByTestId('header-balance')).toContainText('$58.00');
  await signOut(page);

  // Staff upload the label: a non-PDF is refused, the PDF completes the order.
  await signInAsStaff(page);
  await page.goto('/admin/courier');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'In Process' }).click();
  await page.getByRole('button', { name: `Upload PDF ${firstRef}` }).click();
  const complete = page.getByRole('dialog', { name: 'Upload the label and complete' });
  const fileInput = complete.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'label.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('not a pdf'),
  });
  await complete.getByRole('button', { name: 'Complete order' }).click();
  await expect(complete.getByText('The file must be a PDF')).toBeVisible();
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
  await fileInput.setInputFiles({ name: 'fedex-label.pdf', mimeType: 'application/pdf', buffer: pdf });
  await complete.getByLabel('Status Note').fill('Label attached, tracking inside');
  await complete.getByRole('button', { name: 'Complete order' }).click();
  await expect(complete).toBeHidden();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await expect(queueRowOf(page, firstRef)).toContainText('Completed');
  await shotBothWidths(page, 'admin', 'courier');
  await signOut(page);

  // The reseller downloads the file staff attached.
  await signIn(page, discordId, password);
  await page.goto('/fedex-order');
  await expect(first).toContainText('Completed');
  await expect(first).toContainText('Label attached');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${firstRef}` }).click();
  const download = await downloading;
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  await page.getByRole('button', { name: `View ${firstRef}` }).click();
  const view = page.getByRole('dialog', { name: new RegExp(`Courier order ${firstRef}`) });
  await expect(view).toContainText('Fragile: lab samples');
  await expect(view).toContainText('$42.00');
  await expect(view).toContainText('5 kg · 30 × 20 × 10 cm');
  await page.keyboard.press('Escape');
  await shotBothWidths(page, 'courier', 'orders');
});
