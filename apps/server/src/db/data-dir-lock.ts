import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another live process holds the embedded database (PGlite allows one process). */
export class DataDirInUseError extends Error {}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Claims the embedded database's directory for this process, or fails at once, saying who holds it.
 * A lock left by a process that died (a crash, SIGKILL) is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'labelport.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      // Our own pid in the file is a lock from an earlier life of this process id (a restarted container).
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `The embedded database in ${dir} is in use by another process (pid ${holder}), such as a running ` +
            'server. Stop it first, or set DATABASE_URL to use PostgreSQL.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dir}`);
}
