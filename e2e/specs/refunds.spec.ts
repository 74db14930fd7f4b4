import { expect, test } from '@playwright/test';
import { callApi, registerReseller, shotBothWidths, signIn, signOut } from './helpers';
import { signInAsStaff } from './two-factor-helpers';

test('a reseller requests a refund of a completed order, staff approve it, the balance comes back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { discordId, password } = await registerReseller(page, 'refund', 'Refund Test Co');

  // Staff give the new reseller $20 to buy with.
  await signInAsStaff(page);
  const { users } = await callApi(page, 'GET', `/admin/users?search=${discordId}`);
  await callApi(page, 'POST', `/admin/users/${users[0]._id}/adjust-balance`, {
    amount: 20,
    reason: 'Test funds',
  });
  await signOut(page);

  // The reseller buys one label (through the API, the order form has its own specs) and waits for it.
  await signIn(page, discordId, password);
  const { labelTypes } = await callApi(page, 'GET', '/labeltype/read');
  const ground = labelTypes.find((t: { uid: string }) => t.uid === 'ground_oz');
  const { orders } = await callApi(page, 'POST', '/order/create', {
    labelType: ground._id,
    quantity: 1,
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
  const orderId: string = orders[0].OrderId;
  const price: number = orders[0].price;
  const after = (20 - price).toFixed(2);
  await page.goto('/');
  const row = page.getByTestId('order-row').filter({ hasText: orderId });
  await expect(row.getByText('Completed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('header-balance')).toContainText(`$${after}`);

  // At 1280 px the table's nine columns fit beside the menu: all three actions in view, no sideways scroll.
  expect(page.viewportSize()?.width).toBe(1280);
  const table = page.getByRole('table');
  expect(await table.evaluate((t) => t.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  await expect(row.getByRole('button', { name: `Request refund ${orderId}` })).toBeInViewport({ ratio: 1 });

  await row.getByRole('button', { name: `Request refund ${orderId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Request refund' });
  await dialog.getByLabel('Reason (optional)').fill('Printed twice by mistake');
  await dialog.getByRole('button', { name: 'Request refund' }).click();
  await expect(page.getByText('Refund requested').first()).toBeVisible();
  await expect(row.getByText('Refund requested')).toBeVisible();
  await expect(row.getByRole('button', { name: `Request refund ${orderId}` })).toHaveCount(0);
  await shotBothWidths(page, 'refunds', 'dashboard-requested');
  await signOut(page);

  // Staff approve it from the Refund Requests queue.
  await signInAsStaff(page);
  await page.goto('/admin/refund-requests');
  const request = page.getByTestId('refund-request-row').filter({ hasText: orderId });
  await expect(request).toContainText('Printed twice by mistake');
  await expect(request).toContainText(discordId);
  await shotBothWidths(page, 'refunds', 'queue');
  await request.getByRole('button', { name: `Approve ${orderId}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve and refund' }).click();
  await expect(page.getByText(`Refund approved: ${orderId} refunded`)).toBeVisible();
  await expect(request).toHaveCount(0);

  // The Orders page shows it cancelled and refunded; its detail says so too.
  await page.goto('/admin/orders');
  await page.getByLabel('Search').fill(orderId);
  const staffRow = page.getByTestId('admin-order-row');
  await expect(staffRow).toHaveCount(1);
  await expect(staffRow).toContainText('Cancelled');
  await expect(staffRow).toContainText('Refunded');
  await expect(staffRow.getByRole('button', { name: `Refund ${orderId}` })).toHaveCount(0);
  await shotBothWidths(page, 'refunds', 'orders');
  await staffRow.getByRole('button', { name: orderId }).click();
  await expect(page.getByRole('dialog', { name: `Order ${orderId}` })).toContainText(discordId);
  await shotBothWidths(page, 'refunds', 'order-detail');
  await page.keyboard.press('Escape');
  await signOut(page);

  // The reseller sees Refunded and the whole $20 back.
  await signIn(page, discordId, password);
  await expect(page.getByTestId('header-balance')).toContainText('$20.00');
  await expect(
    page.getByTestId('order-row').filter({ hasText: orderId }).getByText('Refunded'),
  ).toBeVisible();
  await shotBothWidths(page, 'refunds', 'dashboard-refunded');
});
