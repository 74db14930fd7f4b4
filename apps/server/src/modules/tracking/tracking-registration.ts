import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { providers } from '../../db/schema.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { openCredentials } from '../providers/provider-clients.ts';
import type { ProviderRow } from '../providers/providers.repository.ts';
import { inboundPath } from './tracking-inbound.ts';
import { registerTrackingWebhook } from './tracking-lookup.ts';

/**
 * Part of adding a provider (issue 36): when `PUBLIC_URL` says where we can be reached, its tracking
 * webhook is registered at the provider with a new secret, kept sealed like the credentials, in one
 * audited write. A registration that fails is logged and leaves the provider's orders to polling.
 */
export async function registerProviderWebhook(
  ctx: AppContext,
  row: ProviderRow,
  actor: StaffActor,
): Promise<ProviderRow> {
  const base = ctx.config.publicUrl;
  if (!base) return row;
  try {
    const hook = await registerTrackingWebhook(
      row.kind,
      openCredentials(ctx.sealer, row),
      {
        url: new URL(inboundPath(row.id), base).href,
        secret: `whsec_${randomBytes(24).toString('base64')}`,
        isTest: row.mode === 'test',
      },
      ctx.config.providers.adapter.timeoutMs,
    );
    return await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(providers)
        .set({ webhookSecretSealed: ctx.sealer.seal(hook.secret), webhookId: hook.id })
        .where(eq(providers.id, row.id))
        .returning();
      await recordAudit(tx, {
        actor,
        action: 'provider.webhook_registered',
        targetType: 'provider',
        targetId: row.id,
        after: { webhookId: hook.id },
      });
      return updated ?? row;
    });
  } catch (err) {
    ctx.log.warn({ err, providerId: row.id }, 'registering the tracking webhook failed; polling instead');
    return row;
  }
}
