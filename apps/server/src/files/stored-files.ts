import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db, DbOrTx } from '../db/client.ts';
import type { FileHead, FileStore, StoredFile } from './file-store.ts';
import {
  deleteChecks,
  deleteFileRows,
  insertChecks,
  insertFileRows,
  markFilesRemoved,
  selectContent,
  selectDueChecks,
  selectFileHead,
  selectFilesWithBytes,
  selectHeldKeys,
  selectRemovedIds,
  type FileRow,
} from './files.repository.ts';
import { objectKeyOf, type ObjectBucket } from './object-bucket.ts';

/** How long an object written before its transaction may wait for its row before the sweep deletes it. */
export const ORPHAN_GRACE_MS = 60 * 60_000;
/** How long a presigned download address is valid. */
export const PRESIGNED_SECONDS = 60;
/** Objects uploaded at once while staging a batch. */
const UPLOADS_AT_ONCE = 8;
/** Checks looked at per sweep round. */
const SWEEP_BATCH = 500;

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export class FileIntegrityError extends Error {
  override readonly name = 'FileIntegrityError';
}

const NEEDS_BUCKET =
  'This file is in object storage: start the server with FILE_STORE=s3 and the S3_ settings of its bucket';

export type FileStoreOptions = {
  db: Db;
  /** The bucket new files go to (FILE_STORE=s3); null keeps them in the database. */
  bucket: ObjectBucket | null;
  presignDownloads?: boolean;
  /** The clock of the sweep's grace period (tests move it). */
  now?: () => Date;
};

async function inGroups<T>(
  items: readonly T[],
  size: number,
  run: (item: T, index: number) => Promise<void>,
) {
  for (let i = 0; i < items.length; i += size)
    await Promise.all(items.slice(i, i + size).map((item, j) => run(item, i + j)));
}

/** The one file store; where new bytes go depends on `bucket` (decision 335). */
export function createFileStore({
  db,
  bucket,
  presignDownloads = false,
  now = () => new Date(),
}: FileStoreOptions): FileStore {
  const needBucket = (): ObjectBucket => {
    if (!bucket) throw new Error(NEEDS_BUCKET);
    return bucket;
  };

  /** The bytes of a row, from the row or the bucket, checked against the recorded sha-256. */
  async function bytesOf(row: FileHead & { content: Buffer | null }): Promise<Buffer | null> {
    if (row.removedAt) return null;
    if (row.content) return row.content;
    if (!row.storageKey) return null;
    const bytes = await needBucket().read(row.storageKey);
    if (!bytes) return null;
    if (row.sha256 && sha256Of(bytes) !== row.sha256)
      throw new FileIntegrityError(`The stored bytes of file ${row.id} do not match its checksum`);
    return bytes;
  }

  const store: FileStore = {
    kind: bucket ? 's3' : 'db',
    async stage(many) {
      const rows: FileRow[] = many.map((file) => {
        const content = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
        const id = randomUUID();
        return {
          id,
          userId: file.userId,
          name: file.name,
          contentType: file.contentType,
          byteSize: content.byteLength,
          sha256: sha256Of(content),
          ...(bucket ? { storageKey: objectKeyOf(id), content: null } : { content }),
        };
      });
      if (bucket && rows.length > 0) {
        // Recorded before the upload: should the transaction never commit, the sweep finds the objects.
        await insertChecks(
          db,
          rows.map((r) => r.storageKey!),
          new Date(now().getTime() + ORPHAN_GRACE_MS),
        );
        await inGroups(rows, UPLOADS_AT_ONCE, async (row, i) => {
          await bucket.put(row.storageKey!, {
            body: many[i]!.content,
            contentType: row.contentType,
            sha256: row.sha256!,
          });
        });
      }
      return { ids: rows.map((r) => r.id!), rows };
    },
    async record(staged, tx) {
      if (staged.rows.length > 0) await insertFileRows(tx, staged.rows as FileRow[]);
      return staged.ids;
    },
    async put(file) {
      const [id] = await store.putMany([file]);
      return id!;
    },
    async putMany(many) {
      return store.record(await store.stage(many), db);
    },
    async get(id) {
      return (await store.getMany([id])).get(id) ?? null;
    },
    async getMany(ids) {
      const found = new Map<string, StoredFile>();
      if (ids.length === 0) return found;
      const rows = await selectFilesWithBytes(db, ids);
      await inGroups(rows, UPLOADS_AT_ONCE, async (row) => {
        const content = await bytesOf(row);
        if (content) found.set(row.id, { id: row.id, name: row.name, contentType: row.contentType, content });
      });
      return found;
    },
    head: (id) => selectFileHead(db, id),
    removedOf: (ids) => selectRemovedIds(db, ids),
    async stream(head) {
      if (head.removedAt) return null;
      if (head.storageKey) return needBucket().stream(head.storageKey);
      const content = await selectContent(db, head.id);
      return content ? Readable.from([content]) : null;
    },
    async downloadUrl(head, as) {
      if (!presignDownloads || !bucket || !head.storageKey || head.removedAt) return null;
      return bucket.presign(head.storageKey, { ...as, seconds: PRESIGNED_SECONDS });
    },
    async remove(id, tx) {
      await store.removeMany([id], tx);
    },
    async removeMany(ids, tx: DbOrTx = db) {
      if (ids.length === 0) return;
      const keys = await deleteFileRows(tx, ids);
      // In the same transaction: the objects are swept only if the rows' deletion commits.
      await insertChecks(tx, keys, now());
    },
    async expire(ids, at, tx) {
      const keys = await markFilesRemoved(tx, ids, at);
      await insertChecks(tx, keys, at);
    },
    async sweep(at = now()) {
      if (!bucket) return 0;
      let deleted = 0;
      for (;;) {
        const due = (await selectDueChecks(db, at, SWEEP_BATCH)).map((c) => c.storageKey);
        if (due.length === 0) return deleted;
        const held = await selectHeldKeys(db, due);
        const orphans = due.filter((key) => !held.has(key));
        await bucket.remove(orphans);
        await deleteChecks(db, due, at);
        deleted += orphans.length;
        if (due.length < SWEEP_BATCH) return deleted;
      }
    },
    async close() {
      bucket?.close();
    },
  };
  return store;
}
