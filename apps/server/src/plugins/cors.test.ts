import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper.ts';

describe('the web app on another origin (CORS_ORIGINS)', () => {
  it("lets its calls carry every header the app sends, the reseller's time zone included", async () => {
    const app = await createTestApp({ env: { CORS_ORIGINS: 'https://app.example.com' } });
    try {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/v1/scan-forms/today',
        headers: {
          origin: 'https://app.example.com',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization,x-time-zone',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
      const allowed = String(preflight.headers['access-control-allow-headers']).split(',');
      expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-time-zone']));

      const stranger = await app.inject({
        method: 'OPTIONS',
        url: '/api/v1/scan-forms/today',
        headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'GET' },
      });
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
  }, 60_000);
});
