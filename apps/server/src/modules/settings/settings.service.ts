import { appSettingsSchema, type AppSettings } from '@portal/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { readSettingRows, upsertSettingRows } from './settings.repository.ts';

/** The current settings: saved values over the defaults (a value that no longer parses reads as default). */
export async function getSettings(db: DbOrTx): Promise<AppSettings> {
  const saved = new Map((await readSettingRows(db)).map((row) => [row.key, row.value]));
  const settings = appSettingsSchema.parse({});
  for (const key of Object.keys(settings) as (keyof AppSettings)[])
    Object.assign(settings, { [key]: settingOrDefault(key, saved.get(key)) });
  return settings;
}

/** A saved setting's value (undefined when never saved), or its default when missing or no longer valid. */
export function settingOrDefault<K extends keyof AppSettings>(key: K, saved: unknown): AppSettings[K] {
  const field = appSettingsSchema.shape[key];
  const parsed = field.safeParse(saved);
  return (parsed.success ? parsed.data : field.parse(undefined)) as AppSettings[K];
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
