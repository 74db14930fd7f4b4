import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files, orders } from './orders.ts';

/**
 * A label bought upstream, as the provider made it in another format than its PDF (issue 37): asked
 * for once, when a reseller first downloads it so, then served from the file store (decision 290).
 */
export const upstreamLabelFiles = pgTable(
  'upstream_label_files',
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    format: text({ enum: ['zpl', 'png'] }).notNull(),
    dpi: integer().notNull(),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.format, t.dpi] }),
    index('upstream_label_files_file_idx').on(t.fileId),
  ],
);
