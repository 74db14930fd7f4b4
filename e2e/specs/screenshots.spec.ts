import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn, SCREENSHOT_DIR } from './helpers';

const OUT = SCREENSHOT_DIR;
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUT, `${name}.png`) });

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('sign-in page and signed-in shell', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await shot(page, `sign-in-${viewport.width}`);

      await signIn(page, DEMO.discordId, DEMO.password);
      await expect(page.getByTestId('header-balance')).toHaveText('$1,000.00');
      await shot(page, `shell-${viewport.width}`);

      if (viewport.width >= 768) {
        await page.getByRole('button', { name: 'Collapse sidebar' }).click();
        await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
        await page.mouse.move(700, 700);
        await page.waitForTimeout(400);
        await shot(page, `shell-${viewport.width}-compact`);
      } else {
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
        await expect(page.getByRole('link', { name: 'Reseller API' })).toBeVisible();
        await page.waitForTimeout(300);
        await shot(page, `shell-${viewport.width}-menu`);
      }
    });
  });
}
