import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Domain events a transaction recorded for the modules that must hear of them (decision 338): one row
 * per event and subscriber, written in that transaction and delivered after it commits; `delivered_at`
 * is set in the transaction that ran the subscriber, so each subscriber hears each event once.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriber: text().notNull(),
    type: text().notNull(),
    payload: jsonb().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_undelivered_idx')
      .on(t.createdAt)
      .where(sql`${t.deliveredAt} IS NULL`),
  ],
);
