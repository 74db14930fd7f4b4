import type { FastifyReply } from 'fastify';

/** What a download file name keeps: letters, digits, `_`, `.` and `-`; anything else becomes `_`. */
export const safeFileName = (name: string): string =>
  name.replace(/[^\w.-]/g, '_').replace(/^\.+/, (dots) => '_'.repeat(dots.length)) || 'download';

/** `attachment; filename="…"` with a name no quote, slash or line break can break out of. */
export const attachmentDisposition = (fileName: string): string =>
  `attachment; filename="${safeFileName(fileName)}"`;

export type Attachment = { fileName: string; contentType: string; body: unknown };

/** Every download answers the same way: its type, saved under a safe name, kept by no cache. */
export const sendAttachment = <R extends FastifyReply>(reply: R, file: Attachment): R =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.body as never) as R;

/** A file a service made in memory, by its name: sent as every download is. */
export const sendFile = <R extends FastifyReply>(
  reply: R,
  file: { name: string; contentType: string; content: unknown },
): R => sendAttachment(reply, { fileName: file.name, contentType: file.contentType, body: file.content });

/** A file download that may live elsewhere: sent, or redirected to its short-lived address (decision 335). */
export type Download = { fileName: string; contentType: string } & (
  { content: unknown; redirect?: undefined } | { redirect: string; content?: undefined }
);

export const sendDownload = <R extends FastifyReply>(reply: R, file: Download): R =>
  file.redirect !== undefined
    ? (reply.header('cache-control', 'private, no-store').redirect(file.redirect, 302) as R)
    : sendAttachment(reply, { fileName: file.fileName, contentType: file.contentType, body: file.content });
