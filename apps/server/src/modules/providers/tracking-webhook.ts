import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { updateProvider, type ProviderRow } from './providers.repository.ts';

/** What a webhook change did at the provider: the fields to store, what the audit keeps, what staff read. */
export type WebhookChange = {
  fields: { webhookId: string | null; webhookSecretSealed: string | null };
  audit: { webhookId: string | null; webhookRemoved?: string; webhookError?: string };
  /** Null when all went well; otherwise what staff are told (the rest of their change is saved). */
  notice: string | null;
};

/** Where a provider's tracking webhooks arrive (the tracking module's inbound route). */
export const inboundPath = (providerId: string): string => `/api/v1/tracking/inbound/${providerId}`;

const failure = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Registers our inbound URL at the provider (with `PUBLIC_URL` set) with a new secret, through the
 * provider's client (its semaphore, its call records). `row` may carry credentials not saved yet.
 */
export async function registerWebhookAt(ctx: AppContext, row: ProviderRow): Promise<WebhookChange | null> {
  const base = ctx.config.publicUrl;
  if (!base) return null;
  try {
    const hook = await ctx.providers.clientWith(row).registerWebhook({
      url: new URL(inboundPath(row.id), base).href,
      secret: `whsec_${randomBytes(24).toString('base64')}`,
      isTest: row.mode === 'test',
    });
    return {
      fields: { webhookId: hook.id, webhookSecretSealed: ctx.sealer.seal(hook.secret) },
      audit: { webhookId: hook.id },
      notice: null,
    };
  } catch (err) {
    ctx.log.warn({ err, providerId: row.id }, 'registering the tracking webhook failed');
    return keptWebhook(
      row,
      err,
      `its tracking webhook could not be registered at ${row.name} (${failure(err)}); its orders are polled meanwhile, and saving its credentials again retries`,
    );
  }
}

/** The provider could not be reached: the row keeps the webhook it has, and the audit and notice say why. */
const keptWebhook = (row: ProviderRow, err: unknown, notice: string): WebhookChange => ({
  fields: { webhookId: row.webhookId, webhookSecretSealed: row.webhookSecretSealed },
  audit: { webhookId: row.webhookId, webhookError: failure(err) },
  notice,
});

/**
 * Removes the webhook registered at the provider (with the credentials it was registered with). A
 * provider that cannot be reached keeps the webhook's id and secret, so its messages still verify and a
 * later save can remove it.
 */
export async function removeWebhookAt(
  ctx: AppContext,
  row: ProviderRow,
  what = 'its tracking webhook',
): Promise<WebhookChange | null> {
  if (!row.webhookId) return null;
  try {
    await ctx.providers.clientWith(row).removeWebhook(row.webhookId);
    return {
      fields: { webhookId: null, webhookSecretSealed: null },
      audit: { webhookId: null, webhookRemoved: row.webhookId },
      notice: null,
    };
  } catch (err) {
    ctx.log.warn({ err, providerId: row.id }, 'removing the tracking webhook failed');
    return keptWebhook(
      row,
      err,
      `${what} could not be removed at ${row.name} (${failure(err)}); remove it there, or save again to retry`,
    );
  }
}

/**
 * Part of adding a provider (issue 36): its webhook is registered once the row exists (our URL names
 * it), and stored with its own audit entry. A registration that fails leaves its orders to polling.
 */
export async function registerProviderWebhook(
  ctx: AppContext,
  row: ProviderRow,
  actor: StaffActor,
): Promise<{ row: ProviderRow; notice: string | null }> {
  const change = await registerWebhookAt(ctx, row);
  if (!change || change.notice) return { row, notice: change?.notice ?? null };
  const updated = await ctx.db.transaction(async (tx) => {
    const saved = await updateProvider(tx, row.id, change.fields);
    await recordAudit(tx, {
      actor,
      action: 'provider.webhook_registered',
      targetType: 'provider',
      targetId: row.id,
      after: change.audit,
    });
    return saved;
  });
  return { row: updated, notice: null };
}
