export type { FileStore, NewFile, StoredFile } from './file-store.ts';
export { createDatabaseFileStore } from './database-file-store.ts';
