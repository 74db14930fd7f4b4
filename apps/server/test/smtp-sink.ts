import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
};

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests that read mail as a user would. */
export async function startSmtpSink() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let sessions = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      sessions += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** The next mail to `to` after `skip` earlier ones, waiting up to 5 s for it. */
  const waitForMail = async (to: string, skip = 0): Promise<ReceivedMail> => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = mails.filter((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()))[skip];
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within 5 s`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    connections: () => sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a mail's plain-text part. */
export const codeFrom = (mail: { text: string }): string => {
  const match = /^\s+(\d{6})\s*$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail: ${mail.text}`);
  return match[1];
};

// Just enough MIME to read nodemailer's multipart/alternative messages.
function parseMail(raw: string): { subject: string; text: string; html: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  const parts = boundary ? body.split(`--${boundary}`) : [`${head}\r\n\r\n${body}`];
  const partOf = (type: string): string => {
    const part = parts.find((p) => new RegExp(`Content-Type: ${type}`, 'i').test(p));
    if (!part) return '';
    const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const content = partBody.join('\r\n\r\n');
    const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(partHead)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const bytes = content
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return content;
  };
  return { subject, text: partOf('text/plain').replace(/\r\n/g, '\n'), html: partOf('text/html') };
}
