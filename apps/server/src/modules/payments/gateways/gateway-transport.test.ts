import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type FakeServer } from '../../../../test/fakes/fake-upstream.ts';
import { centsOf, decimalOf, gatewayFetch, headerOf, modeOfOrigin } from './gateway-transport.ts';

describe('how a gateway reaches its company', () => {
  let server: FakeServer;
  const seen: { method: string; path: string; auth: string | undefined; body: string }[] = [];
  beforeAll(async () => {
    server = await listen(async (req, res, url) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      seen.push({
        method: req.method ?? '',
        path: `${url.pathname}${url.search}`,
        auth: req.headers.authorization,
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  afterAll(() => server.close());

  it("moves a request made for the company's own origin to baseUrl, path prefix, query, method, headers and body kept", async () => {
    const send = gatewayFetch(
      { allowPrivateTargets: true },
      { from: 'https://api-m.sandbox.paypal.com', baseUrl: `${server.url}/paypal/` },
    );
    const request = new Request('https://api-m.sandbox.paypal.com/v2/checkout/orders?fields=x', {
      method: 'POST',
      headers: { authorization: 'Bearer A21' },
      body: '{"intent":"CAPTURE"}',
    });
    expect(await (await send(request)).json()).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      path: '/paypal/v2/checkout/orders?fields=x',
      auth: 'Bearer A21',
      body: '{"intent":"CAPTURE"}',
    });
  });

  it('refuses a loopback company unless private targets are allowed (decision 312)', async () => {
    await expect(gatewayFetch({})(`${server.url}/v2/locations/L1`)).rejects.toThrow('fetch failed');
  });

  it('reads amounts exactly and refuses what is not one', () => {
    expect(centsOf('25.87')).toBe(2587);
    expect(centsOf('0.29')).toBe(29);
    expect(centsOf('1.005e1')).toBe(1005);
    expect(() => centsOf('abc')).toThrow('Not an amount: abc');
    expect(() => centsOf(undefined)).toThrow('Not an amount');
    expect(decimalOf(2587)).toBe('25.87');
    expect(decimalOf(5)).toBe('0.05');
  });

  it('reads a header whatever its case, and live only on the production origin', () => {
    expect(headerOf({ 'PayPal-Transmission-Id': 'a' }, 'paypal-transmission-id')).toBe('a');
    expect(headerOf({ 'x-square-hmacsha256-signature': ['s1', 's2'] }, 'X-Square-HmacSha256-Signature')).toBe(
      's1',
    );
    expect(headerOf({}, 'missing')).toBeNull();
    expect(modeOfOrigin(undefined, ['https://connect.squareup.com'])).toBe('live');
    expect(modeOfOrigin('https://connect.squareup.com/', ['https://connect.squareup.com'])).toBe('live');
    expect(modeOfOrigin('https://connect.squareupsandbox.com', ['https://connect.squareup.com'])).toBe(
      'test',
    );
  });
});
