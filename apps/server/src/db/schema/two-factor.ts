import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { ownedBy } from './owned-by.ts';

/**
 * The ten recovery codes of a second factor, kept as an HMAC under the app secret (`sha256:` marks the
 * plain SHA-256 of codes issued before decision 311); each one signs in once (`usedAt`).
 */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: ownedBy('cascade'),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/** A right password waiting for its second factor: the hashed `challengeToken`, single use, short-lived. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: id(),
    userId: ownedBy('cascade'),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Wrong codes typed for it; the fifth ends it. */
    failedAttempts: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_token_hash_idx').on(t.tokenHash),
    index('two_factor_challenges_expires_idx').on(t.expiresAt),
  ],
);

/** Devices remembered for 30 days: the signed cookie names its row, and deleting the row revokes it. */
export const twoFactorDevices = pgTable(
  'two_factor_devices',
  {
    id: id(),
    userId: ownedBy('cascade'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text(),
    createdAt: createdAt(),
    /** When it last skipped the code (null: not since it was remembered). */
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('two_factor_devices_user_idx').on(t.userId)],
);
