import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';
import { signInAsStaff } from './two-factor-helpers';

// Add a route here and it is checked at both widths.
const SIGNED_OUT_ROUTES = [
  { path: '/login', title: 'Sign in' },
  { path: '/register', title: 'Register' },
  { path: '/forgot', title: 'Forgot Password?' },
  { path: '/reset', title: 'Reset Password' },
];
const SIGNED_IN_ROUTES = [
  { path: '/', title: 'Dashboard' },
  { path: '/createOrders', title: 'Simple Order' },
  { path: '/quick-order', title: 'Fast Order' },
  { path: '/csv-orders', title: 'CSV' },
  { path: '/fedex-order', title: 'Overnight FedEx' },
  { path: '/amazon-csv', title: 'Amazon CSV Generator' },
  { path: '/deposits', title: 'Deposits' },
  { path: '/address', title: 'Addresses' },
  { path: '/settings', title: 'Account Setting' },
  { path: '/no-such-page', title: 'Page not found' },
];

const STAFF_ROUTES = [
  { path: '/admin/deposits', title: 'Deposits' },
  { path: '/admin/orders', title: 'Orders' },
  { path: '/admin/refund-requests', title: 'Refund Requests' },
  { path: '/admin/courier', title: 'Courier' },
  { path: '/admin/label-types', title: 'Label Types' },
  { path: '/admin/settings', title: 'Settings' },
];

async function expectNoViolations(page: Page, path: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.any[0]?.message ?? ''})`).join(', ')}`,
  );
  expect.soft(summary, `axe on ${path}`).toEqual([]);
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('signed-out pages have no axe violation and a page title', async ({ page }) => {
      for (const { path, title } of SIGNED_OUT_ROUTES) {
        await page.goto(path);
        await expect(page).toHaveTitle(`${title} · LabelPort`);
        await page.waitForLoadState('networkidle');
        await expectNoViolations(page, path);
      }
    });

    test('signed-in pages have no axe violation and a page title', async ({ page }) => {
      // Twelve pages, each loaded and scanned: more than the default minute on a busy machine.
      test.setTimeout(150_000);
      await signIn(page, DEMO.discordId, DEMO.password);
      for (const { path, title } of SIGNED_IN_ROUTES) {
        await page.goto(path);
        await expect(page).toHaveTitle(`${title} · LabelPort`);
        await page.waitForLoadState('networkidle');
        await expectNoViolations(page, path);
      }
    });

    test('staff console pages have no axe violation and a page title', async ({ page }) => {
      await signInAsStaff(page);
      for (const { path, title } of STAFF_ROUTES) {
        await page.goto(path);
        await expect(page).toHaveTitle(`${title} · LabelPort`);
        await page.waitForLoadState('networkidle');
        await expectNoViolations(page, path);
      }
    });
  });
}
