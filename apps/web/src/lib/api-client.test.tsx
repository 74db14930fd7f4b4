import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../testing/fake-server';
import { resolveApiOrigin } from './api-base';
import { ApiError, createApiClient, fileNameFromDisposition, type DownloadedFile } from './api-client';
import { getAccessToken, TOKEN_COOKIE } from './auth-token';

const makeClient = () => {
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    baseUrl: 'http://api.test/api/v1',
    getToken: getAccessToken,
    onUnauthorized,
  });
  return { client, onUnauthorized };
};

describe('api client', () => {
  it('sends the token cookie as a bearer header', async () => {
    Cookies.set(TOKEN_COOKIE, 'abc123');
    const { calls } = stubApi({ 'GET /auth/access': { body: { ok: true } } });
    await makeClient().client.get('/auth/access');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer abc123');
  });

  it("names the browser's time zone, in which the server reads today and ship dates", async () => {
    const { calls } = stubApi({ 'GET /scan-forms/today': { body: { date: '2026-11-28', groups: [] } } });
    await makeClient().client.get('/scan-forms/today');
    expect(calls[0]?.headers.get('x-time-zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('sends no authorization header when signed out', async () => {
    const { calls } = stubApi({ 'GET /auth/captcha-config': { body: {} } });
    await makeClient().client.get('/auth/captcha-config');
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('on any 401 removes the token cookie and signs out', async () => {
    Cookies.set(TOKEN_COOKIE, 'expired');
    stubApi({ 'GET /order/read': { status: 401, body: { message: 'Session expired' } } });
    const { client, onUnauthorized } = makeClient();
    await expect(client.get('/order/read')).rejects.toMatchObject({
      status: 401,
      message: 'Session expired',
    });
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("surfaces the server's message on other failures and keeps the session", async () => {
    Cookies.set(TOKEN_COOKIE, 'valid');
    stubApi({ 'POST /order/create': { status: 400, body: { message: 'Insufficient balance' } } });
    const { client, onUnauthorized } = makeClient();
    const error = await client.post('/order/create', { quantity: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Insufficient balance' });
    expect(Cookies.get(TOKEN_COOKIE)).toBe('valid');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports an unreachable server in plain words', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(makeClient().client.get('/auth/access')).rejects.toMatchObject({ status: 0 });
  });
});

describe('API base', () => {
  const page = (href: string) => ({ href, origin: new URL(href).origin });

  it('prefers VITE_API_URL when set at build time', () => {
    expect(
      resolveApiOrigin(
        { VITE_API_URL: 'https://api.example.com/', DEV: false },
        page('https://app.example.com/'),
      ),
    ).toBe('https://api.example.com');
  });

  it('uses port 7400 from the Vite dev server on localhost', () => {
    expect(resolveApiOrigin({ DEV: true }, page('http://localhost:5173/login'))).toBe(
      'http://localhost:7400',
    );
  });

  it("uses the page's own origin when the API serves the app", () => {
    expect(resolveApiOrigin({ DEV: false }, page('http://localhost:8080/'))).toBe('http://localhost:8080');
    expect(resolveApiOrigin({ DEV: false }, page('https://labels.example.com/deposits'))).toBe(
      'https://labels.example.com',
    );
  });
});

describe('api client files and error bodies', () => {
  it('keeps the JSON error body, so a screen can list row errors', async () => {
    const errors = [{ row: 2, field: 'ToZip', message: 'ZIP must be 5 digits' }];
    stubApi({ 'POST /order/validatecsv': { status: 400, body: { message: 'CSV has errors', errors } } });
    const error = await makeClient()
      .client.post('/order/validatecsv', new FormData())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: 'CSV has errors', body: { errors } });
  });

  it('sends FormData as multipart, without a JSON content-type', async () => {
    const { calls } = stubApi({ 'POST /order/validatecsv': { body: {} } });
    const form = new FormData();
    form.append('labeltype', 't1');
    await makeClient().client.post('/order/validatecsv', form);
    expect(calls[0]?.headers.has('content-type')).toBe(false);
    expect(calls[0]?.body).toBe(form);
  });

  it("returns a download with the server's file name", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response('PK', {
          headers: {
            'content-disposition': `attachment; filename="bulk-1.zip"; filename*=UTF-8''bulk%201.zip`,
          },
        }),
      ),
    );
    const file = await makeClient().client.get<DownloadedFile>('/order/bulk-download/1', {
      responseType: 'file',
    });
    expect(file.fileName).toBe('bulk 1.zip');
    expect(await file.blob.text()).toBe('PK');
  });

  it.each([
    ['attachment; filename="amazon.csv"', 'amazon.csv'],
    ['attachment; filename=labels.pdf', 'labels.pdf'],
    ['attachment; filename="../../etc/passwd"', '.._.._etc_passwd'],
    ['attachment', null],
    [null, null],
  ])('reads the file name of %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});
