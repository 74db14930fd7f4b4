import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The current window's request count per rate-limit key (decision 195), so every server process on one
 * PostgreSQL counts against the same budget. A window starts at the key's first hit, as in the plugin's
 * own store; housekeeping deletes rows whose window has ended.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().primaryKey(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull(),
  },
  (t) => [index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);
