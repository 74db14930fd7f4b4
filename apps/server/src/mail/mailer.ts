import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from './mail-types.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

// The implementations import the types from mail-types.ts, never this factory, so nothing here is cyclic.
export type { MailMessage, Mailer } from './mail-types.ts';

/** SMTP when `SMTP_URL` is set; otherwise the database outbox, so the embedded default needs no mail server. */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom, db, log });
  return createOutboxMailer({ db, log });
}
