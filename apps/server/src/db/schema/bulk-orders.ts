import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { labelTypes } from './core.ts';
import { files, orders, statusCounts } from './orders.ts';
import { ownedBy } from './owned-by.ts';

/**
 * A bulk (CSV or reseller API) purchase: charged once, one order per row. Its orders carry the bulk
 * order's id as their `batchId`, so its status and progress follow from theirs (decision 070), counted
 * per status in `bulk_order_counts` (decision 233).
 */
export const bulkOrders = pgTable(
  'bulk_orders',
  {
    id: uuid().primaryKey(),
    userId: ownedBy('restrict'),
    labelTypeId: uuid()
      .notNull()
      .references(() => labelTypes.id, { onDelete: 'restrict' }),
    source: text({ enum: ['csv', 'api'] }).notNull(),
    design: text(),
    totalOrders: integer().notNull(),
    totalCents: bigint({ mode: 'number' }).notNull(),
    /** The uploaded CSV as sent, kept for the results CSV (input rows plus tracking and status). */
    inputFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    fileName: text(),
    /** sha256 of what was bought (rows, label type, design): a repeat within seconds is a double submit. */
    contentHash: text().notNull(),
    /** The team member who bought it, and their name then (issue 45, migration 0044). */
    createdById: uuid(),
    createdByName: text().notNull().default(''),
    createdByKeyId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bulk_orders_user_created_idx').on(t.userId, t.createdAt),
    index('bulk_orders_user_hash_idx').on(t.userId, t.contentHash, t.createdAt),
  ],
);

/** Which order each row of a bulk order became (row = spreadsheet row, header = 1; API: position + 1). */
export const bulkOrderRows = pgTable(
  'bulk_order_rows',
  {
    bulkOrderId: uuid()
      .notNull()
      .references(() => bulkOrders.id, { onDelete: 'cascade' }),
    rowNumber: integer().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.bulkOrderId, t.rowNumber] }),
    uniqueIndex('bulk_order_rows_order_idx').on(t.orderId),
  ],
);

/**
 * A bulk order's orders per status, kept by statement-level triggers on `orders` (migration 0023) in the
 * transaction that changes them: its progress without counting up to 10,000 orders on every poll of the
 * bulk list or of its results (decision 233).
 */
export const bulkOrderCounts = pgTable('bulk_order_counts', {
  bulkOrderId: uuid()
    .primaryKey()
    .references(() => bulkOrders.id, { onDelete: 'cascade' }),
  ...statusCounts(),
});
