import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/** Keeps the first screen light: the gzipped JavaScript the Sign-In page loads, with a budget. */
test('the sign-in page loads under 220 kB of gzipped JavaScript', async ({ page }) => {
  const scripts: Array<{ url: string; bytes: number }> = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' || response.url().endsWith('.js')) {
      const body = await response.body().catch(() => null);
      if (body)
        scripts.push({ url: new URL(response.url()).pathname, bytes: gzipSync(body, { level: 9 }).length });
    }
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  console.log(`Sign-in JS (gzip): ${(total / 1024).toFixed(1)} kB`, scripts);
  expect(total).toBeLessThan(220 * 1024);
});
