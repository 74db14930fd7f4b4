import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { BackupError, backupDatabase, restoreDatabase } from '../backup.ts';
import { DataDirInUseError } from '../data-dir-lock.ts';

const USAGE = `Backups of LabelPort's database

  npm run backup -- FILE     copy the database to FILE (a new file)
  npm run restore -- FILE    replace the database with the copy in FILE

With DATABASE_URL: pg_dump and pg_restore (custom format); a backup may run beside the app, a restore
needs every instance stopped. Without it, the embedded database in DATA_DIR: stop the server for both.`;

async function main([command, fileArg, ...extra]: string[]): Promise<number> {
  if ((command !== 'backup' && command !== 'restore') || !fileArg || extra.length > 0) {
    console.log(USAGE);
    return command ? 2 : 0;
  }
  // npm runs this inside apps/server; a relative FILE means where the operator typed the command.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const where = config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`;
  try {
    if (command === 'backup') {
      await backupDatabase(target, file);
      console.log(`Backed up ${where} to ${file}`);
    } else {
      const { previousDataDir } = await restoreDatabase(target, file);
      console.log(`Restored ${where} from ${file}`);
      if (previousDataDir) console.log(`The database it replaced is kept in ${previousDataDir}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof DataDirInUseError) {
      console.error(error.message);
      return 3;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
