import { loadConfig, type Config } from '../src/config.ts';

/**
 * The settings every test app starts from: silent, a cheap captcha, no rate limits, no web bundle, and
 * webhooks and providers allowed to reach receivers and fakes on this machine (loopback). A test adds only what it is about.
 */
export const TEST_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  ALTCHA_MAX_NUMBER: '1000',
  RATE_LIMIT_PER_MINUTE: '0',
  AUTH_RATE_LIMIT_PER_MINUTE: '0',
  WEB_DIST_DIR: '/nonexistent-web-dist',
  ALLOW_PRIVATE_WEBHOOK_TARGETS: '1',
  ALLOW_PRIVATE_PROVIDER_TARGETS: '1',
  // Required outside development (decision 311); one value for in-process apps, spawned servers and CLIs.
  APP_SECRET: 'test-app-secret-not-for-production',
};

/** The app's configuration for a test: `TEST_ENV` with the test's own settings on top. */
export const testConfig = (env: Record<string, string> = {}): Config => loadConfig({ ...TEST_ENV, ...env });
