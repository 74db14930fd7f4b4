import { sql } from 'drizzle-orm';
import { bigint, boolean, check, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

export const PAYMENT_KINDS = ['stripe', 'paypal', 'square'] as const;

/**
 * Payment companies staff configured (issue 44, decision 323): each serves its methods on the Add balance
 * form. Credentials and the webhook secret are sealed as the label providers' are.
 */
export const paymentProviders = pgTable(
  'payment_providers',
  {
    id: id(),
    kind: text({ enum: PAYMENT_KINDS }).notNull(),
    name: text().notNull(),
    /** The kind's credentials (with `baseUrl` when given) as JSON, sealed; never returned by the API. */
    credentialsSealed: text().notNull(),
    credentialHint: text().notNull(),
    mode: text({ enum: ['test', 'live'] }).notNull(),
    isEnabled: boolean().notNull().default(true),
    /** `absorb`: the company's fee is ours; `surcharge`: the payer pays percent + fixed on top. */
    feeMode: text({ enum: ['absorb', 'surcharge'] })
      .notNull()
      .default('absorb'),
    surchargePercent: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    surchargeFixedCents: bigint({ mode: 'number' }).notNull().default(0),
    /** What one reseller may add through this provider per 24 hours, and in their account's first 7 days. */
    dailyLimitCents: bigint({ mode: 'number' }),
    firstWeekLimitCents: bigint({ mode: 'number' }),
    webhookId: text(),
    webhookSecretSealed: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_providers_name_idx').on(sql`lower(${t.name})`),
    check(
      'payment_providers_surcharge_check',
      sql`${t.surchargePercent} >= 0 AND ${t.surchargeFixedCents} >= 0`,
    ),
  ],
);
