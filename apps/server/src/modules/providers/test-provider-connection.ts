import type { AppContext } from '../../context.ts';
import { notFound } from './provider-records.ts';
import { findProvider } from './providers.repository.ts';

/** POST /admin/providers/{id}/test: one cheap real call with the stored credentials. */
export async function testProvider(ctx: AppContext, id: string): Promise<{ ok: boolean; message: string }> {
  const row = await findProvider(ctx.db, id);
  if (!row) throw notFound();
  return ctx.providers.clientOf(row).testConnection();
}
