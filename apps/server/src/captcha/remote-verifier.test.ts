import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

/** A stand-in for a hosted captcha's siteverify endpoint (an outside service we cannot reach in tests). */
function startFakeSiteverify() {
  const seen: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      seen.push(params);
      const ok = params.get('secret') === 'server-secret' && params.get('response') === 'good-token';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: ok }));
    });
  });
  return new Promise<{ url: string; seen: URLSearchParams[]; close: () => void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/siteverify`, seen, close: () => server.close() });
    });
  });
}

describe.each(['turnstile', 'hcaptcha', 'recaptcha'])('%s captcha', (provider) => {
  let app: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeSiteverify>>;
  beforeAll(async () => {
    fake = await startFakeSiteverify();
    app = await createTestApp({
      env: {
        CAPTCHA_PROVIDER: provider,
        CAPTCHA_SITE_KEY: 'public-site-key',
        CAPTCHA_SECRET: 'server-secret',
        CAPTCHA_VERIFY_URL: fake.url,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    fake.close();
  });

  const register = (captchaToken: string, discordId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: 'Hosted', discordId, password: 'long enough secret', captchaToken },
    });

  it('tells the web app which provider and site key to load', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/auth/captcha-config' });
    expect(res.json()).toEqual({ provider, siteKey: 'public-site-key' });
    const challenge = await app.inject({ method: 'GET', url: '/api/v1/auth/captcha' });
    expect(challenge.statusCode).toBe(404);
  });

  it('accepts a token the provider confirms, sending the secret and the client address', async () => {
    const res = await register('good-token', `hosted_${provider}_ok`);
    expect(res.statusCode).toBe(201);
    const last = fake.seen.at(-1);
    expect(last?.get('secret')).toBe('server-secret');
    expect(last?.get('remoteip')).toBe('127.0.0.1');
  });

  it('refuses a token the provider rejects', async () => {
    const res = await register('bad-token', `hosted_${provider}_bad`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Captcha verification failed, please try again' });
  });

  it('allows the provider script in the CSP only for the chosen provider', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    const host = {
      turnstile: 'challenges.cloudflare.com',
      hcaptcha: 'hcaptcha.com',
      recaptcha: 'www.google.com',
    }[provider];
    expect(csp).toContain(host);
  });
});

describe('hosted captcha outage', () => {
  it('answers 503 when the provider cannot be reached', async () => {
    const app = await createTestApp({
      env: {
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SITE_KEY: 'k',
        CAPTCHA_SECRET: 's',
        CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
      },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { discordId: 'x', password: 'y', captchaToken: 'z' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Captcha service is unavailable, please try again');
    await app.close();
  });
});
