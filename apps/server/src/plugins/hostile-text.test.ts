import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '@portal/shared';
import { createTestApp, signUp, solveCaptcha, type TestApp } from '../../test/helper.ts';
import { multipartPayload } from '../../test/multipart.ts';

describe('hostile text and bodies', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp();
    headers = (await signUp(app)).headers;
  });
  afterAll(async () => app.close());

  it('refuses a NUL character in any text field with a 400, not a database error', async () => {
    const calls = [
      { method: 'PATCH' as const, url: '/api/v1/user/profile', payload: { username: 'Bob\u0000' }, headers },
      {
        method: 'POST' as const,
        url: '/api/v1/address/create',
        payload: { name: 'Home\u0000', street1: '1 Main St', city: 'Austin', state: 'TX', zip: '78704' },
        headers,
      },
      {
        method: 'POST' as const,
        url: '/api/v1/auth/login',
        payload: {
          discordId: 'bob\u0000',
          password: 'whatever it is',
          captchaToken: await solveCaptcha(app),
        },
      },
    ];
    for (const call of calls) {
      const res = await app.inject(call);
      expect(res.statusCode, call.url).toBe(400);
      expect(res.json().message).toBe(NUL_MESSAGE);
    }
    const form = await multipartPayload({ fromName: 'A\u0000', fromStreet1: '1 Main St' });
    const multipart = await app.inject({
      method: 'POST',
      url: '/api/v1/amazon/generate-csv',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json().message).toBe(NUL_MESSAGE);
  });

  it('answers a multipart body cut short with a 400', async () => {
    const payload =
      '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nFromName,ToName\r\n';
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/order/validatecsv',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xx' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The upload ended before the form was complete. Please send it again.');
  });
});
