import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeFileName, sendAttachment, sendFile } from './attachment.ts';

describe('safeFileName', () => {
  it('keeps the names labels and exports already have', () => {
    expect(safeFileName('9400111899223344556677.pdf')).toBe('9400111899223344556677.pdf');
    expect(safeFileName('bulk-1a2b3c4d.zip')).toBe('bulk-1a2b3c4d.zip');
    expect(safeFileName('orders-corrected.csv')).toBe('orders-corrected.csv');
  });

  it('replaces quotes, slashes, spaces, line breaks and other letters with _', () => {
    expect(safeFileName('a"b.pdf')).toBe('a_b.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('___.._etc_passwd');
    expect(safeFileName('label\r\nSet-Cookie: x.pdf')).toBe('label__Set-Cookie__x.pdf');
    expect(safeFileName('Zoë label.pdf')).toBe('Zo__label.pdf');
  });

  it('never answers a hidden or empty name', () => {
    expect(safeFileName('.env')).toBe('_env');
    expect(safeFileName('')).toBe('download');
  });
});

describe('attachmentDisposition', () => {
  it('asks the browser to save the file under the safe name', () => {
    expect(attachmentDisposition('a"; filename="evil.exe')).toBe(
      'attachment; filename="a___filename__evil.exe"',
    );
  });
});

describe('sendAttachment and sendFile', () => {
  const sends: Array<[string, (reply: FastifyReply) => FastifyReply]> = [
    [
      'sendAttachment',
      (reply) =>
        sendAttachment(reply, {
          fileName: 'my label.pdf',
          contentType: 'application/pdf',
          body: Buffer.from('%PDF-'),
        }),
    ],
    [
      'sendFile',
      (reply) =>
        sendFile(reply, {
          name: 'my label.pdf',
          contentType: 'application/pdf',
          content: Buffer.from('%PDF-'),
        }),
    ],
  ];

  it.each(sends)('%s answers the type, a safe attachment name and no caching', async (_name, send) => {
    const app = Fastify();
    app.get('/file', (_request, reply) => send(reply));
    const res = await app.inject({ method: 'GET', url: '/file' });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="my_label.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe('%PDF-');
    await app.close();
  });
});
