import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, postWebhook } from './webhook-transport.ts';

describe('webhook transport safety', () => {
  let server: http.Server;
  let base: string;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits += 1;
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/elsewhere' });
        return res.end();
      }
      if (req.url === '/huge') {
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024, 'x');
        for (let i = 0; i < 100; i += 1) res.write(chunk);
        return res.end();
      }
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (url: string, blockPrivateTargets = false, timeoutMs = 10_000) =>
    postWebhook(url, { headers: {}, body: '{}', timeoutMs, blockPrivateTargets });

  it('knows private, loopback and link-local addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('in production refuses loopback targets, by address and by a name that resolves to one', async () => {
    const before = hits;
    const literal = await post(`${base}/`, true);
    expect(literal).toMatchObject({ kind: 'error', message: '127.0.0.1 is a private address' });
    const port = new URL(base).port;
    const named = await post(`http://localhost:${port}/`, true);
    expect(named).toMatchObject({ kind: 'error', message: 'localhost resolves to a private address' });
    expect(hits).toBe(before);
    expect(await post(`${base}/`, false)).toMatchObject({ kind: 'response', statusCode: 200 });
  });

  it('follows no redirect, caps the body read and times out', async () => {
    const before = hits;
    expect(await post(`${base}/redirect`)).toMatchObject({ kind: 'response', statusCode: 302 });
    expect(hits).toBe(before + 1);
    const huge = await post(`${base}/huge`);
    expect(huge.kind === 'response' && huge.body.length).toBe(16 * 1024);
    const slow = await post(`${base}/slow`, false, 300);
    expect(slow).toMatchObject({ kind: 'error', message: 'No answer within 0.3 s' });
  });
});
