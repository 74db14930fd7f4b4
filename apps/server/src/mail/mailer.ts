import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Sends mail; an adapter so services neither know nor care whether SMTP or the outbox delivers it. */
export type Mailer = {
  kind: 'smtp' | 'outbox';
  send: (message: MailMessage) => Promise<void>;
  close: () => Promise<void>;
};

/** SMTP when `SMTP_URL` is set; otherwise the database outbox, so the embedded default needs no mail server. */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom, log });
  return createOutboxMailer({ db, log });
}
