import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { JOB_SCHEMA } from '../jobs/pg-boss-queue.ts';
import { APPLICATION_NAME, PGLITE_EXTENSIONS } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { findPostgresBinary } from './postgres-binaries.ts';

/** A backup or restore that cannot go ahead; its message says why and what to do. */
export class BackupError extends Error {}

export type BackupTarget = { databaseUrl: string | undefined; dataDir: string };

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const PG_DUMP_MAGIC = Buffer.from('PGDMP');

const startsWith = (file: string, magic: Buffer): boolean => {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    return fs.readSync(fd, head, 0, magic.length, 0) === magic.length && head.equals(magic);
  } finally {
    fs.closeSync(fd);
  }
};

const postgresProgram = (name: string): string => {
  const program = findPostgresBinary(name);
  if (!program) throw new BackupError(`${name} was not found; install the PostgreSQL client programs`);
  return program;
};

/** Runs a PostgreSQL program; its own error text is the clearest explanation when it fails. */
const run = (program: string, args: string[]): void => {
  const result = spawnSync(program, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new BackupError(`${path.basename(program)} failed: ${(result.stderr || result.stdout).trim()}`);
  }
};

/** Writes through a temporary name, so a failed backup never leaves a file that looks complete. */
async function writeAtomically(file: string, write: (partial: string) => Promise<void> | void) {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/**
 * Copies the database to `file`. PostgreSQL: `pg_dump` in custom format, a consistent snapshot while the
 * app runs. Embedded: the data directory as a gzipped tar; the server must be stopped (one process owns
 * the directory), otherwise this refuses, naming the process.
 */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists; choose a new file name`);
  if (target.databaseUrl) {
    const pgDump = postgresProgram('pg_dump');
    await writeAtomically(file, (partial) =>
      run(pgDump, ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${target.databaseUrl}`]),
    );
    return;
  }
  const location = path.join(target.dataDir, 'pglite');
  if (!fs.existsSync(location)) throw new BackupError(`There is no embedded database in ${target.dataDir}`);
  const unlock = lockDataDir(target.dataDir);
  try {
    const client = await PGlite.create(location, { extensions: PGLITE_EXTENSIONS });
    try {
      const dump = await client.dumpDataDir('gzip');
      const bytes = new Uint8Array(await dump.arrayBuffer());
      await writeAtomically(file, (partial) => fs.writeFileSync(partial, bytes));
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

/** Refuses while app instances are connected: dropping their tables under them would fail halfway. */
async function expectNoAppConnections(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'labelport-restore' });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
      [APPLICATION_NAME],
    );
    const count = rows[0]?.count ?? 0;
    if (count > 0) {
      throw new BackupError(
        `${count} connection(s) of running LabelPort instances are open on this database; stop every instance, then restore`,
      );
    }
  } finally {
    await client.end();
  }
}

/** Waits for a child process; a non-zero exit becomes a BackupError with what it printed. */
const exited = (child: ChildProcess, name: string): Promise<void> => {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${name} failed: ${stderr.trim() || `exit ${code}`}`)),
    );
  });
};

/**
 * pg_restore's own --clean cannot drop pg-boss's partitioned job table ("cannot drop inherited
 * constraint"), so the app's schemas are dropped by psql in the same transaction as the restore script
 * that pg_restore streams to it: a failure anywhere leaves the database as it was.
 */
async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const pgRestore = spawn(postgresProgram('pg_restore'), ['--no-owner', '--file=-', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const psql = spawn(
    postgresProgram('psql'),
    ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${databaseUrl}`],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const drops = [JOB_SCHEMA, 'drizzle', 'public'].map((schema) => `DROP SCHEMA IF EXISTS ${schema} CASCADE;`);
  const script = async function* () {
    yield `${drops.join('\n')}\nCREATE SCHEMA public;\n`;
    yield* pgRestore.stdout;
  };
  await Promise.all([
    pipeline(script, psql.stdin).catch(() => undefined),
    exited(pgRestore, 'pg_restore'),
    exited(psql, 'psql'),
  ]);
}

/**
 * Replaces the database with the backup in `file`; the app must be stopped. PostgreSQL: one
 * transaction, so a failed restore changes nothing. Embedded: the current data directory is moved aside beside
 * the restored one (its name is returned) rather than deleted.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
): Promise<{ previousDataDir?: string }> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  if (target.databaseUrl) {
    if (!startsWith(file, PG_DUMP_MAGIC)) {
      throw new BackupError(
        `${file} is not a PostgreSQL backup (made by npm run backup with DATABASE_URL set)`,
      );
    }
    await expectNoAppConnections(target.databaseUrl);
    await restorePostgres(target.databaseUrl, file);
    return {};
  }
  if (!startsWith(file, GZIP_MAGIC)) {
    throw new BackupError(
      `${file} is not a backup of the embedded database (made by npm run backup without DATABASE_URL)`,
    );
  }
  fs.mkdirSync(target.dataDir, { recursive: true });
  const unlock = lockDataDir(target.dataDir);
  const location = path.join(target.dataDir, 'pglite');
  const previousDataDir = fs.existsSync(location)
    ? `${location}-before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    : undefined;
  try {
    if (previousDataDir) fs.renameSync(location, previousDataDir);
    try {
      const client = await PGlite.create(location, {
        extensions: PGLITE_EXTENSIONS,
        loadDataDir: new Blob([fs.readFileSync(file)]),
      });
      try {
        await client.query('SELECT count(*) FROM users');
      } finally {
        await client.close();
      }
    } catch (error) {
      // Put the previous database back: a bad file must not leave the server without one.
      fs.rmSync(location, { recursive: true, force: true });
      if (previousDataDir) fs.renameSync(previousDataDir, location);
      throw new BackupError(`${file} could not be restored: ${(error as Error).message}`);
    }
  } finally {
    unlock();
  }
  return previousDataDir ? { previousDataDir } : {};
}
