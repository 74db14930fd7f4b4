import {
  paymentCredentialsOf,
  type CreatePaymentProviderBody,
  type PaymentCredentials,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { defined, settingsOf, type SavedPaymentProvider } from './payment-provider-settings.ts';
import {
  checkOrigin,
  nameTaken,
  sealCredentials,
  snapshot,
  toPaymentProviderView,
} from './payment-provider-records.ts';
import { registerWebhook } from './payment-webhooks.ts';
import { findPaymentProviderByName, insertPaymentProvider } from './payments.repository.ts';

/** POST /admin/payment-providers: credentials sealed at once and never shown again (audited). */
export async function createPaymentProvider(
  ctx: AppContext,
  { actor, body }: { actor: StaffActor; body: CreatePaymentProviderBody },
): Promise<SavedPaymentProvider> {
  const credentials = paymentCredentialsOf[body.kind].parse(body.credentials) as PaymentCredentials;
  checkOrigin(ctx, credentials);
  const row = await ctx.db.transaction(async (tx) => {
    if (await findPaymentProviderByName(tx, body.name)) throw nameTaken(body.name);
    const inserted = await insertPaymentProvider(tx, {
      kind: body.kind,
      name: body.name,
      ...defined(settingsOf(body)),
      ...sealCredentials(ctx, body.kind, credentials),
    });
    await recordAudit(tx, {
      actor,
      action: 'payment_provider.create',
      targetType: 'payment_provider',
      targetId: inserted.id,
      after: snapshot(inserted),
    });
    return inserted;
  });
  const registered = await registerWebhook(ctx, row, actor);
  return { provider: toPaymentProviderView(registered.row), notice: registered.notice };
}
