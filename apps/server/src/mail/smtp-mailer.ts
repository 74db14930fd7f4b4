import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type NodeMailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { maskCodes, type Mailer } from './mail-types.ts';
import { insertOutboxMail } from './outbox.repository.ts';

/** A pooled connection: reusing SMTP sessions is what keeps bursts of mail fast. */
export const pooledSmtpUrl = (url: string): string => {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('pool')) parsed.searchParams.set('pool', 'true');
  return parsed.toString();
};

export function createSmtpMailer(options: {
  url: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  // Each mail is logged for the console with its outcome; codes are masked, the HTML is not kept.
  const record = (message: { to: string; subject: string; text: string }, status: 'sent' | 'failed') =>
    insertOutboxMail(options.db, {
      to: message.to,
      subject: maskCodes(message.subject),
      text: maskCodes(message.text),
      html: '',
      status,
      createdAt: new Date(),
    }).catch((err: unknown) => options.log.error({ err }, 'the mail log could not be written'));
  // Loaded only when SMTP is configured: the embedded default's outbox never needs it (a start ~25 ms shorter).
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof NodeMailer;
  const transport = nodemailer.createTransport(pooledSmtpUrl(options.url), { from: options.from });
  return {
    kind: 'smtp',
    async send(message) {
      let info;
      try {
        info = await transport.sendMail(message);
      } catch (error) {
        await record(message, 'failed');
        throw error;
      }
      await record(message, 'sent');
      // The subject and recipient only: bodies carry one-time codes, which are never logged.
      options.log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
    async close() {
      transport.close();
    },
  };
}
