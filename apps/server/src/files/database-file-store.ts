import type { Db } from '../db/client.ts';
import type { FileStore } from './file-store.ts';
import { createFileStore } from './stored-files.ts';

/** Files as bytea rows in the `files` table (decision 041): the embedded default. */
export const createDatabaseFileStore = (db: Db): FileStore => createFileStore({ db, bucket: null });
