import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { upstreamLabelFiles } from '../../db/schema.ts';

type FileKey = { orderId: string; format: 'zpl' | 'png'; dpi: number };

export async function findUpstreamLabelFileId(db: DbOrTx, key: FileKey): Promise<string | null> {
  const [row] = await db
    .select({ fileId: upstreamLabelFiles.fileId })
    .from(upstreamLabelFiles)
    .where(
      and(
        eq(upstreamLabelFiles.orderId, key.orderId),
        eq(upstreamLabelFiles.format, key.format),
        eq(upstreamLabelFiles.dpi, key.dpi),
      ),
    );
  return row?.fileId ?? null;
}

/** Records the file; false when another download recorded one first (the caller drops its copy). */
export async function insertUpstreamLabelFile(
  db: DbOrTx,
  key: FileKey & { fileId: string },
): Promise<boolean> {
  const inserted = await db
    .insert(upstreamLabelFiles)
    .values(key)
    .onConflictDoNothing()
    .returning({ fileId: upstreamLabelFiles.fileId });
  return inserted.length > 0;
}
