import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { appSecrets } from './schema.ts';

/**
 * A secret from configuration, or one generated on first start and kept in the database so every
 * instance sharing it agrees (HMAC keys, encryption keys).
 */
export async function resolveSecret(db: Db, name: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const generated = crypto.randomBytes(32).toString('base64url');
  await db
    .insert(appSecrets)
    .values({ name, value: generated })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
