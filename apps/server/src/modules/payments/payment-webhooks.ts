import type { AppContext } from '../../context.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { paymentInboundPath } from './payment-paths.ts';
import { gatewayOrNull } from './payment-provider-records.ts';
import { updatePaymentProvider, type PaymentProviderRow } from './payments.repository.ts';

const failure = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Registers our inbound URL at the company when `PUBLIC_URL` is set, storing its id and sealed secret
 * (audited). A company that cannot be reached leaves deposits to the return check and the job.
 */
export async function registerWebhook(
  ctx: AppContext,
  row: PaymentProviderRow,
  actor: StaffActor,
): Promise<{ row: PaymentProviderRow; notice: string | null }> {
  const base = ctx.config.publicUrl;
  const gateway = gatewayOrNull(ctx, row);
  if (!base || !gateway) return { row, notice: null };
  try {
    const hook = await gateway.registerWebhook(new URL(paymentInboundPath(row.id), base).href);
    const saved = await ctx.db.transaction(async (tx) => {
      const updated = await updatePaymentProvider(tx, row.id, {
        webhookId: hook.webhookId,
        webhookSecretSealed: hook.secret ? ctx.sealer.seal(hook.secret) : null,
      });
      await recordAudit(tx, {
        actor,
        action: 'payment_provider.webhook_registered',
        targetType: 'payment_provider',
        targetId: row.id,
        after: { webhookId: hook.webhookId },
      });
      return updated!;
    });
    return { row: saved, notice: null };
  } catch (err) {
    ctx.log.warn({ err, providerId: row.id }, 'registering the payment webhook failed');
    return {
      row,
      notice: `its webhook could not be registered at ${row.name} (${failure(err)}); payments are checked on return and by the job meanwhile`,
    };
  }
}

/** Removes our webhook at the company; one that cannot be reached keeps it on record, and staff are told. */
export async function removeWebhook(ctx: AppContext, row: PaymentProviderRow): Promise<string | null> {
  const gateway = gatewayOrNull(ctx, row);
  if (!row.webhookId || !gateway) return null;
  try {
    await gateway.removeWebhook(row.webhookId);
    return null;
  } catch (err) {
    ctx.log.warn({ err, providerId: row.id }, 'removing the payment webhook failed');
    return `its webhook could not be removed at ${row.name} (${failure(err)}); remove it there`;
  }
}
