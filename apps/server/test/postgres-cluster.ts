import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { promisify } from 'node:util';
import { findPostgresBinary } from '../src/db/postgres-binaries.ts';

/** The folder of the PostgreSQL server programs (initdb, pg_ctl). */
function findBinDir(): string {
  const initdb = findPostgresBinary('initdb');
  if (!initdb) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found; install postgresql');
  return path.dirname(initdb);
}

/** A TCP port nothing listens on right now. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export type PostgresCluster = {
  url: string;
  /** Shuts the database server down as an operator would (`pg_ctl stop -m fast`), keeping its data. */
  shutDown: () => Promise<void>;
  /** Starts it again after `shutDown`, on the same port; resolves once it accepts connections. */
  startUp: () => Promise<void>;
  /** Stops it for good and deletes its files. */
  stop: () => void;
};

/** Starts a throwaway PostgreSQL cluster on 127.0.0.1 (as the postgres user when running as root). */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-pg-'));
  const port = await freePort();
  const isRoot = process.getuid?.() === 0;
  // PostgreSQL runs with its own allocator settings, not the ones `npm start` gives the server's process
  // (decision 219): a bench that runs as the server does must not pass them on to the cluster.
  const { GLIBC_TUNABLES: _serverOnly, ...env } = process.env;
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(file as string, argv as string[], { stdio: 'pipe', env });
  };
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  run(path.join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  const pgCtl = path.join(bin, 'pg_ctl');
  const startArgs = ['-D', dir, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'start'];
  run(pgCtl, startArgs);
  // Without blocking the test's own event loop (its clients keep running while the server restarts).
  const runAside = async (cmd: string, args: string[]) => {
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    await promisify(execFile)(file as string, argv as string[], { env });
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    shutDown: () => runAside(pgCtl, ['-D', dir, '-m', 'fast', '-w', 'stop']),
    startUp: () => runAside(pgCtl, startArgs),
    stop: () => {
      try {
        // Already down when a test that shut it down failed before starting it again.
        if (fs.existsSync(path.join(dir, 'postmaster.pid')))
          run(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
