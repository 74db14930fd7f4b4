import { sql } from 'drizzle-orm';
import { TRACKING_STATUSES } from '@portal/shared';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { orders } from './orders.ts';

/**
 * An order's tracking timeline (issue 36): one row per distinct event of a source, `eventKey` being the
 * source's identity of the event (its id, or a digest of time, status and place when it has none).
 */
export const orderTrackingEvents = pgTable(
  'order_tracking_events',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    source: text().notNull(),
    eventKey: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: TRACKING_STATUSES }).notNull(),
    description: text().notNull().default(''),
    city: text(),
    state: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_tracking_events_key_idx').on(t.orderId, t.eventKey),
    // The same event under another key (a webhook's id, a poll's digest) is still one event (0039).
    uniqueIndex('order_tracking_events_same_idx').on(
      t.orderId,
      t.occurredAt,
      t.status,
      sql`md5(${t.description})`,
      sql`coalesce(${t.city}, '')`,
      sql`coalesce(${t.state}, '')`,
    ),
    index('order_tracking_events_order_time_idx').on(t.orderId, t.occurredAt),
  ],
);

/** Orders whose tracking is looked up on a schedule (polling with backoff, and the test-mode walk). */
export const trackingPolls = pgTable(
  'tracking_polls',
  {
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    nextAt: timestamp({ withTimezone: true }).notNull(),
    intervalSeconds: integer().notNull(),
    startedAt: createdAt(),
  },
  (t) => [index('tracking_polls_next_idx').on(t.nextAt)],
);

/** Message ids of inbound webhooks already accepted, remembered past the timestamp window to refuse replays. */
export const inboundWebhookReceipts = pgTable(
  'inbound_webhook_receipts',
  {
    source: text().notNull(),
    messageId: text().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.messageId] }),
    index('inbound_webhook_receipts_received_idx').on(t.receivedAt),
  ],
);
