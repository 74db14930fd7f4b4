import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TEAM_ACTIONS, TEAM_ROLES } from '@portal/shared';
import { users } from './core.ts';

const at = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Who belongs to a team (issue 45, decision 326). The account is the reseller's `users` row, owner of the
 * balance and everything bought; a member is their own `users` row. An account's own row needs no row
 * here: without one it is the account's owner.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    memberId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: TEAM_ROLES }).notNull(),
    /** Cents the member may spend a day (UTC); null for no limit. */
    dailyLimitCents: bigint({ mode: 'number' }),
    createdAt: at(),
  },
  (t) => [
    index('team_members_account_idx').on(t.accountId),
    check('team_members_role', sql`${t.role} IN ('owner', 'admin', 'shipper', 'viewer')`),
    check('team_members_limit', sql`${t.dailyLimitCents} IS NULL OR ${t.dailyLimitCents} >= 0`),
  ],
);

/** An e-mailed invitation: its link carries a token kept only as a hash, used once, until it expires. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text({ enum: TEAM_ROLES }).notNull(),
    tokenHash: text().notNull(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: at(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('team_invitations_token_idx').on(t.tokenHash),
    index('team_invitations_account_idx').on(t.accountId),
  ],
);

/** API keys of a team: each belongs to a member and carries a role no higher than theirs. */
export const teamApiKeys = pgTable(
  'team_api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    role: text({ enum: TEAM_ROLES }).notNull(),
    keyHash: text().notNull(),
    prefix: text().notNull(),
    createdAt: at(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('team_api_keys_hash_idx').on(t.keyHash),
    index('team_api_keys_account_idx').on(t.accountId),
    index('team_api_keys_member_idx').on(t.memberId),
  ],
);

/** Who did what in a team: orders, deposits, address, key and member changes (issue 45). */
export const teamActivity = pgTable(
  'team_activity',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The member's name then, kept when they leave. */
    memberName: text(),
    apiKeyId: uuid(),
    apiKeyName: text(),
    action: text({ enum: TEAM_ACTIONS }).notNull(),
    summary: text().notNull(),
    createdAt: at(),
  },
  (t) => [
    index('team_activity_account_idx').on(t.accountId, t.createdAt),
    index('team_activity_member_idx').on(t.memberId, t.createdAt),
  ],
);
