import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
const RATE_LIMIT = 3;
const appBehind = async (trustProxy: string) => {
  const app = await createTestApp({
    env: {
      TRUST_PROXY: trustProxy,
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    },
  });
  apps.push(app);
  return app;
};

/**
 * A client behind a proxy that appends to X-Forwarded-For sends its own first entries: `spoofed, real`.
 * Each request claims a new address, as a client dodging the rate limit would.
 */
const statusesOf = async (app: TestApp, { from, realClient }: { from: string; realClient: string }) => {
  const statuses: number[] = [];
  for (let i = 0; i <= RATE_LIMIT; i += 1) {
    const res = await app.inject({
      url: '/api/v1/auth/captcha',
      remoteAddress: from,
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}, ${realClient}` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
};
const limited = [...Array<number>(RATE_LIMIT).fill(200), 429];

describe('TRUST_PROXY', () => {
  it('with a hop count, counts the address the proxy saw, not one the client wrote before it', async () => {
    const app = await appBehind('1');
    expect(await statusesOf(app, { from: '127.0.0.1', realClient: '198.51.100.7' })).toEqual(limited);
  }, 60_000);

  it('with proxy addresses, takes X-Forwarded-For only from those proxies', async () => {
    const app = await appBehind('127.0.0.1, 10.0.0.0/8');
    expect(await statusesOf(app, { from: '10.1.2.3', realClient: '198.51.100.8' })).toEqual(limited);
    // A neighbour of the proxy that is not listed is the client itself: its header is not believed.
    const direct = await app.inject({
      url: '/api/v1/auth/captcha',
      remoteAddress: '192.0.2.50',
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(direct.statusCode).toBe(200);
    const again = await statusesOf(app, { from: '192.0.2.50', realClient: '198.51.100.9' });
    // The direct request above already spent one of 192.0.2.50's requests.
    expect(again).toEqual([200, 200, 429, 429]);
  }, 60_000);

  it('refuses true, which would trust every hop, and anything that is not a count or addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every hop/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, proxy.local' })).toThrow(/not an address: proxy.local/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback,172.18.0.0/16' }).trustProxy).toEqual([
      'loopback',
      '172.18.0.0/16',
    ]);
  });
});
