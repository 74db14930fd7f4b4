import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../test/helper.ts';
import { courierBody } from './modules/courier/test-support.ts';

describe('the HTTP app', () => {
  let app: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // The build writes brotli and gzip copies beside each asset.
    fs.writeFileSync(
      path.join(webDist, 'assets', 'app-abc123.js.br'),
      zlib.brotliCompressSync('console.log(1)'),
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
    app = await createTestApp({ env: { WEB_DIST_DIR: webDist, METRICS_TOKEN: 'scrape-token-0123456789' } });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('reports health and readiness', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await app.inject('/readyz')).json()).toEqual({
      status: 'ready',
      database: 'pglite',
      labels: 'cold',
    });
  });

  it('is not ready while its database does not answer', async () => {
    const cut = await createTestApp();
    try {
      await cut.database.close();
      const res = await cut.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'database unavailable' });
      expect((await cut.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await cut.close().catch(() => {});
    }
  });

  it('exposes Prometheus metrics with request durations by route', async () => {
    await app.inject('/healthz');
    const res = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-token-0123456789' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/,
    );
  });

  it('reports the work waiting for staff: pending deposits and courier orders', async () => {
    const scrape = async () =>
      (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-token-0123456789' } }))
        .body;
    expect(await scrape()).toMatch(/^deposits_pending 0$/m);
    expect(await scrape()).toMatch(/^courier_orders_awaiting_staff 0$/m);
    const { headers } = await signUp(app);
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
    expect((await post('/invoices/create-invoice', { amount: 25, type: 'paypal' })).statusCode).toBe(201);
    expect((await post('/fed/create-order', courierBody())).statusCode).toBe(201);
    expect((await post('/fed/create-order', courierBody())).statusCode).toBe(201);
    const body = await scrape();
    expect(body).toMatch(/^deposits_pending 1$/m);
    expect(body).toMatch(/^courier_orders_awaiting_staff 2$/m);
  });

  it('refuses /metrics without the token, and hides it when no token is configured', async () => {
    expect((await app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer wrong-token-0123456789' },
    });
    expect(wrong.statusCode).toBe(401);
    const closed = await createTestApp();
    try {
      expect((await closed.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('sends a strict content security policy and other security headers', async () => {
    const res = await app.inject('/login');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // API answers carry them too, errors included.
    const refused = await app.inject('/api/v1/auth/access');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-security-policy']).toBe(csp);
    expect(refused.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('asks browsers for HTTPS only when the public address is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://labels.example.com' } });
    try {
      const res = await secure.inject('/api/v1/auth/access');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });

  it.each(['/', '/login', '/register', '/createOrders', '/some/unknown/page'])(
    'renders the web app for %s (history fallback)',
    async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/%E0%A4%A', '/orders/%', '/%C0%AF'])(
    'renders the web app, not a JSON error, for the malformed path %s',
    async (url) => {
      const first = await app.inject(url);
      expect(first.statusCode).toBe(302);
      const res = await app.inject(String(first.headers.location));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('keeps a JSON answer for a malformed API path', async () => {
    const res = await app.inject('/api/v1/order/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toHaveProperty('message');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it.each([
    ['br, gzip, deflate', 'br', zlib.brotliDecompressSync],
    ['gzip', 'gzip', zlib.gunzipSync],
  ])('sends the precompressed copy the browser accepts (%s)', async (accept, encoding, decode) => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('sends the plain file to a browser that accepts no compression', async () => {
    const res = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  it('answers unknown API paths with a JSON 404, not the app', async () => {
    const res = await app.inject('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /api/v1/nothing-here not found' });
  });

  it('does not serve files outside the web app', async () => {
    const res = await app.inject('/../../package.json');
    expect(res.body).not.toContain('"workspaces"');
  });

  it('hides internals when something breaks', async () => {
    const broken = await createTestApp();
    await broken.database.executeSql('DROP TABLE sessions CASCADE');
    const res = await broken.inject({
      method: 'GET',
      url: '/api/v1/auth/access',
      headers: { authorization: 'Bearer some-token' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side, please try again' });
    expect(res.body).not.toContain('sessions');
    await broken.close();
  });
});
