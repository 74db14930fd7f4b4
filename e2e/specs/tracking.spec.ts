import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { callApi, DEMO, signIn } from './helpers';
import { startPortal, type SideProcess } from './side-process';

/**
 * The test-mode walk on a portal of its own: the shared server walks at its default pace (minutes a step),
 * which the refund specs rely on, since a scanned label can no longer be voided. This one steps every few
 * seconds, so a whole walk fits in a test.
 */
const WALK_PORT = Number(process.env.E2E_PORT ?? 7411) + 1;
const STEP_SECONDS = 4;
const SHOTS = process.env.TRACKING_SHOTS_DIR ?? '/tmp/tracking-shots';

/** No axe violation on the page as it is now (the open drawer included). */
async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect.soft(summary, `axe on ${what}`).toEqual([]);
}

async function shot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const shipment = {
  quantity: 1,
  signature: false,
  Weight: 3,
  FromName: 'Sam Sender',
  FromStreet: '100 Congress Ave',
  FromCity: 'Austin',
  FromState: 'TX',
  FromZip: '78701',
  FromCountry: 'US',
  ToName: 'Walker Receiver',
  ToStreet: '200 Boylston St',
  ToCity: 'Boston',
  ToState: 'MA',
  ToZip: '02116',
  ToCountry: 'US',
};

test.describe('tracking on a portal whose test-mode walk steps every few seconds', () => {
  test.use({ baseURL: `http://localhost:${WALK_PORT}` });
  let portal: SideProcess;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    portal = await startPortal(WALK_PORT, { TEST_TRACKING_STEP_SECONDS: String(STEP_SECONDS) });
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  test('an order’s timeline fills as the walk advances, and the Delivered filter finds it', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, DEMO.discordId, DEMO.password);
    const { labelTypes } = await callApi(page, 'GET', '/labeltype/read');
    const ground = labelTypes.find((t: { uid: string }) => t.uid === 'ground_oz');
    const { orders } = await callApi(page, 'POST', '/order/create', { ...shipment, labelType: ground._id });
    const orderId: string = orders[0].OrderId;

    await page.goto('/');
    const row = page.getByTestId('order-row').filter({ hasText: orderId });
    await expect(row.getByText('Completed')).toBeVisible({ timeout: 30_000 });

    // The details drawer, opened from the row: the timeline grows while it is open, oldest first.
    await row.getByRole('button', { name: `Details of ${orderId}` }).click();
    const drawer = page.getByRole('dialog', { name: `Order ${orderId}` });
    const events = drawer.getByTestId('tracking-event');
    await expect(events.first()).toBeVisible({ timeout: 30_000 });
    const firstCount = await events.count();
    await shot(page, 'drawer-walking');
    await expect(drawer.getByTestId('tracking-event').filter({ hasText: 'Delivered' })).toBeVisible({
      timeout: 90_000,
    });
    const statuses = await events.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status')));
    expect(statuses.length).toBeGreaterThan(firstCount);
    expect(statuses[0]).toBe('pre_transit');
    expect(statuses.at(-1)).toBe('delivered');
    expect(statuses).toContain('in_transit');
    await shot(page, 'drawer-delivered');
    await expectAccessible(page, 'the order details drawer');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'the order details drawer at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The list learns it too: it counts the delivered order, and the filter finds it among delivered ones.
    await page.reload();
    await expect(row.getByText('Delivered')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('tracking-count-delivered')).toContainText(/Delivered\s*[1-9]/);
    await page.getByRole('combobox', { name: 'Tracking status' }).click();
    await page.getByRole('option', { name: 'Delivered' }).click();
    await expect(page).toHaveURL(/tracking=delivered/);
    await expect(row).toBeVisible();
    for (const other of await page.getByTestId('order-row').all())
      await expect(other.getByText('Delivered')).toBeVisible();
    await shot(page, 'dashboard-delivered');
    await expectAccessible(page, 'the dashboard filtered by tracking');

    // Another status leaves it out.
    await page.getByRole('combobox', { name: 'Tracking status' }).click();
    await page.getByRole('option', { name: 'In transit' }).click();
    await expect(page).toHaveURL(/tracking=in_transit/);
    await expect(page.getByTestId('order-row').filter({ hasText: orderId })).toHaveCount(0);
  });
});
