import type {
  CreateProviderBody,
  ProviderCredentials,
  ProviderHealthView,
  ProviderMode,
  ProviderView,
  UpdateProviderBody,
  UpstreamKind,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { providerOriginRefusal } from '../../lib/provider-origin.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import {
  registerProviderWebhook,
  registerWebhookAt,
  removeWebhookAt,
  type WebhookChange,
} from '../tracking/tracking-registration.ts';
import { ordersWithUnfinishedPurchases } from './label-purchases.repository.ts';
import {
  callStatsSince,
  countOrdersOf,
  countPurchasesOf,
  deleteProvider,
  findProvider,
  findProviderByName,
  insertProvider,
  labelTypesRoutedTo,
  lastErrors,
  listProviders,
  updateProvider,
  type ProviderRow,
} from './providers.repository.ts';

const notFound = () => AppError.notFound('Provider not found');

/** A base URL that would turn the server on itself is refused on its field (decision 312). */
function checkOrigin(ctx: AppContext, credentials: ProviderCredentials | undefined): void {
  if (!credentials?.baseUrl) return;
  const refusal = providerOriginRefusal(credentials.baseUrl, {
    allowPrivate: ctx.config.providers.adapter.allowPrivateTargets,
  });
  if (refusal) throw AppError.fieldError('credentials.baseUrl', refusal);
}
const nameTaken = (name: string) =>
  AppError.fieldError('name', `A provider named ${name} already exists`, { code: 'CONFLICT' });

/** Test or live, from the key's own form where the provider has one; another portal's keys are live. */
export function modeOfKey(kind: UpstreamKind, apiKey: string): ProviderMode {
  if (kind === 'easypost') return apiKey.startsWith('EZTK') ? 'test' : 'live';
  if (kind === 'shippo') return apiKey.startsWith('shippo_test_') ? 'test' : 'live';
  return 'live';
}

const sealed = (ctx: AppContext, kind: UpstreamKind, credentials: ProviderCredentials) => ({
  credentialsSealed: ctx.sealer.seal(JSON.stringify(credentials)),
  credentialHint: credentials.apiKey.slice(-4),
  baseUrl: credentials.baseUrl ?? null,
  mode: modeOfKey(kind, credentials.apiKey),
});

/** What the audit log keeps of a provider: never its key. */
const snapshot = (row: ProviderRow) => ({
  kind: row.kind,
  name: row.name,
  mode: row.mode,
  enabled: row.isEnabled,
  baseUrl: row.baseUrl,
  maxConcurrent: row.maxConcurrent,
  credentialHint: row.credentialHint,
});

const HOUR_MS = 60 * 60 * 1000;

/** Every provider's health over the last hour, from the call records every instance writes. */
async function healthOf(ctx: AppContext): Promise<Map<string, ProviderHealthView>> {
  const [stats, errors] = await Promise.all([
    callStatsSince(ctx.db, new Date(Date.now() - HOUR_MS)),
    lastErrors(ctx.db),
  ]);
  const byId = new Map<string, ProviderHealthView>();
  const health = (id: string) =>
    byId.get(id) ??
    byId
      .set(id, {
        circuit: ctx.providers.circuitOf(id),
        calls: 0,
        successRate: null,
        p95Ms: null,
        lastError: null,
      })
      .get(id)!;
  for (const s of stats)
    Object.assign(health(s.providerId), {
      calls: s.calls,
      successRate: s.calls ? s.ok / s.calls : null,
      p95Ms: s.p95,
    });
  for (const e of errors)
    health(e.providerId).lastError = { message: e.error ?? '', at: e.createdAt.toISOString() };
  return byId;
}

const emptyHealth = (ctx: AppContext, id: string): ProviderHealthView => ({
  circuit: ctx.providers.circuitOf(id),
  calls: 0,
  successRate: null,
  p95Ms: null,
  lastError: null,
});

async function toViews(ctx: AppContext, rows: ProviderRow[]): Promise<ProviderView[]> {
  const [health, routed] = await Promise.all([healthOf(ctx), labelTypesRoutedTo(ctx.db)]);
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind,
    name: row.name,
    mode: row.mode,
    enabled: row.isEnabled,
    credentialHint: row.credentialHint,
    baseUrl: row.baseUrl,
    maxConcurrent: row.maxConcurrent,
    labelTypes: routed.filter((r) => r.providerId === row.id).map((r) => ({ _id: r.id, name: r.name })),
    health: health.get(row.id) ?? emptyHealth(ctx, row.id),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** GET /admin/providers */
export async function readProviders(ctx: AppContext): Promise<ProviderView[]> {
  return toViews(ctx, await listProviders(ctx.db));
}

async function viewOf(ctx: AppContext, row: ProviderRow): Promise<ProviderView> {
  return (await toViews(ctx, [row]))[0]!;
}

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

/** A saved provider, and what staff must know when its provider could not be reached. */
export type SavedProvider = { provider: ProviderView; notice: string | null };

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

/** POST /admin/providers/{id}/test: one cheap real call with the stored credentials. */
export async function testProvider(ctx: AppContext, id: string): Promise<{ ok: boolean; message: string }> {
  const row = await findProvider(ctx.db, id);
  if (!row) throw notFound();
  return ctx.providers.clientOf(row).testConnection();
}

/**
 * True while a label for the open order may be being bought (or was bought and not stored yet) at a
 * provider: a refund then waits for the purchase to finish (decision 315). In the caller's transaction,
 * after it locked the order's row.
 */
export async function isPurchaseInFlight(db: DbOrTx, orderId: string): Promise<boolean> {
  return (await ordersWithUnfinishedPurchases(db, [orderId])).size > 0;
}
