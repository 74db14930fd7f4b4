import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { labelTypes } from './core.ts';
import { orders } from './orders.ts';

/** Upstream label providers staff configured (issue 35); credentials sealed as API keys are. */
export const providers = pgTable(
  'providers',
  {
    id: id(),
    kind: text({ enum: ['labelport', 'easypost', 'shippo'] }).notNull(),
    name: text().notNull(),
    /** `{ apiKey, baseUrl? }` as JSON, sealed with the app's key; never returned by the API. */
    credentialsSealed: text().notNull(),
    credentialHint: text().notNull(),
    baseUrl: text(),
    mode: text({ enum: ['test', 'live'] }).notNull(),
    isEnabled: boolean().notNull().default(true),
    maxConcurrent: integer().notNull().default(10),
    /** The secret of the tracking webhook registered at the provider, sealed as the credentials are. */
    webhookSecretSealed: text(),
    /** The provider's id of that webhook. */
    webhookId: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex('providers_name_idx').on(sql`lower(${t.name})`)],
);

/** A label type's ordered providers: the first is used, the next only after a definite "not bought". */
export const labelTypeRoutes = pgTable(
  'label_type_routes',
  {
    labelTypeId: uuid()
      .notNull()
      .references(() => labelTypes.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    providerId: uuid()
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    service: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.labelTypeId, t.position] }),
    uniqueIndex('label_type_routes_provider_idx').on(t.labelTypeId, t.providerId),
  ],
);

export const PURCHASE_STATES = ['started', 'unknown', 'bought', 'not_bought', 'rejected'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

/**
 * One order's purchase at one provider, recorded before the call (decision 240): its reference is sent
 * with every try, its upstream id stored as soon as known, so an unknown outcome is looked up, never
 * bought again.
 */
export const labelPurchases = pgTable(
  'label_purchases',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    service: text().notNull(),
    state: text({ enum: PURCHASE_STATES }).notNull().default('started'),
    upstreamId: text(),
    /** The rate of the upstream shipment that was quoted and is the one bought (EasyPost; decision 332). */
    quotedRateId: text(),
    tracking: text(),
    costCents: bigint({ mode: 'number' }),
    error: text(),
    tries: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('label_purchases_order_provider_idx').on(t.orderId, t.providerId),
    // Inbound tracking finds the order by the provider's shipment id or tracking number (issue 36).
    index('label_purchases_upstream_idx').on(t.providerId, t.upstreamId),
    index('label_purchases_tracking_idx').on(t.providerId, t.tracking),
  ],
);

/** Every call to a provider, for its health in the console (last hour) and its last error. */
export const providerCalls = pgTable(
  'provider_calls',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    providerId: uuid()
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    operation: text().notNull(),
    outcome: text({ enum: ['ok', 'rejected', 'not_bought', 'unknown'] }).notNull(),
    durationMs: integer().notNull(),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('provider_calls_provider_created_idx').on(t.providerId, t.createdAt),
    check('provider_calls_duration_check', sql`${t.durationMs} >= 0`),
  ],
);
