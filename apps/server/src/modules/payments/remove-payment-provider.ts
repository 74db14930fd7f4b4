import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { notFound, snapshot } from './payment-provider-records.ts';
import { removeWebhook } from './payment-webhooks.ts';
import { countInvoicesOf, deletePaymentProvider, findPaymentProvider } from './payments.repository.ts';

/**
 * DELETE /admin/payment-providers/{id}: only one that took no payment (one with history is disabled
 * instead, so its deposits can still be refunded); its webhook at the company is removed first.
 */
export async function removePaymentProvider(
  ctx: AppContext,
  { actor, id }: { actor: StaffActor; id: string },
): Promise<string> {
  const current = await findPaymentProvider(ctx.db, id);
  if (!current) throw notFound();
  const inUse = () =>
    new AppError(
      'CONFLICT',
      `${current.name} has taken payments; disable it instead, so its deposits can still be refunded`,
    );
  if ((await countInvoicesOf(ctx.db, id)) > 0) throw inUse();
  const notice = await removeWebhook(ctx, current);
  return ctx.db.transaction(async (tx) => {
    const row = await findPaymentProvider(tx, id);
    if (!row) throw notFound();
    if ((await countInvoicesOf(tx, id)) > 0) throw inUse();
    await deletePaymentProvider(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'payment_provider.delete',
      targetType: 'payment_provider',
      targetId: id,
      before: snapshot(row),
      ...(notice ? { after: { webhookError: notice } } : { after: { webhookRemoved: row.webhookId } }),
    });
    return notice ? `${row.name} deleted, but ${notice}` : `${row.name} deleted`;
  });
}
