import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Mailer } from './mail-types.ts';
import { insertOutboxMail } from './outbox.repository.ts';

/** Keeps mail in the `mail_outbox` table and says so in the log (without the body, which holds codes). */
export function createOutboxMailer(options: { db: Db; log: FastifyBaseLogger }): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      const id = await insertOutboxMail(options.db, { ...message, createdAt: new Date() });
      options.log.info(
        { to: message.to, subject: message.subject, outboxId: id },
        'mail queued to the outbox (no SMTP_URL configured)',
      );
    },
    async close() {},
  };
}
