import { expect, test } from '@playwright/test';
import { resellerOfFile } from './accounts';
import { callApi, shotBothWidths, signIn } from './helpers';

const reseller = resellerOfFile('shipday', 'Shipping Day Co', 100);

/**
 * The shipping day (issue 46): a reseller's USPS labels of today go on one SCAN form from the dashboard's
 * selection, the Shipping day page lists the form, and a pickup is priced, booked and cancelled there.
 */
test('labels, then one SCAN form from the selection bar, then a pickup booked and cancelled', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { discordId, password } = await reseller();
  await signIn(page, discordId, password);
  const { labelTypes } = await callApi(page, 'GET', '/labeltype/read');
  const ground = labelTypes.find((t: { uid: string }) => t.uid === 'ground_oz');
  const { orders } = await callApi(page, 'POST', '/order/create', {
    labelType: ground._id,
    quantity: 3,
    signature: false,
    Weight: 3,
    FromName: 'Sam Sender',
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
  const ids: string[] = orders.map((o: { OrderId: string }) => o.OrderId);

  // The dashboard: the three labels completed, picked, and one SCAN form made from the selection bar.
  await page.goto('/');
  for (const id of ids) {
    const row = page.getByTestId('order-row').filter({ hasText: id });
    await expect(row.getByText('Completed')).toBeVisible({ timeout: 30_000 });
    await row.getByRole('checkbox', { name: `Select ${id}` }).check();
  }
  const bar = page.getByRole('region', { name: 'Selected orders' });
  await expect(bar).toContainText('3 orders selected');
  await bar.getByRole('button', { name: 'Create SCAN form' }).click();
  await expect(page.getByText('SCAN form created for 3 labels')).toBeVisible();

  // The Shipping day page: today's USPS labels from Austin, each on the form; the form with its labels.
  await page.getByRole('link', { name: 'Shipping day' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping day' })).toBeVisible();
  const group = page.getByRole('region', { name: 'USPS from Sam Sender' });
  await expect(group).toContainText('3 labels today');
  await expect(group.getByText('On SCAN form')).toHaveCount(3);
  await expect(group.getByRole('button', { name: 'Create SCAN form' })).toBeDisabled();
  const form = page.getByRole('listitem', { name: /^SCAN form / });
  await expect(form).toContainText(ids.join(', '));
  await expect(form).toContainText('Test form');
  const download = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^scan-form-[0-9a-f]{8}\.pdf$/);

  // Schedule pickup: the price first (USPS picks up free), then booked with a confirmation number.
  await group.getByRole('button', { name: 'Schedule pickup' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule pickup' });
  await dialog.getByLabel('Instructions').fill('Parcels by the front door');
  await dialog.getByRole('button', { name: 'See price' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Price: $0.00 (free)');
  await dialog.getByRole('button', { name: 'Confirm pickup ($0.00)' }).click();
  await expect(page.getByText(/^Pickup scheduled: confirmation TEST\d{10}$/)).toBeVisible();
  await expect(group.getByText('Pickup scheduled')).toHaveCount(3);
  const pickup = page.getByRole('listitem', { name: /^Pickup TEST\d{10}$/ });
  await expect(pickup).toContainText('3 packages');
  await shotBothWidths(page, 'shipping-day', 'page');

  await pickup.getByRole('button', { name: 'Cancel pickup' }).click();
  await expect(pickup.getByText('Pickup cancelled')).toBeVisible();
  await expect(pickup.getByRole('button', { name: 'Cancel pickup' })).toHaveCount(0);
});
