import { uuid } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

/**
 * The user a row belongs to. `restrict` for records of money and postage (a user who has them is disabled,
 * never deleted); `cascade` for what goes with its user (sessions, settings, drafts).
 */
export function ownedBy(onDelete: 'restrict' | 'cascade') {
  return uuid()
    .notNull()
    .references(() => users.id, { onDelete });
}
