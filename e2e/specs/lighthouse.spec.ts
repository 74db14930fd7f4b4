import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import lighthouse from 'lighthouse';
import { DEMO, signIn } from './helpers';

const DEBUG_PORT = Number(process.env.E2E_PORT ?? 7411) + 1000;
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];

/** Lighthouse's accessibility score (0-100) of pages a signed-in reseller sees, and of Sign-In. */
test('Lighthouse accessibility is 100 on sign-in, the dashboard and Simple Order', async ({ baseURL }) => {
  test.setTimeout(180_000);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  // One persistent profile: the tabs Lighthouse opens share the signed-in cookie.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: [...FLAGS, `--remote-debugging-port=${DEBUG_PORT}`],
    baseURL,
  });
  const score = async (url: string) => {
    const result = await lighthouse(url, {
      port: DEBUG_PORT,
      onlyCategories: ['accessibility'],
      formFactor: 'desktop',
      screenEmulation: { disabled: true },
      logLevel: 'error',
    });
    const category = result?.lhr.categories.accessibility;
    const failed = Object.values(result?.lhr.audits ?? {})
      .filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary')
      .map((a) => {
        const items = (a.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
        return `${a.id} ${items.map((i) => i.node?.snippet ?? '').join(' ')}`.trim();
      });
    return { score: Math.round((category?.score ?? 0) * 100), failed };
  };
  try {
    expect(await score(`${baseURL}/login`)).toEqual({ score: 100, failed: [] });
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, DEMO.discordId, DEMO.password);
    expect(await score(`${baseURL}/`)).toEqual({ score: 100, failed: [] });
    expect(await score(`${baseURL}/createOrders`)).toEqual({ score: 100, failed: [] });
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
