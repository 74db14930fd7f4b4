import type { Db } from '../db/client.ts';
import {
  countFilesToMove,
  insertChecks,
  markMovedToBucket,
  markMovedToDatabase,
  selectFilesToMove,
} from './files.repository.ts';
import { objectKeyOf, type ObjectBucket } from './object-bucket.ts';
import { createFileStore, FileIntegrityError, ORPHAN_GRACE_MS, sha256Of } from './stored-files.ts';

export type MoveProgress = { moved: number; total: number; missing: number };

const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * `npm run admin -- move-files --to s3|db` (decision 335): every file's bytes to the bucket or back into
 * the database, a batch at a time, each file's row changed only once its bytes are safe where they go.
 * A run stopped anywhere (a crash, Ctrl-C) loses nothing, and running it again finishes the job: rows
 * already moved are not picked again, and an object written for a row never changed is swept.
 */
export async function moveFiles(options: {
  db: Db;
  bucket: ObjectBucket;
  to: 'db' | 's3';
  batchSize?: number;
  onProgress?: (progress: MoveProgress) => void;
  now?: () => Date;
}): Promise<MoveProgress> {
  const { db, bucket, to, batchSize = 200, now = () => new Date() } = options;
  const progress: MoveProgress = { moved: 0, total: await countFilesToMove(db, to), missing: 0 };
  let afterId = NO_ID;
  for (;;) {
    const rows = await selectFilesToMove(db, to, afterId, batchSize);
    if (rows.length === 0) break;
    afterId = rows.at(-1)!.id;
    if (to === 's3') {
      const keys = rows.map((r) => objectKeyOf(r.id));
      // Should this run stop after an upload and before its row changes, the sweep deletes the object.
      await insertChecks(db, keys, new Date(now().getTime() + ORPHAN_GRACE_MS));
      await Promise.all(
        rows.map(async (row, i) => {
          const sha256 = row.sha256 ?? sha256Of(row.content!);
          await bucket.put(keys[i]!, { body: row.content!, contentType: row.contentType, sha256 });
          await markMovedToBucket(db, row.id, keys[i]!, sha256);
        }),
      );
      progress.moved += rows.length;
    } else {
      const read = await Promise.all(
        rows.map(async (row) => ({ row, bytes: await bucket.read(row.storageKey!) })),
      );
      await db.transaction(async (tx) => {
        for (const { row, bytes } of read) {
          if (!bytes) continue;
          if (row.sha256 && sha256Of(bytes) !== row.sha256)
            throw new FileIntegrityError(`The object of file ${row.id} does not match its checksum`);
          await markMovedToDatabase(tx, row.id, row.storageKey!, bytes);
        }
        // Committed with the rows: the objects they no longer point at are deleted by the sweep below.
        await insertChecks(
          tx,
          read.flatMap(({ row, bytes }) => (bytes ? [row.storageKey!] : [])),
          now(),
        );
      });
      progress.moved += read.filter((r) => r.bytes).length;
      progress.missing += read.filter((r) => !r.bytes).length;
    }
    options.onProgress?.({ ...progress });
  }
  if (to === 'db') await createFileStore({ db, bucket, now }).sweep();
  return progress;
}
