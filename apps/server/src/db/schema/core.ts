import { sql } from 'drizzle-orm';
import { LABEL_FORMATS } from '@portal/shared';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text().notNull(),
    discordId: text().notNull(),
    email: text(),
    emailVerified: boolean().notNull().default(false),
    passwordHash: text().notNull(),
    role: text({ enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /** Cache of the sum of the user's ledger entries, updated in the same transaction. */
    balanceCents: bigint({ mode: 'number' }).notNull().default(0),
    apiKeyHash: text().notNull(),
    apiKeyCipher: text().notNull(),
    /** Set by staff: a disabled account cannot sign in, its sessions end and its API key is refused. */
    disabledAt: timestamp({ withTimezone: true }),
    /** The reseller's address check before a purchase (decision 250). */
    addressCheck: text({ enum: ['confirm', 'correct', 'off'] })
      .notNull()
      .default('confirm'),
    /** The TOTP secret, sealed like the API key; null without a second factor (migration 0027). */
    twoFactorSecretCipher: text(),
    /** A secret being set up, kept until the first code proves the authenticator holds it. */
    twoFactorPendingCipher: text(),
    twoFactorEnabledAt: timestamp({ withTimezone: true }),
    /** Time step of the last TOTP code accepted: a code is never accepted twice. */
    twoFactorLastStep: bigint({ mode: 'number' }).notNull().default(0),
    /** The label file a download gives when it names no format (Account Settings; migration 0026). */
    labelFormat: text({ enum: LABEL_FORMATS }).notNull().default('pdf'),
    labelDpi: integer().notNull().default(203),
    /** An account's owners may require a second factor of every member (issue 45, migration 0043). */
    teamRequiresTwoFactor: boolean().notNull().default(false),
    /** When the person last signed in or was seen by a session lookup, for the Team page. */
    lastSeenAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_discord_id_lower_idx').on(sql`lower(${t.discordId})`),
    uniqueIndex('users_email_lower_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerified}`),
    uniqueIndex('users_api_key_hash_idx').on(t.apiKeyHash),
    // The console's list of resellers, newest first: its pages read this index in order.
    index('users_created_idx').on(t.createdAt, t.id),
    // The console's search has a trigram index on the text it matches (migration 0022, decision 231),
    // written there by hand: this builder cannot give an expression an operator class.
    check('users_address_check_mode', sql`${t.addressCheck} IN ('confirm', 'correct', 'off')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Immutable record of every balance change; `sourceKey` makes each change happen at most once. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text({ enum: ['deposit', 'order_charge', 'refund', 'adjustment'] }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    balanceAfterCents: bigint({ mode: 'number' }).notNull(),
    sourceKey: text().notNull(),
    note: text(),
    /** The staff member behind an adjustment or an approval; null for the reseller's own actions. */
    createdBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    /** The team member whose purchase this is: their daily spend limit sums these (migration 0044). */
    memberId: uuid(),
    /** A refund's: when the purchase it gives back was charged; its day's limit is given back (0059). */
    spentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_source_key_idx').on(t.sourceKey),
    index('ledger_user_idx').on(t.userId, t.createdAt),
    index('ledger_member_idx').on(t.memberId, t.createdAt),
  ],
);

export const labelTypes = pgTable('label_types', {
  id: id(),
  uid: text().notNull().unique(),
  name: text().notNull(),
  carrier: text({ enum: ['usps', 'ups', 'fedex'] }).notNull(),
  service: text().notNull(),
  weightUnit: text({ enum: ['oz', 'lb'] }).notNull(),
  maxWeight: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
  isEnabled: boolean().notNull().default(true),
  sortOrder: integer().notNull().default(0),
  /** Days its labels may be voided after purchase (USPS 30, UPS and FedEx 90 by default; decision 281). */
  voidWindowDays: integer().notNull().default(30),
  /** Insurance per $100 of declared value, in cents (null: not offered); decision 330. */
  insurancePer100Cents: integer().default(100),
  /** The least an insured label's insurance costs, in cents. */
  insuranceMinCents: integer().notNull().default(100),
  /** The label type its return labels are bought as (null: the same type); decision 331. */
  returnLabelTypeId: uuid().references((): AnyPgColumn => labelTypes.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const labelTypePrices = pgTable(
  'label_type_prices',
  {
    id: id(),
    labelTypeId: uuid()
      .notNull()
      .references(() => labelTypes.id, { onDelete: 'cascade' }),
    fromWeight: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    toWeight: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    priceCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    index('label_type_prices_type_idx').on(t.labelTypeId),
    check('label_type_prices_range', sql`${t.toWeight} > ${t.fromWeight} AND ${t.priceCents} >= 0`),
  ],
);

/** Spent captcha solutions: a solution is accepted once (replay protection). */
export const captchaSolutions = pgTable('captcha_solutions', {
  signature: text().primaryKey(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/** Failed sign-ins, counted per account and per address to throttle guessing. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: id(),
    scope: text({ enum: ['account', 'ip', 'account-ip', 'account-code'] }).notNull(),
    key: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_failures_key_idx').on(t.scope, t.key, t.createdAt)],
);

/** Secrets generated at first start when not configured, shared by every instance on the database. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
