export type { FileHead, FileStore, NewFile, StagedFiles, StoredFile } from './file-store.ts';
export { createDatabaseFileStore } from './database-file-store.ts';
export { openConfiguredBucket, openFileStore } from './open-file-store.ts';
export { createFileStore, FileIntegrityError, ORPHAN_GRACE_MS, sha256Of } from './stored-files.ts';
export { objectKeyOf, type ObjectBucket } from './object-bucket.ts';
