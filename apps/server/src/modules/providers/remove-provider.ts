import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { removeWebhookAt } from './tracking-webhook.ts';
import { notFound, snapshot } from './provider-records.ts';
import {
  countOrdersOf,
  countPurchasesOf,
  deleteProvider,
  findProvider,
  labelTypesRoutedTo,
  type ProviderRow,
} from './providers.repository.ts';

/** Why a provider cannot be deleted, if it cannot. */
async function deletionRefusal(tx: DbOrTx, row: ProviderRow): Promise<AppError | null> {
  const routed = (await labelTypesRoutedTo(tx)).filter((r) => r.providerId === row.id);
  if (routed.length > 0)
    return new AppError(
      'CONFLICT',
      `Remove ${row.name} from the routes of ${routed.map((r) => r.name).join(', ')} first`,
    );
  if ((await countPurchasesOf(tx, row.id)) + (await countOrdersOf(tx, row.id)) > 0)
    return new AppError(
      'CONFLICT',
      `${row.name} has bought labels; disable it instead, so their costs stay on record`,
    );
  return null;
}

/**
 * DELETE /admin/providers/{id}: only a provider no route uses and that bought nothing; one with history
 * is disabled instead, so the cost of its labels stays on record (audited). Its webhook is removed at
 * the provider first; one that cannot be reached does not stop the deletion, and staff are told.
 */
export async function removeProvider(
  ctx: AppContext,
  { actor, id }: { actor: StaffActor; id: string },
): Promise<string> {
  const current = await findProvider(ctx.db, id, true);
  if (!current) throw notFound();
  const refusal = await deletionRefusal(ctx.db, current);
  if (refusal) throw refusal;
  const webhook = await removeWebhookAt(ctx, current);
  return ctx.db.transaction(async (tx) => {
    const row = await findProvider(tx, id, true);
    if (!row) throw notFound();
    const refused = await deletionRefusal(tx, row);
    if (refused) throw refused;
    await deleteProvider(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'provider.delete',
      targetType: 'provider',
      targetId: id,
      before: { ...snapshot(row), webhookId: row.webhookId },
      ...(webhook ? { after: webhook.audit } : {}),
    });
    return webhook?.notice ? `${row.name} deleted, but ${webhook.notice}` : `${row.name} deleted`;
  });
}
