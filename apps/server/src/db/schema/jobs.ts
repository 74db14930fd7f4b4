import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Leases on running jobs (decision 274): the instance working a job renews its row while it runs; a job
 * whose lease lapsed (its instance died) goes back to the queue. One row per job and holder, so a late
 * holder's release never removes the lease of the instance that took the job over.
 */
export const jobLeases = pgTable(
  'job_leases',
  {
    jobId: uuid().notNull(),
    holder: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.holder] }), index('job_leases_expires_idx').on(t.expiresAt)],
);
