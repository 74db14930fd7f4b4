import { sql } from 'drizzle-orm';
import { check, jsonb, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { labelTypes } from './core.ts';
import { ownedBy } from './owned-by.ts';

/** Tiers in dollars as staff typed them: `[{ fromWeight, toWeight, price }]`, checked by the shared rule. */
export type StoredTier = { fromWeight: number; toWeight: number; price: number };

/**
 * A reseller's own prices for one label type: either their own tiers or a percentage up or down from the
 * default tiers (never both). No row means the default prices.
 */
export const resellerPrices = pgTable(
  'reseller_prices',
  {
    userId: ownedBy('cascade'),
    labelTypeId: uuid()
      .notNull()
      .references(() => labelTypes.id, { onDelete: 'cascade' }),
    percent: numeric({ precision: 6, scale: 2, mode: 'number' }),
    tiers: jsonb().$type<StoredTier[]>(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.labelTypeId] }),
    check('reseller_prices_one_kind', sql`(${t.percent} IS NULL) <> (${t.tiers} IS NULL)`),
    check('reseller_prices_percent_range', sql`${t.percent} IS NULL OR ${t.percent} > -100`),
  ],
);
