import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UpstreamKind } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from '../../../lib/outbound-guard.ts';
import { createUpstreamAdapter } from './create-adapter.ts';
import { fetchLabelFile } from './fetch-label-file.ts';

const MiB = 1024 * 1024;
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
/** A PNG's signature and header claiming a size (a tiny file can claim a huge image). */
const png = (width: number, height: number) =>
  Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    u32(13),
    Buffer.from('IHDR'),
    u32(width),
    u32(height),
    Buffer.from([8, 6, 0, 0, 0]),
    u32(0),
  ]);
const ZPL: Record<string, string> = {
  reset: '^XA^FO50,50^FDHello^FS~JR^XZ',
  saved: '^XA^FO50,50^FDHello^FS^JUS^XZ',
  network: '^XA^NC1^FO50,50^FDHello^FS^XZ',
  hidden: '^XA^CC+^FO50,50^FDHello^FS+JUS^XZ',
  fine: '^XA^PW812^FO50,50^FDJR Smith, JUS^FS^XZ',
};

/**
 * Every answer from a provider has a size limit (decision 313): JSON and label files through one capped
 * reader, the SDKs' too; a PNG's pixel size and a ZPL's commands are checked before a label is handed out.
 */
describe('answers from providers', () => {
  let server: Server;
  let origin: string;
  const padding = 'x'.repeat(2 * MiB);

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (body: object) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname.startsWith('/api/v2/order/read-order/'))
        return json({ order: { _id: 'o1', trackingEvents: [], padding } });
      const download = /^\/api\/v2\/order\/download\/(\w+)$/.exec(url.pathname);
      if (download && url.searchParams.get('format') === 'zpl') return res.end(ZPL[download[1]!]);
      if (url.pathname === '/huge.png') return res.end(png(60_000, 60_000));
      if (url.pathname === '/label.png') return res.end(png(1200, 1800));
      if (url.pathname === '/v2/users') return json({ id: 'user_1', object: 'User', name: 'Big', padding });
      if (url.pathname.startsWith('/addresses'))
        return json({ results: [], next: null, previous: null, padding });
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const adapter = (kind: UpstreamKind) =>
    createUpstreamAdapter(kind, {
      credentials: {
        apiKey: kind === 'easypost' ? 'EZTKtesttesttest' : 'shippo_test_0000000',
        baseUrl: origin,
      },
      timeoutMs: 5_000,
      allowPrivateTargets: true,
    });

  it('refuses a JSON answer past 1 MiB, from plain HTTP and from the EasyPost and Shippo clients', async () => {
    await expect(
      adapter('labelport').trackingEvents({ upstreamId: 'o1', tracking: '1Z', carrier: 'usps' }),
    ).rejects.toThrow('larger than 1048576 bytes');
    for (const kind of ['easypost', 'shippo'] as const)
      expect((await adapter(kind).testConnection()).ok, kind).toBe(false);
  });

  it('refuses a ZPL label carrying printer-configuration commands, and takes a plain one', async () => {
    const zpl = (id: string) => adapter('labelport').labelFile!({ upstreamId: id, format: 'zpl', dpi: 203 });
    await expect(zpl('reset')).rejects.toThrow('the ZPL label carries the printer command ~JR');
    await expect(zpl('saved')).rejects.toThrow('the ZPL label carries the printer command ^JU');
    await expect(zpl('network')).rejects.toThrow('the ZPL label carries the printer command ^NC');
    await expect(zpl('hidden')).rejects.toThrow('the ZPL label carries the printer command ^CC');
    expect(new TextDecoder().decode(await zpl('fine'))).toBe(ZPL.fine);
  });

  it('refuses a PNG whose header claims more pixels than a label has', async () => {
    const host = new URL(origin).host;
    const take = (path: string) =>
      fetchLabelFile(`${origin}${path}`, [host], {
        format: 'png',
        fetch: guardedFetch({ allowPrivate: true }),
      });
    await expect(take('/huge.png')).rejects.toThrow('the PNG label is 60000 x 60000 pixels');
    expect((await take('/label.png')).length).toBe(png(1200, 1800).length);
  });
});
