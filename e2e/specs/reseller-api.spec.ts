import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { resellerOfFile } from './accounts';
import { signIn, SCREENSHOT_DIR, tokenCookie } from './helpers';

/** This spec's own reseller, with $1,000.00 as the demo account has (decision 320). */
const reseller = resellerOfFile('api', 'Reseller API Co');

const run = promisify(execFile);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `reseller-api-${name}.png`), fullPage: false });

/**
 * Reseller API docs with a reseller of its own: the page's own fetch snippet runs in the browser against the
 * server, and the interactive reference renders from our origin without a CSP violation.
 * Screenshots at 1280 and 390 px go to docs/screenshots/reseller-api-*.png.
 */
test('the API docs page shows the key and working snippets; the reference renders within the CSP', async ({
  page,
}) => {
  const me = await reseller();
  await signIn(page, me.discordId, me.password);
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { name: 'RESELLER API DOCS' })).toBeVisible();
  await expect(page.getByTestId('api-key')).toContainText('•');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'page-1280');

  const types = page.getByTestId('api-endpoint').filter({ hasText: '/labeltype/read-types' });
  await types.getByRole('tab', { name: 'JavaScript' }).click();
  const code = (await types.getByTestId('code-block').last().textContent()) ?? '';
  expect(code).toContain("'x-api-key': 'lp_");
  // The snippet as a reseller copies it, run by Node against the server that served the page.
  const { stdout: logged } = await run(process.execPath, ['--input-type=module', '-e', code]);
  expect(logged).toContain('ground_oz');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'RESELLER API DOCS' })).toBeVisible();
  await shot(page, 'page-390');
  await types.scrollIntoViewIfNeeded();
  await shot(page, 'endpoint-390');

  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text()))
      violations.push(m.text());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/api/v2/docs');
  await expect(page.getByText('LabelPort Reseller API').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('/order/create-order').first()).toBeVisible();
  await shot(page, 'reference-1280');
  expect(violations).toEqual([]);
});

test("the interactive reference's Test Request calls this server: 401 without the key, 200 with it", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text()))
      violations.push(m.text());
  });
  const me = await reseller();
  await signIn(page, me.discordId, me.password);
  const token = (await tokenCookie(page))!.value;
  const session = await page.request.get('/api/v1/auth/access', {
    headers: { authorization: `Bearer ${token}` },
  });
  const apiKey: string = (await session.json()).api_key;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/api/v2/docs#tag/label-types/GET/labeltype/read-types');
  // Nothing leads off to the hosted client: the reference talks to this server only.
  await expect(page.getByText('LabelPort Reseller API').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('a[href*="client.scalar.com"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Test Request (get /labeltype/read-types)' }).click();
  const client = page.getByRole('dialog', { name: 'API Client' });
  const send = client.getByRole('button', { name: /^Send get request to .*\/labeltype\/read-types$/ });
  await send.click();
  await expect(client.getByRole('link', { name: '401 Unauthorized' })).toBeVisible();

  await client.getByRole('textbox', { name: 'Value' }).first().click();
  await page.keyboard.type(apiKey);
  await send.click();
  await expect(client.getByRole('link', { name: '200 OK' })).toBeVisible();
  await expect(client).toContainText('"labelTypes"');
  await expect(client).toContainText('"USPS Priority Mail"');
  expect(violations).toEqual([]);
});
