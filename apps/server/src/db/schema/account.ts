import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownedBy } from './owned-by.ts';

// Times here are written by the app (not `now()` in SQL) so one clock decides expiry and throttling.
const at = () => timestamp({ withTimezone: true }).notNull();

/**
 * One-time codes: an HMAC of the 6 digits (keyed, bound to user and purpose), never the code itself.
 * One live code per user and purpose: a resend replaces it.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: ownedBy('cascade'),
    purpose: text({ enum: ['reset_password', 'verify_email'] }).notNull(),
    /** Where the code was sent; for verify_email the address that becomes the account's once verified. */
    email: text().notNull(),
    codeHash: text().notNull(),
    failedAttempts: integer().notNull().default(0),
    createdAt: at(),
    expiresAt: at(),
  },
  (t) => [
    uniqueIndex('otp_codes_user_purpose_idx').on(t.userId, t.purpose),
    index('otp_codes_email_idx').on(t.purpose, sql`lower(${t.email})`),
  ],
);

/** Each request that would send a code, counted per e-mail and per address to throttle sending. */
export const otpRequests = pgTable(
  'otp_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    scope: text({ enum: ['email', 'ip'] }).notNull(),
    key: text().notNull(),
    createdAt: at(),
  },
  (t) => [index('otp_requests_key_idx').on(t.scope, t.key, t.createdAt)],
);

/** Mail kept in the database when no SMTP server is configured (the zero-config default). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** `outbox`: kept here because no SMTP server is set; `sent` or `failed` when one is. */
    status: text({ enum: ['outbox', 'sent', 'failed'] })
      .notNull()
      .default('outbox'),
    createdAt: at(),
  },
  (t) => [index('mail_outbox_to_idx').on(sql`lower(${t.to})`, t.createdAt)],
);
