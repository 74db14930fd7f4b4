import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repository function accepts the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type SqlRows = { rows: Record<string, unknown>[] };

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL for infrastructure (job queue, migrations lock): parameterised, or multi-statement when no values. */
  executeSql: (text: string, values?: unknown[]) => Promise<SqlRows>;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

const embedded = new WeakSet<DbOrTx>();

/** Whether a handle is the embedded engine's: it runs on the server's thread, where each statement costs more. */
export const isEmbedded = (db: DbOrTx): boolean => embedded.has(db);

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
const MIGRATION_LOCK_ID = 740_001;
/** How the app's PostgreSQL connections name themselves (`pg_stat_activity.application_name`). */
export const APPLICATION_NAME = 'labelport';

export type DatabaseOptions = {
  /** postgres:// URL; without it an embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite directory, or 'memory://' for a throwaway in-memory database. */
  dataDir: string;
  poolSize?: number;
};

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? connectPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  let location = dataDir;
  let unlock = () => {};
  if (!dataDir.startsWith('memory://')) {
    location = path.join(dataDir, 'pglite');
    fs.mkdirSync(location, { recursive: true });
    // One process at a time: a second opener (the admin CLI beside a running server) is refused.
    unlock = lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(location);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  embedded.add(db);
  return {
    kind: 'pglite',
    db,
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values) as Promise<SqlRows>;
      const results = await client.exec(text);
      return (results.at(-1) ?? { rows: [] }) as SqlRows;
    },
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder });
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

async function connectPostgres(url: string, poolSize: number): Promise<Database> {
  // The name lets a restore see that app instances are still connected (and refuse).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: APPLICATION_NAME });
  // Bigints and numerics come back as strings from pg; drizzle's column modes convert what it selects.
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    executeSql: (text, values) => pool.query(text, values) as unknown as Promise<SqlRows>,
    migrate: async () => {
      // Several instances may start together: one migrates while the others wait on the lock.
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: conn, casing: 'snake_case' }), { migrationsFolder });
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}
