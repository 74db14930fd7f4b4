import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Objects that may have no `files` row (decision 335): written before the transaction meant to point at
 * them committed, or no longer pointed at. Once `sweepAfter` has passed, the sweep deletes the object
 * unless a row holds its key, then the check.
 */
export const fileStoreChecks = pgTable(
  'file_store_checks',
  {
    storageKey: text().primaryKey(),
    sweepAfter: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('file_store_checks_due_idx').on(t.sweepAfter)],
);
