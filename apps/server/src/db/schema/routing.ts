import { ROUTE_MODES } from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { labelTypes } from './core.ts';
import { orders } from './orders.ts';
import { providers } from './providers.ts';

/**
 * How a label type's route is used (issue 47, decision 332): in order, or by live quotes (the cheapest,
 * or the cheapest unless the first provider is within `withinCents`), and the margin below which an order
 * is not bought. No row: `ordered` without a floor.
 */
export const labelTypeRoutings = pgTable(
  'label_type_routings',
  {
    labelTypeId: uuid()
      .primaryKey()
      .references(() => labelTypes.id, { onDelete: 'cascade' }),
    mode: text({ enum: ROUTE_MODES }).notNull().default('ordered'),
    withinCents: integer(),
    minMarginCents: integer(),
    minMarginPercent: doublePrecision(),
    updatedAt: createdAt(),
  },
  (t) => [
    check('label_type_routings_within_check', sql`${t.withinCents} IS NULL OR ${t.withinCents} >= 0`),
    check(
      'label_type_routings_margin_check',
      sql`(${t.minMarginCents} IS NULL OR ${t.minMarginCents} >= 0) AND (${t.minMarginPercent} IS NULL OR ${t.minMarginPercent} >= 0)`,
    ),
  ],
);

/** One live quote an order got: from which provider, how much, how fast, and whether it was bought. */
export type StoredQuote = {
  providerId: string;
  provider: string;
  amountCents: number | null;
  ms: number;
  chosen: boolean;
  error?: string;
};

/**
 * The quotes an order was routed by (the last routing of its label job), what the ordered route would
 * have cost (its first provider that quoted), and whether it was refused below the margin floor.
 */
export const orderRoutings = pgTable('order_routings', {
  orderId: uuid()
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  mode: text({ enum: ROUTE_MODES }).notNull(),
  quotes: jsonb().$type<StoredQuote[]>().notNull(),
  chosenProviderId: uuid().references(() => providers.id, { onDelete: 'set null' }),
  orderedCostCents: bigint({ mode: 'number' }),
  isBelowMargin: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});
