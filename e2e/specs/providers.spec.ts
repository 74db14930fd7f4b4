import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newReseller } from './accounts';
import { callApi, signIn, signOut, tokenCookie } from './helpers';
import { signInAsStaff } from './two-factor-helpers';

/** Where this spec's screenshots go: outside the repository, to look at after a run. */
const SHOTS = process.env.PROVIDER_SHOTS_DIR ?? '/tmp/providers-shots';

async function shot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function putApi(page: Page, url: string, data: object) {
  const token = (await tokenCookie(page))!.value;
  const res = await page.request.put(`/api/v1${url}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(res.ok(), `PUT ${url}: ${await res.text()}`).toBe(true);
}

const shipment = {
  quantity: 1,
  signature: false,
  Weight: 5,
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
};

test('staff add a provider, test it, route a label type to it and see health and margin', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(360_000);
  // The upstream is this same portal, bought from with a reseller account of its own: its labels of the
  // upstream types are made in test mode there, and what it charges is our cost.
  // Both made and funded over the API (the register form and Adjust balance are other specs' subjects).
  const upstream = await newReseller('upstream', 'Upstream Account', { dollars: 50 });
  const buyer = await newReseller('buyer', 'Margin Buyer', { dollars: 50 });
  await signIn(page, upstream.discordId, upstream.password);
  const access = await callApi(page, 'GET', '/auth/access');
  const upstreamKey: string = access.api_key;
  await signOut(page);

  await signInAsStaff(page);

  await page.goto('/admin/providers');
  await expect(page.getByRole('heading', { name: 'Providers', level: 1 })).toBeVisible();
  await expect(page.getByText('No providers yet')).toBeVisible();
  await shot(page, 'providers-empty');

  // Add: the form is judged by the server's schema before anything is sent.
  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add provider' });
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText("Base URL is required: the upstream portal's address")).toBeVisible();
  await dialog.getByLabel('Name').fill('Upstream portal');
  await dialog.getByLabel('API key').fill(upstreamKey);
  await dialog.getByLabel('Base URL').fill(baseURL!);
  await shot(page, 'providers-add');
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('provider-row').filter({ hasText: 'Upstream portal' });
  await expect(row).toContainText(`…${upstreamKey.slice(-4)}`);
  await expect(row).not.toContainText(upstreamKey);
  await expect(row).toContainText('Live');
  await expect(row).toContainText('No calls in the last hour');

  // Test connection: the answer is shown as given, and the call counts in the provider's health.
  await row.getByRole('button', { name: 'Test connection to Upstream portal' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Upstream portal: connected' })).toContainText(
    `Connected to ${baseURL}`,
  );
  await expect(row).toContainText('100% ok');
  await expect(row).toContainText('1 call');
  await expect(row).toContainText('Circuit closed');

  // Route UPS Express Saver ($15.00 at 5 lb) to it, bought there as UPS Standard ($9.00 at 5 lb).
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Label Types' }).click();
  const saver = page.getByTestId('label-type-row').filter({ hasText: 'UPS Express Saver' });
  await expect(saver).toContainText('Test mode');
  await saver.getByRole('button', { name: 'Route UPS Express Saver' }).click();
  const routeDialog = page.getByRole('dialog', { name: 'Route of UPS Express Saver' });
  await routeDialog.getByRole('button', { name: 'Add a provider' }).click();
  await routeDialog.getByRole('button', { name: 'Save route' }).click();
  await expect(routeDialog.getByText('Service is required')).toBeVisible();
  await routeDialog.getByLabel('Upstream label type 1').fill('ups_standard');
  await shot(page, 'label-types-route');
  await routeDialog.getByRole('button', { name: 'Save route' }).click();
  await expect(routeDialog).toBeHidden();
  await expect(saver).toContainText('Upstream portal');
  await expect(saver).not.toContainText('Test mode');

  // A routed provider cannot be deleted: the server says why, in the dialog.
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Providers', exact: true })
    .click();
  await row.getByRole('button', { name: 'Delete Upstream portal' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Upstream portal?' });
  await confirm.getByRole('button', { name: 'Delete provider' }).click();
  await expect(confirm.getByRole('alert')).toContainText(
    'Remove Upstream portal from the routes of UPS Express Saver first',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('UPS Express Saver');

  // A second type sold below cost: UPS Expedited ($12.00) bought as UPS Express ($18.00).
  const { labelTypes } = await callApi(page, 'GET', '/admin/label-types');
  const typeOf = (uid: string) => labelTypes.find((t: { uid: string }) => t.uid === uid);
  const providerId: string = (await callApi(page, 'GET', '/admin/providers')).providers[0]._id;
  await putApi(page, `/admin/label-types/${typeOf('ups_expedited')._id}/route`, {
    route: [{ providerId, service: 'ups_express' }],
  });
  await signOut(page);

  // The buyer orders one of each; both are bought upstream.
  await signIn(page, buyer.discordId, buyer.password);
  const ids: string[] = [];
  for (const uid of ['ups_express_saver', 'ups_expedited']) {
    const { orders } = await callApi(page, 'POST', '/order/create', {
      ...shipment,
      labelType: typeOf(uid)._id,
    });
    ids.push(orders[0].OrderId);
  }
  await page.goto('/');
  for (const id of ids)
    await expect(page.getByTestId('order-row').filter({ hasText: id }).getByText('Completed')).toBeVisible({
      timeout: 60_000,
    });
  await signOut(page);

  await signInAsStaff(page);
  await page.goto('/admin/orders');
  const sold = page.getByTestId('admin-order-row').filter({ hasText: ids[0]! });
  await expect(sold).toContainText('Upstream portal');
  await expect(sold).toContainText('$9.00');
  await expect(sold).toContainText('$6.00');
  const below = page.getByTestId('admin-order-row').filter({ hasText: ids[1]! });
  await expect(below).toContainText('$18.00');
  await expect(below).toContainText('-$6.00');
  await expect(below.getByText('Below cost')).toBeVisible();
  await shot(page, 'orders-margin');

  await page.goto('/admin');
  const chart = page.getByTestId('margin-chart');
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', /\$0\.00 on 2 labels, 1 sold below cost/);
  await expect(page.getByRole('alert').filter({ hasText: 'Cost above price' })).toContainText(
    'UPS Expedited',
  );
  const marginTable = page.getByRole('table', { name: 'Margin per label type' });
  await expect(marginTable.getByRole('row', { name: /UPS Express Saver/ })).toContainText('$6.00');
  await shot(page, 'overview-margin');

  await page.goto('/admin/providers');
  await expect(row).toContainText('100% ok');
  await shot(page, 'providers-health');

  // Back to test mode, so the specs after this one buy these types as before.
  for (const uid of ['ups_express_saver', 'ups_expedited'])
    await putApi(page, `/admin/label-types/${typeOf(uid)._id}/route`, { route: [] });
});
