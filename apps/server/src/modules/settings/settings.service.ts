import { appSettingsSchema, type AppSettings } from '@portal/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { readSettingRows, upsertSettingRows } from './settings.repository.ts';

/** The current settings: saved values over the defaults (a value that no longer parses reads as default). */
export async function getSettings(db: DbOrTx): Promise<AppSettings> {
  const saved = Object.fromEntries((await readSettingRows(db)).map((row) => [row.key, row.value]));
  const defaults = appSettingsSchema.parse({});
  const merged = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof AppSettings)[]) {
    const field = appSettingsSchema.shape[key].safeParse(saved[key]);
    if (key in saved && field.success) Object.assign(merged, { [key]: field.data });
  }
  return merged;
}

/**
 * Saves the given settings in the caller's transaction and returns the settings before and after, for
 * the audit row the caller writes in the same transaction.
 */
export async function saveSettings(
  tx: Tx,
  patch: Partial<AppSettings>,
): Promise<{ before: AppSettings; after: AppSettings }> {
  const before = await getSettings(tx);
  const after = appSettingsSchema.parse({ ...before, ...patch });
  const keys = Object.keys(patch) as (keyof AppSettings)[];
  await upsertSettingRows(
    tx,
    keys.map((key) => ({ key, value: after[key] })),
  );
  return { before, after };
}
