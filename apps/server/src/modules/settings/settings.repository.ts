import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';

export async function readSettingRows(db: DbOrTx): Promise<{ key: string; value: unknown }[]> {
  return db.select({ key: appSettings.key, value: appSettings.value }).from(appSettings);
}

export async function upsertSettingRows(db: DbOrTx, rows: { key: string; value: unknown }[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(appSettings)
    // As JSON text: a null setting (a feature turned off) is the JSON value null, not a missing value,
    // which the embedded driver would otherwise send as SQL NULL.
    .values(rows.map(({ key, value }) => ({ key, value: sql`${JSON.stringify(value)}::jsonb` })))
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}
