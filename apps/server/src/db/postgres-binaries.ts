import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The path of a PostgreSQL program (`pg_dump`, `initdb`, ...). Debian keeps the server's programs out of
 * PATH, in one folder per major version; the newest is preferred, since pg_dump must be at least as new
 * as the server it reads. `PG_BIN_DIR` overrides the search.
 */
export function findPostgresBinary(name: string): string | undefined {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const versions = fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `/usr/lib/postgresql/${v}/bin`)
    : [];
  const dirs = [
    process.env.PG_BIN_DIR,
    ...versions,
    fromConfig.status === 0 ? fromConfig.stdout.trim() : undefined,
    ...(process.env.PATH ?? '').split(path.delimiter),
  ];
  for (const dir of dirs) {
    if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}
