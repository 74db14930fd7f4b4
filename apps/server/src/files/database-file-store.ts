import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { files } from '../db/schema.ts';
import type { FileStore } from './file-store.ts';

/** Files as bytea rows in the `files` table (decision 041). */
export function createDatabaseFileStore(db: Db): FileStore {
  return {
    async put(file, tx: DbOrTx = db) {
      const content = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
      const [row] = await tx
        .insert(files)
        .values({
          userId: file.userId,
          name: file.name,
          contentType: file.contentType,
          byteSize: content.byteLength,
          content,
        })
        .returning({ id: files.id });
      return row!.id;
    },
    async get(id) {
      const [row] = await db
        .select({ id: files.id, name: files.name, contentType: files.contentType, content: files.content })
        .from(files)
        .where(eq(files.id, id));
      return row ?? null;
    },
    async remove(id, tx: DbOrTx = db) {
      await tx.delete(files).where(eq(files.id, id));
    },
  };
}
