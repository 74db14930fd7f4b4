import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UpstreamKind } from '@portal/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BlockedTargetError, guardedFetch } from '../../../lib/outbound-guard.ts';
import { createUpstreamAdapter } from './create-adapter.ts';

/**
 * Where a provider is reached is checked as the connection is made (decision 312): a name that resolves
 * to loopback is refused unless private targets are allowed, a link-local address always, redirects
 * included, through every way a provider is reached (fetch, EasyPost's and Shippo's clients).
 */
describe('provider connections and the address rule', () => {
  let server: Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/to-metadata')
        return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      // A far side that answers with a body of its own: never shown to staff.
      res.writeHead(418, { 'content-type': 'application/json' });
      const text = 'internal stack trace of the far side';
      res.end(JSON.stringify({ error: { code: 'TEAPOT', message: text }, message: text, detail: text }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    hits.length = 0;
  });

  const adapter = (kind: UpstreamKind, baseUrl: string, allowPrivateTargets: boolean) =>
    createUpstreamAdapter(kind, {
      credentials: { apiKey: kind === 'easypost' ? 'EZTKtesttesttest' : 'shippo_test_0000000', baseUrl },
      timeoutMs: 2_000,
      allowPrivateTargets,
    });

  it.each(['labelport', 'easypost', 'shippo'] as const)(
    '%s: a name resolving to loopback is refused at connect time, and nothing is sent',
    async (kind) => {
      const result = await adapter(kind, `http://localhost:${port}`, false).testConnection();
      expect(result.ok).toBe(false);
      expect(result.message).toContain('was refused: localhost resolves to a private address');
      expect(hits).toEqual([]);
    },
  );

  it.each(['labelport', 'easypost', 'shippo'] as const)(
    '%s: with private targets allowed it connects, and Test connection never repeats the far side',
    async (kind) => {
      const result = await adapter(kind, `http://localhost:${port}`, true).testConnection();
      expect(hits.length).toBeGreaterThan(0);
      expect(result.ok).toBe(false);
      expect(result.message).toMatch(/refused the connection test \(HTTP 418\)$/);
      expect(result.message).not.toContain('far side');
    },
  );

  it('refuses a link-local address always, as a literal or through a redirect', async () => {
    const lenient = guardedFetch({ allowPrivate: true });
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: Error) => (error.cause ?? error) as Error,
      );
    expect(await refused(lenient('http://169.254.169.254/latest/meta-data/'))).toBeInstanceOf(
      BlockedTargetError,
    );
    expect(await refused(lenient('http://[::ffff:169.254.169.254]/'))).toBeInstanceOf(BlockedTargetError);
    expect(await refused(lenient(`http://127.0.0.1:${port}/to-metadata`))).toBeInstanceOf(BlockedTargetError);
    expect(hits).toEqual(['/to-metadata']);
  });
});
