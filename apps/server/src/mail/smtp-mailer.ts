import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** A pooled connection: reusing SMTP sessions is what keeps bursts of mail fast. */
export const pooledSmtpUrl = (url: string): string => {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('pool')) parsed.searchParams.set('pool', 'true');
  return parsed.toString();
};

export function createSmtpMailer(options: { url: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = nodemailer.createTransport(pooledSmtpUrl(options.url), { from: options.from });
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail(message);
      // The subject and recipient only: bodies carry one-time codes, which are never logged.
      options.log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
    async close() {
      transport.close();
    },
  };
}
