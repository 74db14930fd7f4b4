import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper.ts';

describe('the rate limit and the web app', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-rate-limit-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>LabelPort</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('counts API calls from an address, never the pages and files of the app it loads', async () => {
    const app = await createTestApp({
      env: { WEB_DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: '3', AUTH_RATE_LIMIT_PER_MINUTE: '3' },
    });
    try {
      const from = { remoteAddress: '198.51.100.20' };
      // A team behind one address opening pages: the shell and its files, far past the API's limit.
      for (let i = 0; i < 8; i += 1) {
        const page = await app.inject({ url: i % 2 ? '/orders' : '/login', ...from });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<title>LabelPort</title>');
        expect((await app.inject({ url: '/assets/app.js', ...from })).statusCode).toBe(200);
      }
      const api = [];
      for (let i = 0; i < 4; i += 1)
        api.push((await app.inject({ url: '/api/v1/auth/captcha', ...from })).statusCode);
      expect(api).toEqual([200, 200, 200, 429]);
      // An unknown API path is still an API call: counted, refused past the limit.
      const unknown = [];
      for (let i = 0; i < 4; i += 1) {
        unknown.push((await app.inject({ url: '/api/v1/nothing-here', ...from })).statusCode);
      }
      expect(unknown).toEqual([404, 404, 404, 429]);
    } finally {
      await app.close();
    }
  }, 60_000);
});
