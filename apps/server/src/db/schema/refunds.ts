import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './core.ts';
import { orders } from './orders.ts';
import { ownedBy } from './owned-by.ts';

/**
 * A reseller's request to refund a completed order: at most one per order (unique), decided once by
 * staff. Approving refunds the order through the one refund path; a staff refund of the order
 * without the queue marks its request approved in the same transaction (see decision 140).
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: ownedBy('cascade'),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text(),
    rejectionReason: text(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refund_requests_order_idx').on(t.orderId),
    index('refund_requests_status_created_idx').on(t.status, t.createdAt),
    check('refund_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
