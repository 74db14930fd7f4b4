import type { CreateProviderBody } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { registerProviderWebhook } from './tracking-webhook.ts';
import { checkOrigin, nameTaken, sealed, snapshot, type SavedProvider } from './provider-records.ts';
import { viewOf } from './provider-views.ts';
import { findProviderByName, insertProvider } from './providers.repository.ts';

/** POST /admin/providers: credentials sealed at once; the key is never shown again (audited). */
export async function createProvider(
  ctx: AppContext,
  { actor, body }: { actor: StaffActor; body: CreateProviderBody },
): Promise<SavedProvider> {
  checkOrigin(ctx, body.credentials);
  const row = await ctx.db.transaction(async (tx) => {
    if (await findProviderByName(tx, body.name)) throw nameTaken(body.name);
    const inserted = await insertProvider(tx, {
      kind: body.kind,
      name: body.name,
      isEnabled: body.enabled ?? true,
      ...(body.maxConcurrent ? { maxConcurrent: body.maxConcurrent } : {}),
      ...sealed(ctx, body.kind, body.credentials),
    });
    await recordAudit(tx, {
      actor,
      action: 'provider.create',
      targetType: 'provider',
      targetId: inserted.id,
      after: snapshot(inserted),
    });
    return inserted;
  });
  const registered = await registerProviderWebhook(ctx, row, actor);
  return { provider: await viewOf(ctx, registered.row), notice: registered.notice };
}
