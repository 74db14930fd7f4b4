import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CourierAddress, CourierStatus } from '@portal/shared';
import { files } from './orders.ts';
import { ownedBy } from './owned-by.ts';

/**
 * An Overnight FedEx courier order (spec sections 3 and 4). Staff quote it, the reseller accepts
 * (charged then) or rejects it, staff complete it with a document or cancel it (refunded if charged).
 * Moves happen by `UPDATE ... WHERE status = <expected>`, so concurrent moves resolve once.
 */
export const courierOrders = pgTable(
  'courier_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: ownedBy('cascade'),
    status: text().$type<CourierStatus>().notNull().default('Pending'),
    priceCents: bigint({ mode: 'number' }),
    /** What the reseller reads in the Status Note column; staff write it. */
    note: text().notNull().default(''),
    fromAddress: jsonb().$type<CourierAddress>().notNull(),
    toAddress: jsonb().$type<CourierAddress>().notNull(),
    weight: numeric({ mode: 'number' }).notNull(),
    length: numeric({ mode: 'number' }).notNull(),
    width: numeric({ mode: 'number' }).notNull(),
    height: numeric({ mode: 'number' }).notNull(),
    weightUnit: text({ enum: ['lbs', 'kg'] }).notNull(),
    dimensionUnit: text({ enum: ['inch', 'cm'] }).notNull(),
    specialNotes: text().notNull().default(''),
    fileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    /** Set when the reseller accepted and was charged; a later staff cancel refunds it. */
    chargedCents: integer(),
    searchText: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('courier_orders_user_created_idx').on(t.userId, t.createdAt),
    index('courier_orders_status_created_idx').on(t.status, t.createdAt),
    check(
      'courier_orders_status_check',
      sql`${t.status} in ('Pending', 'Awaiting User Input', 'In Process', 'Completed', 'Cancelled')`,
    ),
  ],
);
