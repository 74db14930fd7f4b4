import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '..');
// E2E_PORT lets two runs share a machine.
const PORT = Number(process.env.E2E_PORT ?? 7411);
const DEMO_PASSWORD = 'demo-password-123';
const DEMO_ADMIN_PASSWORD = 'admin-password-123';

// One fresh database per run: the main process picks the folder; workers inherit it through the env.
// Leftovers of earlier runs are cleared once they are old enough not to belong to a run still going.
const STALE_AFTER_MS = 3 * 60 * 60 * 1000;
if (!process.env.E2E_DATA_DIR) {
  const tmp = path.join(ROOT, '.tmp');
  for (const name of fs.existsSync(tmp) ? fs.readdirSync(tmp) : []) {
    const dir = path.join(tmp, name);
    if (name.startsWith('e2e-data-') && Date.now() - fs.statSync(dir).mtimeMs > STALE_AFTER_MS) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  process.env.E2E_DATA_DIR = `.tmp/e2e-data-${Date.now()}-${process.pid}`;
}

/**
 * Specs run on two workers, each on accounts it makes itself (docs/decisions/320). Playwright runs projects
 * in phases, each after the last: (1) the seeded staff account enrols its second factor and remembers its
 * device, so every later staff sign-in needs no code (beside it, tracking and teams on portals of their own);
 * (2) the console's specs, which change what every account sees (prices, provider routes, payment settings),
 * one at a time, the accessibility spec's staff pages first while the staff queues are still empty; on the
 * other worker, the specs that keep to accounts of their own or only read the demo reseller, whose $1,000.00
 * stays as seeded; (3) the specs that buy labels, each on a reseller of its own, so none buys through a route
 * or at a price that another spec set for a moment.
 */
const STAFF_TWO_FACTOR = /two-factor\.spec\.ts$/;
const OWN_PORTAL = /(tracking|team)\.spec\.ts$/;
const CONSOLE =
  /(accessibility|admin-console|deposits|card-deposits|pricing|providers|refund-voids)\.spec\.ts$/;
const OWN_DATA =
  /(sign-in|screenshots|register-and-shell|account|sign-in-weight|lighthouse|rough-edges)\.spec\.ts$/;
/**
 * Tests of a phase-1 or console spec that keep to accounts of their own or only read the demo reseller: the
 * accessibility spec's signed-out and reseller pages, and a reseller's own second factor. They run on the
 * other worker beside the console's specs instead of holding up phase 1 or taking a console turn.
 */
const BESIDE_CONSOLE = [
  /signed-(out|in) pages have no axe violation/,
  /a reseller turns it on in Account Settings/,
];

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Two tests share the two cores, so each has twice the one-worker budget; its expectations are unchanged.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./slowest-specs-reporter.ts'], ['./failure-pages-reporter.ts']],
  outputDir: path.join(ROOT, 'test-results'),
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'staff-two-factor', testMatch: STAFF_TWO_FACTOR, grepInvert: BESIDE_CONSOLE },
    { name: 'own-portal', testMatch: OWN_PORTAL },
    {
      name: 'console',
      testMatch: CONSOLE,
      grepInvert: BESIDE_CONSOLE,
      dependencies: ['staff-two-factor'],
      workers: 1,
    },
    {
      name: 'beside-console',
      testMatch: [STAFF_TWO_FACTOR, CONSOLE],
      grep: BESIDE_CONSOLE,
      dependencies: ['staff-two-factor'],
    },
    // Needs nothing of phase 1: it waits only to run beside the console's one-at-a-time specs.
    { name: 'own-data', testMatch: OWN_DATA, dependencies: ['staff-two-factor'] },
    {
      name: 'orders',
      testIgnore: [STAFF_TWO_FACTOR, OWN_PORTAL, CONSOLE, OWN_DATA],
      dependencies: ['console'],
    },
  ],
  // The compiled server, as `npm start` runs it (docs/decisions/190), from the build of its current sources
  // (`build-if-changed.ts`, decision 272): a spec run never meets a stale build, and one that `npm test` made
  // beside the unit tests (decision 307) is not made again.
  webServer: {
    command: 'npx tsx scripts/build-if-changed.ts && npm start --silent -w @portal/server',
    cwd: ROOT,
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: '1',
      DEMO_PASSWORD,
      DEMO_ADMIN_PASSWORD,
      ALTCHA_MAX_NUMBER: '20000',
      LOG_LEVEL: 'warn',
      // Account specs read one-time codes from the mail outbox (docs/decisions/031-dev-outbox.md).
      DEV_OUTBOX: '1',
      // The webhook specs deliver to a receiver on this machine (loopback).
      ALLOW_PRIVATE_WEBHOOK_TARGETS: '1',
      // The provider specs buy from fake providers on this machine (loopback, decision 312).
      ALLOW_PRIVATE_PROVIDER_TARGETS: '1',
      // A void submitted to a provider is checked seconds later, so a spec sees it end (decision 303).
      REFUND_VOID_CHECK_SECONDS: '2',
      // Two workers sign in and register from this one address; no spec is about the per-address limit.
      AUTH_RATE_LIMIT_PER_MINUTE: '600',
    },
  },
});
