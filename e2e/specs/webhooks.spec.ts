import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { resellerOfFile } from './accounts';
import { SCREENSHOT_DIR, signIn } from './helpers';

/** This spec's own reseller, with $1,000.00 as the demo account has (decision 320). */
const reseller = resellerOfFile('hooks', 'Webhooks Co');

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `webhooks-${name}.png`), fullPage: true });

test('a reseller adds a webhook endpoint, copies its secret, sends a test event and sees it delivered', async ({
  page,
}) => {
  const received: string[] = [];
  const receiver = http.createServer((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const me = await reseller();
  await signIn(page, me.discordId, me.password);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Webhooks' });
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  await dialog.getByLabel('Endpoint URL').fill(url);
  await dialog.getByLabel('bulk_order.completed').check();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
  await expect(secretDialog.getByTestId('webhook-secret')).toContainText('whsec_');
  await shot(page, 'secret');
  await secretDialog.getByRole('button', { name: 'Done' }).click();

  await expect(section.getByText(url)).toBeVisible();
  await section.getByRole('button', { name: 'Send test event' }).click();
  const log = section.getByRole('table', { name: 'Delivery log' });
  await expect(log.getByText('test', { exact: true })).toBeVisible();
  await expect(log.getByText('200')).toBeVisible({ timeout: 15_000 });
  expect(received).toHaveLength(1);

  await page.setViewportSize({ width: 1280, height: 900 });
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'settings-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'settings-390');
  receiver.close();
});
