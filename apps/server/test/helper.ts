import fs from 'node:fs';
import { Writable } from 'node:stream';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { SQL } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../src/app.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { seedLabelTypes } from '../src/db/seed.ts';
import { testConfig } from './config.ts';
import { createDatabaseIn } from './server-process.ts';

export type Engine = 'pglite' | 'postgres';
export const ENGINES: Engine[] = ['pglite', 'postgres'];

/** The URL of a new, empty database in the run's PostgreSQL cluster. */
export const createPostgresDatabaseUrl = (prefix = 'test'): Promise<string> =>
  createDatabaseIn(inject('postgresUrl'), prefix);

let pgliteImage: Uint8Array | undefined;

/**
 * A fresh, migrated database of the given engine: in-memory PGlite started from the run's migrated image, or
 * a copy of the run's migrated template database in its PostgreSQL cluster.
 */
export async function createTestDatabase(engine: Engine = 'pglite', poolSize = 10): Promise<Database> {
  if (engine === 'pglite') {
    pgliteImage ??= fs.readFileSync(inject('pgliteImage'));
    return createDatabase({ dataDir: 'memory://', image: pgliteImage });
  }
  const url = await createDatabaseIn(inject('postgresUrl'), 'test', inject('postgresTemplate'));
  return createDatabase({ url, dataDir: '', poolSize });
}

export type TestApp = App & { database: Database };

/** Where an app logs when its test reads the log: every line as written, in `lines`. */
export function logSink(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, lines };
}

/** The rows a statement returns, as the test's database driver gives them. */
export async function rowsOf(database: Database, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** Builds the real app on a migrated, seeded test database; close() also closes the database. */
export async function createTestApp(
  options: {
    engine?: Engine;
    env?: Record<string, string>;
    poolSize?: number;
    database?: Database;
    /** Where the app logs (silent by default), for a test that reads the log. */
    logger?: BuildAppOptions['logger'];
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(options.engine, options.poolSize));
  await database.migrate();
  await seedLabelTypes(database.db);
  const config = testConfig(options.env);
  const app = await buildApp({ config, database, logger: options.logger });
  app.addHook('onClose', async () => database.close());
  return Object.assign(app, { database });
}

/**
 * How many times the database session ran its named statement `name` with a generic plan and with one
 * made for the values (`pg_prepared_statements`); undefined when the session has no such statement.
 */
export async function planCounts(
  database: Database,
  name: string,
): Promise<{ generic: number; custom: number } | undefined> {
  const { rows } = await database.executeSql(
    'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1',
    [name],
  );
  return rows[0] && { generic: Number(rows[0].generic_plans), custom: Number(rows[0].custom_plans) };
}

/**
 * How often PostgreSQL has read `table` whole and each of its indexes so far (`pg_stat_user_tables`,
 * `pg_stat_user_indexes`), as this connection's statistics show them: run the test's reads on one
 * connection (`poolSize: 1`) to count them.
 */
export async function scansOf(
  database: Database,
  table: string,
): Promise<{ whole: number; index: Record<string, number> }> {
  // Statistics reach the shared views when the backend goes idle; this makes the next report immediate.
  await database.executeSql('SELECT pg_stat_force_next_flush()', []);
  const tables = await database.executeSql('SELECT seq_scan FROM pg_stat_user_tables WHERE relname = $1', [
    table,
  ]);
  const indexes = await database.executeSql(
    'SELECT indexrelname AS name, idx_scan AS scans FROM pg_stat_user_indexes WHERE relname = $1',
    [table],
  );
  return {
    whole: Number(tables.rows[0]!.seq_scan),
    index: Object.fromEntries(indexes.rows.map((r) => [r.name, Number(r.scans)])),
  };
}

/** Solves the server's ALTCHA challenge the way the browser does and returns the captchaToken. */
export async function solveCaptcha(app: App): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/captcha' });
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let counter = 0;
export const uniqueDiscordId = (prefix = 'reseller'): string => `${prefix}_${process.pid}_${++counter}`;

/** Registers and signs in a new reseller; returns the bearer token and credentials. */
export async function signUp(app: App, overrides: { discordId?: string; password?: string } = {}) {
  const discordId = overrides.discordId ?? uniqueDiscordId();
  const password = overrides.password ?? 'correct horse battery';
  const reg = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { username: 'Test Reseller', discordId, password, captchaToken: await solveCaptcha(app) },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { discordId, password, captchaToken: await solveCaptcha(app) },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const token = (login.json() as { accessToken: string }).accessToken;
  return { discordId, password, token, headers: { authorization: `Bearer ${token}` } };
}
