import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';

/**
 * Keeps the first screen light: the gzipped JavaScript the Sign-In page loads, with a budget of 120 kB
 * (#17). About 119 kB since the screens before sign-in do without react-hook-form, TanStack Query and
 * react-toastify and the first screen is one file; 151 kB before that, 190 kB before wouter and Zod Mini
 * (docs/decisions/224-sign-in-page-weight.md).
 */
test('the sign-in page loads under 120 kB of gzipped JavaScript', async ({ page }) => {
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
  expect(total).toBeLessThan(120 * 1024);
});

/** The CSP allows no eval: nothing on the way in may try it (zod probes `new Function` unless told not to). */
test('signing in, with a mistake first, asks for no eval the CSP refuses', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to|unsafe-eval/i.test(m.text()))
      refused.push(m.text());
  });
  // Chromium reports a refused eval as a violation event even when the page catches the error.
  await page.exposeFunction('reportCspViolation', (what: string) => refused.push(what));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCspViolation: (what: string) => void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signIn(page, DEMO.discordId, DEMO.password);
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});
