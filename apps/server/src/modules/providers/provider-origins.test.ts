import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpStaff } from '../../../test/account-fixtures.ts';
import { adminCall } from '../../../test/api-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

const LINK_LOCAL = 'Base URL must not point to a link-local address (such as cloud metadata)';
const PRIVATE =
  'Base URL must point to a public address, not a private or loopback one (ALLOW_PRIVATE_PROVIDER_TARGETS=1 allows it)';

/**
 * A provider's origin cannot turn the server on itself (decision 312): refused when staff save it, on
 * its field, whatever the kind; private and loopback hosts only with ALLOW_PRIVATE_PROVIDER_TARGETS=1,
 * link-local ones (cloud metadata) never.
 */
describe.each([
  ['without ALLOW_PRIVATE_PROVIDER_TARGETS', ''],
  ['with ALLOW_PRIVATE_PROVIDER_TARGETS=1', '1'],
])('provider origins %s', (_title, allow) => {
  let app: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    app = await createTestApp({ env: { ALLOW_PRIVATE_PROVIDER_TARGETS: allow } });
    headers = (await signUpStaff(app)).headers;
  });
  afterAll(() => app.close());

  const save = (kind: string, baseUrl: string) =>
    adminCall(app, headers, 'POST', '/providers', {
      kind,
      name: `${kind} ${baseUrl}`.slice(0, 60),
      credentials: { apiKey: 'key-0123456789', baseUrl },
      // Disabled: saving registers no webhook, so nothing is asked of the address here.
      enabled: false,
    });
  const refusal = async (kind: string, baseUrl: string) => {
    const res = await save(kind, baseUrl);
    return res.statusCode === 400
      ? (res.json().errors as { field: string; message: string }[])
      : res.statusCode;
  };

  it('refuses link-local hosts always, for every kind of provider', async () => {
    for (const kind of ['labelport', 'easypost', 'shippo'])
      for (const url of [
        'http://169.254.169.254',
        'http://[fe80::1]:8080',
        'http://[::ffff:169.254.169.254]',
      ])
        expect(await refusal(kind, url), `${kind} ${url}`).toEqual([
          { field: 'credentials.baseUrl', message: LINK_LOCAL },
        ]);
  });

  it('refuses a user name, password, query or fragment in the origin', async () => {
    expect(await refusal('labelport', 'https://user:secret@portal.example.com')).toEqual([
      { field: 'credentials.baseUrl', message: 'Base URL must not contain a user name or password' },
    ]);
    for (const url of ['https://portal.example.com/?key=1', 'https://portal.example.com/#top'])
      expect(await refusal('labelport', url), url).toEqual([
        { field: 'credentials.baseUrl', message: 'Base URL must not contain a query (?) or fragment (#)' },
      ]);
  });

  it(
    allow ? 'saves private and loopback hosts, as the setting allows' : 'refuses private and loopback hosts',
    async () => {
      for (const url of ['http://127.0.0.1:9', 'http://localhost:9', 'http://10.1.2.3', 'http://[::1]:9']) {
        const answer = await refusal('labelport', url);
        if (allow) expect(answer, url).toBe(201);
        else expect(answer, url).toEqual([{ field: 'credentials.baseUrl', message: PRIVATE }]);
      }
      // A public name is saved: whatever it resolves to is checked where the connection is made.
      expect(await refusal('labelport', 'https://portal.example.com')).toBe(201);
    },
  );
});
