import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, SCREENSHOT_DIR, signIn } from './helpers';

test('a malformed address shows the app, not the server JSON', async ({ page }) => {
  await page.goto('/%E0%A4%A');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('"message"');
});

test('/reset and /verify ask for the e-mail when none is stored, and prefill a stored one', async ({
  page,
}) => {
  for (const path of ['/reset', '/verify']) {
    await page.goto(path);
    await expect(page.getByLabel('Email')).toHaveValue('');
    await page.getByLabel('OTP').fill('123456');
    await page.getByRole('button', { name: path === '/reset' ? 'Reset' : 'Verify' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  }
  await page.evaluate(() => window.localStorage.setItem('email', 'ana@example.test'));
  for (const path of ['/reset', '/verify']) {
    await page.goto(path);
    await expect(page.getByLabel('Email')).toHaveValue('ana@example.test');
  }
});

for (const width of [1280, 390]) {
  test.describe(`screens at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('fixed screens, for a look', async ({ page }) => {
      const shot = (name: string) =>
        page.screenshot({
          path: path.join(SCREENSHOT_DIR, `rough-edges-${name}-${width}.png`),
          fullPage: true,
        });
      await page.goto('/reset');
      await expect(page.getByLabel('Email')).toBeVisible();
      await shot('reset');
      await signIn(page, DEMO.discordId, DEMO.password);
      await shot('dashboard');
      await page.goto('/createOrders');
      await page.getByRole('button', { name: 'Create Order' }).click();
      await expect(page.getByText('Please select a label type')).toBeVisible();
      await expect(page.getByRole('listbox')).toBeHidden();
      await shot('simple-order-errors');
      await page.goto('/csv-orders');
      await expect(page.getByRole('heading', { name: 'CSV', exact: true })).toBeVisible();
      await shot('csv');
    });
  });
}
