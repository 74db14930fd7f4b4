import {
  paymentCredentialsOf,
  type PaymentCredentials,
  type UpdatePaymentProviderBody,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { defined, settingsOf, type SavedPaymentProvider } from './payment-provider-settings.ts';
import {
  checkOrigin,
  nameTaken,
  notFound,
  sealCredentials,
  snapshot,
  toPaymentProviderView,
} from './payment-provider-records.ts';
import { registerWebhook, removeWebhook } from './payment-webhooks.ts';
import {
  findPaymentProvider,
  findPaymentProviderByName,
  updatePaymentProvider,
} from './payments.repository.ts';

/** PUT /admin/payment-providers/{id}: new credentials replace the old whole, and move the webhook. */
export async function updatePaymentProviderById(
  ctx: AppContext,
  { actor, id, body }: { actor: StaffActor; id: string; body: UpdatePaymentProviderBody },
): Promise<SavedPaymentProvider> {
  const current = await findPaymentProvider(ctx.db, id);
  if (!current) throw notFound();
  let credentials: PaymentCredentials | undefined;
  if (body.credentials) {
    const parsed = paymentCredentialsOf[current.kind].safeParse(body.credentials);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw AppError.fieldError(['credentials', ...issue.path].join('.'), issue.message);
    }
    credentials = parsed.data as PaymentCredentials;
    checkOrigin(ctx, credentials);
  }
  // The old credentials' webhook goes before the new ones register theirs.
  const removedNotice = credentials ? await removeWebhook(ctx, current) : null;
  const row = await ctx.db.transaction(async (tx) => {
    if (body.name && body.name.toLowerCase() !== current.name.toLowerCase()) {
      if (await findPaymentProviderByName(tx, body.name)) throw nameTaken(body.name);
    }
    const updated = await updatePaymentProvider(tx, id, {
      ...defined({ name: body.name, ...settingsOf(body) }),
      ...(credentials
        ? {
            ...sealCredentials(ctx, current.kind, credentials),
            ...(removedNotice ? {} : { webhookId: null, webhookSecretSealed: null }),
          }
        : {}),
    });
    if (!updated) throw notFound();
    await recordAudit(tx, {
      actor,
      action: 'payment_provider.update',
      targetType: 'payment_provider',
      targetId: id,
      before: snapshot(current),
      after: { ...snapshot(updated), credentialsChanged: Boolean(credentials) },
    });
    return updated;
  });
  const registered = credentials ? await registerWebhook(ctx, row, actor) : { row, notice: null };
  return {
    provider: toPaymentProviderView(registered.row),
    notice: removedNotice ?? registered.notice,
  };
}
