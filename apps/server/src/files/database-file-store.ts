import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { files } from '../db/schema.ts';
import type { FileStore } from './file-store.ts';

/** Files as bytea rows in the `files` table (decision 041). */
export function createDatabaseFileStore(db: Db): FileStore {
  const store: FileStore = {
    async put(file, tx: DbOrTx = db) {
      const [id] = await store.putMany([file], tx);
      return id!;
    },
    async putMany(many, tx: DbOrTx = db) {
      if (many.length === 0) return [];
      // Ids are chosen here, so each file's id is known without relying on the order of RETURNING.
      const rows = many.map((file) => {
        const content = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
        return {
          id: randomUUID(),
          userId: file.userId,
          name: file.name,
          contentType: file.contentType,
          byteSize: content.byteLength,
          content,
        };
      });
      await tx.insert(files).values(rows);
      return rows.map((r) => r.id);
    },
    async get(id) {
      const [row] = await db
        .select({ id: files.id, name: files.name, contentType: files.contentType, content: files.content })
        .from(files)
        .where(eq(files.id, id));
      return row ?? null;
    },
    async getMany(ids) {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: files.id, name: files.name, contentType: files.contentType, content: files.content })
        .from(files)
        .where(inArray(files.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row]));
    },
    async remove(id, tx: DbOrTx = db) {
      await tx.delete(files).where(eq(files.id, id));
    },
    async removeMany(ids, tx: DbOrTx = db) {
      if (ids.length > 0) await tx.delete(files).where(inArray(files.id, [...ids]));
    },
  };
  return store;
}
