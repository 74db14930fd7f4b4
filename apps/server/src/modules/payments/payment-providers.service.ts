import {
  dollarsToCents,
  paymentCredentialsOf,
  type CreatePaymentProviderBody,
  type PaymentCredentials,
  type PaymentProviderView,
  type UpdatePaymentProviderBody,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { gatewayOf } from './gateways/index.ts';
import { paymentInboundPath } from './payment-paths.ts';
import {
  checkOrigin,
  credentialsOf,
  gatewayFor,
  nameTaken,
  notFound,
  sealCredentials,
  snapshot,
  toPaymentProviderView,
} from './payment-provider-records.ts';
import {
  countInvoicesOf,
  deletePaymentProvider,
  findPaymentProvider,
  findPaymentProviderByName,
  insertPaymentProvider,
  listPaymentProviders,
  updatePaymentProvider,
  type PaymentProviderRow,
} from './payments.repository.ts';

const failure = (err: unknown) => (err instanceof Error ? err.message : String(err));
const centsOrNull = (dollars: number | null | undefined) =>
  dollars === undefined ? undefined : dollars === null ? null : dollarsToCents(dollars);

/** The settings fields of a create or update body, as columns (undefined: unchanged). */
const settingsOf = (body: UpdatePaymentProviderBody) => ({
  isEnabled: body.enabled,
  feeMode: body.feeMode,
  surchargePercent: body.surchargePercent,
  surchargeFixedCents: body.surchargeFixed === undefined ? undefined : dollarsToCents(body.surchargeFixed),
  dailyLimitCents: centsOrNull(body.dailyLimit),
  firstWeekLimitCents: centsOrNull(body.firstWeekLimit),
});
const defined = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Registers our inbound URL at the company when `PUBLIC_URL` is set, storing its id and sealed secret
 * (audited). A company that cannot be reached leaves deposits to the return check and the job.
 */
async function registerWebhook(
  ctx: AppContext,
  row: PaymentProviderRow,
  actor: StaffActor,
): Promise<{ row: PaymentProviderRow; notice: string | null }> {
  const base = ctx.config.publicUrl;
  const gateway = gatewayOf(row.kind, credentialsOf(ctx, row));
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
async function removeWebhook(ctx: AppContext, row: PaymentProviderRow): Promise<string | null> {
  const gateway = gatewayOf(row.kind, credentialsOf(ctx, row));
  if (!row.webhookId || !gateway) return null;
  try {
    await gateway.removeWebhook(row.webhookId);
    return null;
  } catch (err) {
    ctx.log.warn({ err, providerId: row.id }, 'removing the payment webhook failed');
    return `its webhook could not be removed at ${row.name} (${failure(err)}); remove it there`;
  }
}

export type SavedPaymentProvider = { provider: PaymentProviderView; notice: string | null };

/** GET /admin/payment-providers */
export async function readPaymentProviders(ctx: AppContext): Promise<PaymentProviderView[]> {
  return (await listPaymentProviders(ctx.db)).map(toPaymentProviderView);
}

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

/** POST /admin/payment-providers/{id}/test: one cheap authenticated read with the stored credentials. */
export async function testPaymentProvider(ctx: AppContext, id: string) {
  const row = await findPaymentProvider(ctx.db, id);
  if (!row) throw notFound();
  return gatewayFor(ctx, row).testConnection();
}
