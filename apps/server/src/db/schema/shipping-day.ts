import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { files, orders } from './orders.ts';
import { providers } from './providers.ts';
import { ownedBy } from './owned-by.ts';

/** A place as a SCAN form or pickup keeps it (migration 0045). */
export type ShippingAddress = {
  name: string;
  company: string;
  street: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  phone?: string;
};

/**
 * What a user had made at a carrier (a SCAN form, a pickup): the carrier, and where it was made with the
 * provider's own id for it (no provider: drawn by LabelPort in test mode).
 */
const atCarrier = () => ({
  id: id(),
  userId: ownedBy('restrict'),
  carrier: text().notNull(),
  providerId: uuid().references(() => providers.id, { onDelete: 'restrict' }),
  upstreamId: text(),
});

/** One SCAN form (USPS PS Form 5630) for labels of one from-address and ship date (decision 328). */
export const scanForms = pgTable(
  'scan_forms',
  {
    ...atCarrier(),
    fromAddress: jsonb().$type<ShippingAddress>().notNull(),
    shipDate: text().notNull(),
    status: text({ enum: ['created'] })
      .notNull()
      .default('created'),
    fileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    isTest: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('scan_forms_user_created_idx').on(t.userId, t.createdAt)],
);

/** The labels of a form; an order is on one form at most. */
export const scanFormOrders = pgTable(
  'scan_form_orders',
  {
    scanFormId: uuid()
      .notNull()
      .references(() => scanForms.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'scan_form_orders_pk', columns: [t.scanFormId, t.orderId] }),
    uniqueIndex('scan_form_orders_order_idx').on(t.orderId),
  ],
);

/** A carrier pickup booked for a set of labels (decision 329). */
export const pickups = pgTable(
  'pickups',
  {
    ...atCarrier(),
    status: text({ enum: ['scheduled', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    confirmation: text().notNull().default(''),
    /** What the reseller was charged (one ledger entry, refunded on cancel). */
    priceCents: bigint({ mode: 'number' }).notNull().default(0),
    /** What the provider charged us. */
    costCents: bigint({ mode: 'number' }),
    address: jsonb().$type<ShippingAddress>().notNull(),
    minDatetime: timestamp({ withTimezone: true }).notNull(),
    maxDatetime: timestamp({ withTimezone: true }).notNull(),
    instructions: text().notNull().default(''),
    packageCount: integer().notNull(),
    totalWeightOz: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
    isTest: boolean().notNull(),
    createdAt: createdAt(),
    cancelledAt: timestamp({ withTimezone: true }),
    /** The caller's reference (API v2 `reference`): asked again while scheduled, the same pickup (0046). */
    reference: text(),
  },
  (t) => [
    index('pickups_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('pickups_user_reference_idx')
      .on(t.userId, t.reference)
      .where(sql`${t.reference} is not null and ${t.status} = 'scheduled'`),
    check('pickups_status_check', sql`${t.status} in ('scheduled', 'cancelled')`),
  ],
);

export const pickupOrders = pgTable(
  'pickup_orders',
  {
    pickupId: uuid()
      .notNull()
      .references(() => pickups.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'pickup_orders_pk', columns: [t.pickupId, t.orderId] }),
    index('pickup_orders_order_idx').on(t.orderId),
  ],
);
