import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from '../../../lib/outbound-guard.ts';
import { fetchLabelFile, LabelFileError } from './fetch-label-file.ts';
import { UpstreamUnknownOutcomeError } from './upstream-errors.ts';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');

/** Two servers: the provider's own host, and another one a forged label URL could point at. */
describe('fetchLabelFile', () => {
  let provider: Server;
  let elsewhere: Server;
  let providerHost: string;
  let elsewhereHost: string;
  const elsewhereHits: string[] = [];

  const start = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  beforeAll(async () => {
    elsewhere = createServer((req, res) => {
      elsewhereHits.push(req.url ?? '');
      res.end(PDF);
    });
    elsewhereHost = await start(elsewhere);
    provider = createServer((req, res) => {
      if (req.url === '/label.pdf') return res.end(PDF);
      if (req.url === '/moved') return res.writeHead(302, { location: '/label.pdf' }).end();
      if (req.url === '/away') return res.writeHead(302, { location: `http://${elsewhereHost}/x.pdf` }).end();
      if (req.url === '/big') return res.end(Buffer.concat([PDF, Buffer.alloc(64 * 1024)]));
      if (req.url === '/html') return res.end('<html>sign in</html>');
      if (req.url === '/slow') return void setTimeout(() => res.end(PDF), 1_000);
      res.writeHead(404).end();
    });
    providerHost = await start(provider);
  });
  afterAll(async () => {
    provider.closeAllConnections();
    elsewhere.closeAllConnections();
    await new Promise((resolve) => provider.close(resolve));
    await new Promise((resolve) => elsewhere.close(resolve));
  });
  // The fakes listen on loopback: allowed here as ALLOW_PRIVATE_PROVIDER_TARGETS=1 allows it.
  const loopbackFetch = guardedFetch({ allowPrivate: true });
  const take = (path: string, options = {}) =>
    fetchLabelFile(`http://${providerHost}${path}`, [providerHost, /^files\.example\.com$/], {
      fetch: loopbackFetch,
      ...options,
    });

  it("takes the PDF from the provider's host, following a redirect that stays there", async () => {
    expect(Buffer.from(await take('/label.pdf')).equals(PDF)).toBe(true);
    expect(Buffer.from(await take('/moved')).equals(PDF)).toBe(true);
  });

  it('never fetches from another host, directly or through a redirect', async () => {
    await expect(
      fetchLabelFile(`http://${elsewhereHost}/x.pdf`, [providerHost], { fetch: loopbackFetch }),
    ).rejects.toThrow(`The label is served from ${elsewhereHost}, not one of the provider's hosts`);
    await expect(take('/away')).rejects.toThrow(LabelFileError);
    await expect(fetchLabelFile('file:///etc/passwd', [providerHost])).rejects.toThrow(LabelFileError);
    expect(elsewhereHits).toEqual([]);
  });

  it('refuses a file over the size cap, one that is not a PDF, and one that comes too late', async () => {
    await expect(take('/big', { maxBytes: 32 * 1024 })).rejects.toThrow('larger than 32768 bytes');
    await expect(take('/html')).rejects.toThrow('not a PDF');
    await expect(take('/slow', { timeoutMs: 200 })).rejects.toThrow('no answer within 200 ms');
    // The label was bought whatever the download did: an unknown outcome, looked up, never bought again.
    await expect(take('/html')).rejects.toThrow(UpstreamUnknownOutcomeError);
  });
});
