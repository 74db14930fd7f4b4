import { date, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { statusCounts } from './orders.ts';
import { ownedBy } from './owned-by.ts';

/**
 * Order counts per reseller, UTC day of `created_at` and status, kept by statement-level triggers on
 * `orders` (migration 0016) in the transaction that changes the orders. A deep page of the history
 * finds the day its first row falls on from these counts and seeks there (decision 210).
 */
export const orderDayCounts = pgTable(
  'order_day_counts',
  {
    userId: ownedBy('cascade'),
    day: date({ mode: 'string' }).notNull(),
    ...statusCounts(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
