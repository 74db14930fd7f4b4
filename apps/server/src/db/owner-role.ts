import pg from 'pg';
import { installJobQueues, JOB_SCHEMA } from '../jobs/pg-boss-queue.ts';
import type { QueueDefinition } from '../jobs/job-queue.ts';
import { createDatabase, type Database } from './client.ts';

/** The role a postgres:// URL signs in as. */
export const roleOf = (url: string): string => decodeURIComponent(new URL(url).username);

/**
 * What the app's role may do when another role owns the schema (decision 273): read and write the app's
 * tables and the job queue's, read which migrations ran, and only add to and read the audit log. It owns
 * nothing, so it cannot drop or disable the triggers that keep the audit log append-only, nor alter a table.
 */
export async function grantAppRole(owner: Database, appRole: string): Promise<void> {
  const role = pg.Client.prototype.escapeIdentifier(appRole);
  await owner.executeSql(`
    GRANT USAGE ON SCHEMA public, ${JOB_SCHEMA}, drizzle TO ${role};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public, ${JOB_SCHEMA} TO ${role};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public, ${JOB_SCHEMA} TO ${role};
    GRANT SELECT ON drizzle.__drizzle_migrations TO ${role};
    REVOKE ALL ON audit_log FROM PUBLIC, ${role};
    GRANT SELECT, INSERT ON audit_log TO ${role};
    REVOKE CREATE ON SCHEMA public FROM PUBLIC, ${role};
  `);
}

/**
 * As the schema's owner: applies the migrations, installs the job queue's tables and queues (pg-boss
 * creates a table per queue), and grants the app's role what it needs, again after every migration.
 * The app's instances then run as that role with no DDL at start.
 */
export async function prepareDatabaseAsOwner({
  ownerUrl,
  appUrl,
  queues,
}: {
  ownerUrl: string;
  appUrl: string;
  queues: readonly QueueDefinition[];
}): Promise<void> {
  const owner = await createDatabase({ url: ownerUrl, dataDir: '', poolSize: 2 });
  try {
    await owner.migrate();
    await installJobQueues(owner, queues, { withScheduler: true });
    const appRole = roleOf(appUrl);
    if (appRole !== roleOf(ownerUrl)) await grantAppRole(owner, appRole);
  } finally {
    await owner.close();
  }
}
