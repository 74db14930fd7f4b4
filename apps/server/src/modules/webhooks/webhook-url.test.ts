import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper.ts';
import { apiReseller, type ApiReseller } from '../../../test/account-fixtures.ts';
import { startWebhookApp } from './test-support.ts';
import { PRIVATE_TARGET_MESSAGE } from './webhook-url.ts';

const HTTPS_ONLY = 'The URL must start with https://';

/**
 * What a server without ALLOW_PRIVATE_WEBHOOK_TARGETS accepts as a webhook target, through the v2 API (the
 * console uses the same rule), whatever NODE_ENV says: `npm start` sets none.
 */
describe.each(['production', 'development', 'test'])('webhook URLs with NODE_ENV=%s', (nodeEnv) => {
  let app: TestApp;
  let alice: ApiReseller;
  const create = (url: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v2/webhooks',
      headers: { 'x-api-key': alice.apiKey },
      payload: { url, events: ['order.completed'] },
    });
  const refusedWith = async (url: string, message: string) => {
    const res = await create(url);
    expect(res.statusCode, url).toBe(400);
    expect(res.json(), url).toEqual({ message, errors: [{ field: 'url', message }] });
  };

  beforeAll(async () => {
    app = await startWebhookApp(undefined, {
      NODE_ENV: nodeEnv,
      API_RATE_LIMIT_PER_MINUTE: '0',
      ALLOW_PRIVATE_WEBHOOK_TARGETS: '',
    });
    alice = await apiReseller(app);
  });
  afterAll(() => app.close());

  it('refuses plain http, even to localhost', async () => {
    await refusedWith('http://example.com/hooks', HTTPS_ONLY);
    await refusedWith('http://localhost:3000/hooks', HTTPS_ONLY);
    await refusedWith('http://127.0.0.1:3000/hooks', HTTPS_ONLY);
  });

  it('refuses private, loopback and link-local targets, by address or by a name resolving to one', async () => {
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'https://[::1]/hooks',
      'https://10.0.0.5/hooks',
      'https://172.16.4.2/hooks',
      'https://192.168.1.10:8443/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
    ])
      await refusedWith(url, PRIVATE_TARGET_MESSAGE);
    const list = await app.inject({ url: '/api/v2/webhooks', headers: { 'x-api-key': alice.apiKey } });
    expect(list.json().endpoints).toEqual([]);
  });

  it('accepts a public https target, and refuses changing it to a private one', async () => {
    const created = await create('https://93.184.216.34/hooks');
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().endpoint;
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/v2/webhooks/${id}`,
      headers: { 'x-api-key': alice.apiKey },
      payload: { url: 'https://169.254.169.254/' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(PRIVATE_TARGET_MESSAGE);
    const list = await app.inject({ url: '/api/v2/webhooks', headers: { 'x-api-key': alice.apiKey } });
    expect(list.json().endpoints.map((e: { url: string }) => e.url)).toEqual(['https://93.184.216.34/hooks']);
  });
});

describe('webhook URLs with ALLOW_PRIVATE_WEBHOOK_TARGETS=1', () => {
  let app: TestApp;
  let alice: ApiReseller;
  beforeAll(async () => {
    app = await startWebhookApp(undefined, {
      NODE_ENV: 'production',
      API_RATE_LIMIT_PER_MINUTE: '0',
      ALLOW_PRIVATE_WEBHOOK_TARGETS: '1',
    });
    alice = await apiReseller(app);
  });
  afterAll(() => app.close());

  it('accepts loopback and private targets, plain http to localhost too', async () => {
    for (const url of ['http://127.0.0.1:3000/hooks', 'https://10.0.0.5/hooks', 'http://localhost:8080/h']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/webhooks',
        headers: { 'x-api-key': alice.apiKey },
        payload: { url, events: ['order.completed'] },
      });
      expect(res.statusCode, url).toBe(201);
    }
  });
});
