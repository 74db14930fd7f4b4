import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

/**
 * One row per staff write, appended in the same transaction as the change. The database refuses
 * UPDATE and DELETE on it (trigger `audit_log_immutable`), so the trail cannot be edited afterwards.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The staff member; null for the operator's command line (`npm run admin`). */
    actorId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    /** What was done, `<area>.<verb>`: `user.adjust_balance`, `invoice.approve`, ... */
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    /** The changed fields before and after; never a secret. */
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/** Settings staff change at run time (deposits, refunds); one JSON value per key, defaults in code. */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
