import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { files, fileStoreChecks } from '../db/schema.ts';

export type FileRow = typeof files.$inferInsert;

export const insertFileRows = (db: DbOrTx, rows: FileRow[]) => db.insert(files).values(rows);

const headColumns = {
  id: files.id,
  name: files.name,
  contentType: files.contentType,
  byteSize: files.byteSize,
  sha256: files.sha256,
  storageKey: files.storageKey,
  removedAt: files.removedAt,
  createdAt: files.createdAt,
};

export async function selectFileHead(db: DbOrTx, id: string) {
  const [row] = await db.select(headColumns).from(files).where(eq(files.id, id));
  return row ?? null;
}

export async function selectRemovedIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, [...ids]), isNotNull(files.removedAt)));
  return new Set(rows.map((r) => r.id));
}

export const selectFilesWithBytes = (db: DbOrTx, ids: readonly string[]) =>
  db
    .select({ ...headColumns, content: files.content })
    .from(files)
    .where(inArray(files.id, [...ids]));

export async function selectContent(db: DbOrTx, id: string): Promise<Buffer | null> {
  const [row] = await db.select({ content: files.content }).from(files).where(eq(files.id, id));
  return row?.content ?? null;
}

/** Deletes the rows; the keys of those whose bytes were in object storage. */
export async function deleteFileRows(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  const rows = await db
    .delete(files)
    .where(inArray(files.id, [...ids]))
    .returning({ storageKey: files.storageKey });
  return rows.flatMap((r) => (r.storageKey ? [r.storageKey] : []));
}

/** Drops the bytes of the files (and their keys), marking them removed; the keys they had. */
export async function markFilesRemoved(db: DbOrTx, ids: readonly string[], at: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = (await db.execute(sql`
    WITH doomed AS (
      SELECT id, storage_key FROM ${files}
      WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND removed_at IS NULL
    )
    UPDATE ${files} f SET removed_at = ${at.toISOString()}::timestamptz, content = NULL, storage_key = NULL
    FROM doomed WHERE f.id = doomed.id
    RETURNING doomed.storage_key AS key
  `)) as unknown as { rows: { key: string | null }[] };
  return result.rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** Objects to look at once `sweepAfter` has passed (a repeated key keeps the later time). */
export async function insertChecks(db: DbOrTx, keys: readonly string[], sweepAfter: Date): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(fileStoreChecks)
    .values(keys.map((storageKey) => ({ storageKey, sweepAfter })))
    .onConflictDoUpdate({ target: fileStoreChecks.storageKey, set: { sweepAfter } });
}

export const selectDueChecks = (db: DbOrTx, now: Date, limit: number) =>
  db
    .select({ storageKey: fileStoreChecks.storageKey })
    .from(fileStoreChecks)
    .where(lte(fileStoreChecks.sweepAfter, now))
    .orderBy(fileStoreChecks.sweepAfter)
    .limit(limit);

/** Which of the keys a row still holds. */
export async function selectHeldKeys(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ storageKey: files.storageKey })
    .from(files)
    .where(and(isNotNull(files.storageKey), inArray(files.storageKey, [...keys])));
  return new Set(rows.map((r) => r.storageKey!));
}

/** Deletes the checks of keys, unless one was renewed after `now` (a new write under the same key). */
export const deleteChecks = (db: DbOrTx, keys: readonly string[], now: Date) =>
  db
    .delete(fileStoreChecks)
    .where(and(inArray(fileStoreChecks.storageKey, [...keys]), lte(fileStoreChecks.sweepAfter, now)));

export const countChecks = async (db: DbOrTx): Promise<number> => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(fileStoreChecks);
  return row?.n ?? 0;
};

/** The next files after `afterId` whose bytes are in the database (to s3) or in the bucket (to db). */
export function selectFilesToMove(db: DbOrTx, to: 'db' | 's3', afterId: string, limit: number) {
  return db
    .select({
      id: files.id,
      contentType: files.contentType,
      sha256: files.sha256,
      storageKey: files.storageKey,
      content: files.content,
    })
    .from(files)
    .where(
      and(
        gt(files.id, afterId),
        to === 's3' ? isNotNull(files.content) : and(isNotNull(files.storageKey), isNull(files.content)),
      ),
    )
    .orderBy(files.id)
    .limit(limit);
}

export async function countFilesToMove(db: DbOrTx, to: 'db' | 's3'): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(files)
    .where(to === 's3' ? isNotNull(files.content) : and(isNotNull(files.storageKey), isNull(files.content)));
  return row?.n ?? 0;
}

/** A file's bytes now in the bucket under `key`: the row drops them (unless it changed meanwhile). */
export const markMovedToBucket = (db: DbOrTx, id: string, key: string, sha256: string) =>
  db
    .update(files)
    .set({ storageKey: key, sha256, content: null })
    .where(and(eq(files.id, id), isNotNull(files.content)));

/** A file's bytes back in the row; its key let go (unless the row changed meanwhile). */
export const markMovedToDatabase = (db: DbOrTx, id: string, key: string, content: Buffer) =>
  db
    .update(files)
    .set({ content, storageKey: null })
    .where(and(eq(files.id, id), eq(files.storageKey, key)));
