import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownedBy } from './owned-by.ts';

/**
 * One `Idempotency-Key` per reseller and purchase (decision 100): claimed before the purchase runs,
 * then holding the first reply, which a retry with the same key and body gets again for 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ownedBy('cascade'),
    key: text().notNull(),
    requestHash: text().notNull(),
    status: text({ enum: ['in_progress', 'done'] }).notNull(),
    /** New at every claim: the charge stores its reply only while its own claim holds the key. */
    claimToken: uuid().notNull().defaultRandom(),
    responseStatus: integer(),
    responseBody: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** An `in_progress` claim lapses at this time unless its request renews it (decision 316). */
    heldUntil: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    check('idempotency_keys_status_check', sql`${t.status} in ('in_progress', 'done')`),
  ],
);
