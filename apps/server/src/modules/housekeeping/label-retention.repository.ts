import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files, orders, upstreamLabelFiles } from '../../db/schema.ts';

/**
 * Label files (an order's PDF, or a copy in another format bought upstream) made before `cutoff` and
 * not yet removed, oldest first; locked, so two instances never take the same ones.
 */
export async function selectLabelFilesMadeBefore(db: DbOrTx, cutoff: Date, limit: number): Promise<string[]> {
  const result = (await db.execute(sql`
    SELECT f.id FROM ${files} f
    WHERE f.removed_at IS NULL AND f.created_at < ${cutoff.toISOString()}::timestamptz
      AND (EXISTS (SELECT 1 FROM ${orders} o WHERE o.label_file_id = f.id)
        OR EXISTS (SELECT 1 FROM ${upstreamLabelFiles} u WHERE u.file_id = f.id))
    ORDER BY f.created_at
    LIMIT ${limit}
    FOR UPDATE OF f SKIP LOCKED
  `)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}
