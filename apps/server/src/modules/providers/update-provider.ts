import type { UpdateProviderBody } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { registerWebhookAt, removeWebhookAt, type WebhookChange } from './tracking-webhook.ts';
import {
  checkOrigin,
  nameTaken,
  notFound,
  sealed,
  snapshot,
  type SavedProvider,
} from './provider-records.ts';
import { viewOf } from './provider-views.ts';
import {
  findProvider,
  findProviderByName,
  updateProvider,
  type ProviderRow,
} from './providers.repository.ts';

/**
 * What a provider's webhook needs after staff's change: new credentials re-register it (and remove the
 * old one, with the old credentials), disabling removes it, enabling registers it again (decision 304).
 */
async function webhookChangeFor(
  ctx: AppContext,
  before: ProviderRow,
  body: UpdateProviderBody,
): Promise<WebhookChange | null> {
  const isEnabled = body.enabled ?? before.isEnabled;
  if (!isEnabled) return before.isEnabled ? removeWebhookAt(ctx, before) : null;
  if (!body.credentials && before.isEnabled) return null;
  const next = { ...before, ...(body.credentials ? sealed(ctx, before.kind, body.credentials) : {}) };
  const registered = await registerWebhookAt(ctx, next);
  if (!registered || registered.notice || !before.webhookId) return registered;
  // The old webhook is removed with the credentials it was made with, or else the new ones (a key
  // rotated on the same account, or credentials saved while the provider could not be reached).
  const old = 'its old tracking webhook';
  let removed = await removeWebhookAt(ctx, before, old);
  if (removed?.notice && body.credentials) removed = (await removeWebhookAt(ctx, next, old)) ?? removed;
  return {
    ...registered,
    audit: {
      ...registered.audit,
      ...(removed?.notice
        ? { webhookError: removed.audit.webhookError }
        : { webhookRemoved: before.webhookId }),
    },
    notice: removed?.notice ?? null,
  };
}

/**
 * PUT /admin/providers/{id}: name, status, concurrency, or new credentials (audited). The provider is
 * asked first about its webhook; whatever it answers, staff's change is saved with the outcome in the
 * same audited write, and a failure comes back as a notice.
 */
export async function updateProviderById(
  ctx: AppContext,
  { actor, id, body }: { actor: StaffActor; id: string; body: UpdateProviderBody },
): Promise<SavedProvider> {
  checkOrigin(ctx, body.credentials);
  const current = await findProvider(ctx.db, id, true);
  if (!current) throw notFound();
  if (body.name && body.name.toLowerCase() !== current.name.toLowerCase()) {
    if (await findProviderByName(ctx.db, body.name)) throw nameTaken(body.name);
  }
  const webhook = await webhookChangeFor(ctx, current, body);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findProvider(tx, id, true);
    if (!before) throw notFound();
    if (body.name && body.name.toLowerCase() !== before.name.toLowerCase()) {
      if (await findProviderByName(tx, body.name)) throw nameTaken(body.name);
    }
    const after = await updateProvider(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.enabled !== undefined ? { isEnabled: body.enabled } : {}),
      ...(body.maxConcurrent !== undefined ? { maxConcurrent: body.maxConcurrent } : {}),
      ...(body.credentials ? sealed(ctx, before.kind, body.credentials) : {}),
      ...(webhook ? webhook.fields : {}),
    });
    await recordAudit(tx, {
      actor,
      action: 'provider.update',
      targetType: 'provider',
      targetId: id,
      before: { ...snapshot(before), webhookId: before.webhookId },
      after: {
        ...snapshot(after),
        credentialsReplaced: Boolean(body.credentials),
        ...(webhook ? webhook.audit : { webhookId: after.webhookId }),
      },
    });
    return after;
  });
  return { provider: await viewOf(ctx, row), notice: webhook?.notice ?? null };
}
