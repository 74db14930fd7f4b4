import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownedBy } from './owned-by.ts';

/** A reseller's webhook endpoint (up to 5): where events are POSTed, signed with its secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey(),
    userId: ownedBy('cascade'),
    url: text().notNull(),
    events: text().array().notNull(),
    /** The Standard Webhooks secret (`whsec_...`), sealed with the app secret. */
    secretSealed: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** When its current run of failed attempts began; cleared by a success. Three days of it disables it. */
    failingSince: timestamp({ withTimezone: true }),
    disabledReason: text(),
    /** An endpoint that timed out gets no attempt before this (decision 271); its deliveries wait. */
    pausedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/** An event as sent: the exact payload, so a resend or retry repeats it byte for byte. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text().primaryKey(),
    userId: ownedBy('cascade'),
    type: text().notNull(),
    payload: text().notNull(),
    /** Set for events that must happen once (a bulk order completes once), whoever notices first. */
    sourceKey: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_user_created_idx').on(t.userId, t.createdAt)],
);

/** One event to one endpoint, with the outcome of its latest attempt (the delivery log). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey(),
    eventId: text()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text({ enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    statusCode: integer(),
    durationMs: integer(),
    error: text(),
    nextRetryAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the endpoint answered 2xx. */
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    // Housekeeping finds events no delivery points at, and deleting an event cascades by this key.
    index('webhook_deliveries_event_idx').on(t.eventId),
    index('webhook_deliveries_pending_idx')
      .on(t.endpointId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
