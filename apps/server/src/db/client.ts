import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite, ParserOptions, Results, Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DEFAULT_PGLITE_SHARED_BUFFERS } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { NamedStatements } from './pglite-named.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repository function accepts the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type SqlRows = { rows: Record<string, unknown>[] };

/** What a listener hears: each NOTIFY payload, and whether it is hearing them at all. */
export type NotificationHandlers = {
  onPayload: (payload: string) => void;
  /** false while notifications may be missed (the listening connection was lost), true once heard again. */
  onLive: (live: boolean) => void;
};

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL for infrastructure (job queue, migrations lock): parameterised, or multi-statement when no values. */
  executeSql: (text: string, values?: unknown[]) => Promise<SqlRows>;
  migrate: () => Promise<void>;
  /**
   * Hears NOTIFY on `channel` (a plain lower-case name) from every process on the database, this one
   * included, as each notifying transaction commits. Returns how to stop; stop before `close`.
   */
  listen: (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

/** The embedded databases, each with the statements it keeps by name (decision 229). */
const namedStatements = new WeakMap<DbOrTx, NamedStatements>();

/**
 * Has the embedded database run `text` as the named statement `name` from now on, parsed once and
 * planned as PostgreSQL plans a pooled connection's named statements; nothing on PostgreSQL, where the
 * driver names it already. For statements with a fixed text and placeholders only (`preparedOnce`).
 */
export function keepNamed(db: DbOrTx, text: string, name: string): void {
  namedStatements.get(db)?.keep(text, name);
}

/** Whether a handle is the embedded engine's: it runs on the server's thread, where each statement costs more. */
export const isEmbedded = (db: DbOrTx): boolean => namedStatements.has(db);

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
  /** For 'memory://': a tarball of a migrated, empty database to start from (see `createPgliteImage`). */
  image?: Uint8Array;
  /** For a new directory: the migrated template to copy (PGLITE_TEMPLATE_DIR by default), or false for none. */
  template?: string | false;
  /**
   * PGlite's page cache (`shared_buffers`; PostgreSQL's own default is 128MB). It lives in the server's WASM
   * heap, which never shrinks; pages it does not hold come from the operating system's file cache, a copy
   * away. 16MB kept page reads within about 5% and the server about 110 MB smaller (decision 216).
   */
  sharedBuffers?: string;
};

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? connectPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.dataDir, options);
}

/**
 * A migrated, empty embedded database that the build leaves beside the compiled server
 * (docs/decisions/215-migrated-embedded-template.md). A new data directory starts as a copy of it: initdb
 * alone takes about 2.5 s and leaves the process some 450 MB larger than opening an existing database.
 * Beside the TypeScript source there is none, and a new database is made the long way.
 */
export const PGLITE_TEMPLATE_DIR = path.resolve(import.meta.dirname, 'pglite-template');

/**
 * The extensions the schema uses, which the embedded engine loads from its own bundle at every open:
 * `pg_trgm` for the console's search of accounts (decision 231).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * The embedded engine and its drizzle driver, imported when an embedded database is first opened, and
 * PostgreSQL's driver when one is first connected: a server loads only its own engine's (decision 359).
 */
const embeddedEngine = async () => {
  const [{ PGlite, types }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, types, drizzle, migrate };
};
const postgresDriver = async () => {
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  return { drizzle, migrate };
};

/** Applies the migrations to an embedded database: the server's start, the template and the test image. */
const migrateEmbedded = async (client: PGlite) => {
  const { drizzle, migrate } = await embeddedEngine();
  await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder });
};

/**
 * A database image as PGlite reads it (`arrayBuffer()`, once per open): the bytes themselves, not a copy
 * into a Blob and another out of it. PGlite only reads them (each file is copied into its own file system),
 * so one image serves every open; the two copies of its 43 MB were a fifth of an in-memory open's CPU time.
 */
class ImageBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(image: Uint8Array) {
    super([]);
    this.#bytes =
      image.byteOffset === 0 && image.byteLength === image.buffer.byteLength
        ? (image.buffer as ArrayBuffer)
        : (image.buffer.slice(image.byteOffset, image.byteOffset + image.byteLength) as ArrayBuffer);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/** PGlite's directory inside a data directory; the lock file lives beside it. */
const pgliteLocation = (dataDir: string): string => path.join(dataDir, 'pglite');

/** Fills an empty database directory from the template, whole or not at all (a copy, then a rename). */
function startFromTemplate(location: string, template: string | false): void {
  if (template === false || fs.readdirSync(location).length > 0) return;
  if (!fs.existsSync(path.join(template, 'PG_VERSION'))) return;
  const copy = `${location}.copying`;
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(template, copy, { recursive: true });
  fs.rmdirSync(location);
  fs.renameSync(copy, location);
}

/**
 * The types drizzle reads as text on PGlite (timestamps, intervals, dates, and arrays of them and of
 * numerics), each array type with its element type. Drizzle asks for them with parsers of its own on
 * every statement, and PGlite merges a statement's parsers into a copy of its 319 own on every call:
 * about 100 µs per statement (decision 228). So the client reads these types as text itself, and
 * drizzle's statements go to it without parsers.
 */
const readAsTextTypes = (types: PgliteTypes): Record<number, number | null> => ({
  [types.TIMESTAMP]: null,
  [types.TIMESTAMPTZ]: null,
  [types.INTERVAL]: null,
  [types.DATE]: null,
  1115: types.TIMESTAMP,
  1185: types.TIMESTAMPTZ,
  1187: types.INTERVAL,
  1182: types.DATE,
  1231: types.NUMERIC,
});
type PgliteTypes = Awaited<ReturnType<typeof embeddedEngine>>['types'];

/** Makes `client` read the types above as text; returns the parsers it read them with before. */
function readAsText(client: PGlite, types: PgliteTypes): ParserOptions {
  const asText = readAsTextTypes(types);
  const before: ParserOptions = {};
  for (const [type, element] of Object.entries(asText)) {
    const id = Number(type);
    // PGlite's array parsers read their elements through the client's parsers when called, so an array
    // of a type read as text from now on gets its element's parser as it was.
    const elementParser = element === null || element === types.NUMERIC ? null : client.parsers[element]!;
    before[id] = elementParser ? (text) => types.arrayParser(text, elementParser, id) : client.parsers[id]!;
  }
  for (const type of Object.keys(asText)) client.parsers[type] = (text: string) => text;
  return before;
}

/** A result of our own statement with the types read as text parsed as the client parsed them before. */
function parsedAsBefore(result: Results, before: ParserOptions): SqlRows {
  const fields = result.fields.filter((f) => before[f.dataTypeID]);
  for (const row of result.rows as Record<string, unknown>[])
    for (const { name, dataTypeID } of fields)
      if (typeof row[name] === 'string') row[name] = before[dataTypeID]!(row[name]);
  return result as SqlRows;
}

/**
 * The client drizzle is given: its statements keep their row mode and leave their parsers out. Outside
 * a transaction, the statements kept by name (`named`) run as named statements.
 */
function withoutStatementParsers(client: PGlite | Transaction, named?: NamedStatements): PGlite {
  return {
    query: (text: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }) =>
      named?.has(text)
        ? named.query(text, params, options)
        : client.query(text, params, options && { rowMode: options.rowMode }),
    exec: (text: string) => client.exec(text),
    transaction: <T>(run: (tx: PGlite) => Promise<T>) =>
      (client as PGlite).transaction((tx) => run(withoutStatementParsers(tx))),
  } as unknown as PGlite;
}

async function openPglite(
  dataDir: string,
  {
    image,
    template = PGLITE_TEMPLATE_DIR,
    sharedBuffers = DEFAULT_PGLITE_SHARED_BUFFERS,
  }: Pick<DatabaseOptions, 'image' | 'template' | 'sharedBuffers'> = {},
): Promise<Database> {
  const { PGlite, types, drizzle } = await embeddedEngine();
  let location = dataDir;
  let unlock = () => {};
  let client: PGlite;
  try {
    if (!dataDir.startsWith('memory://')) {
      location = pgliteLocation(dataDir);
      fs.mkdirSync(location, { recursive: true });
      // One process at a time: a second opener (the admin CLI beside a running server) is refused.
      unlock = lockDataDir(dataDir);
      startFromTemplate(location, template);
    }
    client = await PGlite.create(location, {
      extensions: PGLITE_EXTENSIONS,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
      ...(image && { loadDataDir: new ImageBlob(image) }),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  // Statements of our own (executeSql, pg-boss's) read timestamps as dates, as on PostgreSQL.
  const ownParsers = readAsText(client, types);
  const named = new NamedStatements(client);
  const db = drizzle({
    client: withoutStatementParsers(client, named),
    schema,
    casing: 'snake_case',
  }) as unknown as Db;
  namedStatements.set(db, named);
  return {
    kind: 'pglite',
    db,
    executeSql: async (text, values) => {
      if (values && values.length > 0) return parsedAsBefore(await client.query(text, values), ownParsers);
      const last = (await client.exec(text)).at(-1);
      return last ? parsedAsBefore(last, ownParsers) : { rows: [] };
    },
    migrate: async () => {
      await migrateEmbedded(client);
    },
    // One session in this process: its own NOTIFYs reach it while the committing statement's output
    // is read, before that statement's promise settles.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onPayload);
      handlers.onLive(true);
      return async () => {
        handlers.onLive(false);
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/**
 * A tarball of a new, migrated embedded database, to open in-memory copies of it quickly (tests), with what
 * `prepare` adds (the tests' job queues, as `createPgliteTemplate` gives the build's).
 */
export async function createPgliteImage(
  prepare?: (database: Database) => Promise<void>,
): Promise<Uint8Array> {
  const { PGlite } = await embeddedEngine();
  if (prepare) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-image-'));
    try {
      const dir = path.join(work, 'template');
      await createPgliteTemplate(dir, prepare);
      const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
      try {
        return new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
      } finally {
        await client.close();
      }
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  try {
    await migrateEmbedded(client);
    const tarball = await client.dumpDataDir('none');
    return new Uint8Array(await tarball.arrayBuffer());
  } finally {
    await client.close();
  }
}

/**
 * Makes `dir` a migrated, empty PGlite database directory: the template the build leaves beside the server.
 * `prepare` adds what every first start would otherwise create (the job queue's tables, decision 217).
 */
export async function createPgliteTemplate(
  dir: string,
  prepare: (database: Database) => Promise<void> = async () => {},
): Promise<void> {
  const work = fs.mkdtempSync(path.join(path.dirname(dir), '.pglite-template-'));
  try {
    const database = await openPglite(work, { template: false });
    try {
      await database.migrate();
      await prepare(database);
      // Written out now, so that each copy opens without first replaying the migrations' log.
      await database.executeSql('CHECKPOINT');
    } finally {
      await database.close();
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(pgliteLocation(work), dir);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** True when every migration beside the server is recorded as applied (a read the app's role may make). */
async function isMigrated(pool: pg.Pool): Promise<boolean> {
  const latest = Math.max(...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  const found = await pool.query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS ok`);
  if (!found.rows[0]?.ok) return false;
  const { rows } = await pool.query<{ applied: string | null }>(
    'SELECT max(created_at)::text AS applied FROM drizzle.__drizzle_migrations',
  );
  return rows[0]?.applied != null && Number(rows[0].applied) >= latest;
}

/** Thrown when the migrations are due and the app's role may not run them (docs/decisions/273). */
export class MigrationsDueError extends Error {}

async function connectPostgres(url: string, poolSize: number): Promise<Database> {
  const { drizzle, migrate } = await postgresDriver();
  // The name lets a restore see that app instances are still connected (and refuse).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: APPLICATION_NAME });
  // A connection the database ends (a restart, a lost route) errors on its client: at rest the pool
  // says so and drops it; in use, the statement it ran fails with that error. Unheard, either event
  // would end the process, so both are heard here and the pool connects anew when next asked.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Bigints and numerics come back as strings from pg; drizzle's column modes convert what it selects.
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    executeSql: (text, values) => pool.query(text, values) as unknown as Promise<SqlRows>,
    migrate: async () => {
      // Nothing to do at most starts, and no DDL then: the app's own role, when the schema has a separate
      // owner, may run none (decision 273).
      if (await isMigrated(pool)) return;
      // Several instances may start together: one migrates while the others wait on the lock.
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrate(drizzle({ client: conn, casing: 'snake_case' }), { migrationsFolder }).catch(
          (error: unknown) => {
            if (
              (error as { cause?: { code?: string } }).cause?.code === '42501' ||
              (error as { code?: string }).code === '42501'
            )
              throw new MigrationsDueError(
                'The database needs migrations that this role may not run: start once with DATABASE_OWNER_URL (the schema owner), or run `npm run migrate` with it',
                { cause: error },
              );
            throw error;
          },
        );
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        conn.release();
      }
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
}

/** How long a lost listening connection waits before it connects again. */
const RELISTEN_MS = 1000;

/**
 * A connection of its own that LISTENs on `channel`, outside the pool: a pooled connection would hear
 * nothing between queries. When it is lost it reports `onLive(false)` and connects again.
 */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    handlers.onLive(false);
    client.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_MS).unref();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, application_name: APPLICATION_NAME });
    current = client;
    client.on('notification', (message) => {
      if (current === client && message.channel === channel) handlers.onPayload(message.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      lost(client);
      return;
    }
    if (current === client && !stopped) handlers.onLive(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    if (client) lost(client);
  };
}
