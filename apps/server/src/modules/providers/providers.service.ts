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
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { registerProviderWebhook } from '../tracking/tracking-registration.ts';
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
): Promise<ProviderView> {
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
  return viewOf(ctx, await registerProviderWebhook(ctx, row, actor));
}

/** PUT /admin/providers/{id}: name, status, concurrency, or new credentials (audited). */
export async function updateProviderById(
  ctx: AppContext,
  { actor, id, body }: { actor: StaffActor; id: string; body: UpdateProviderBody },
): Promise<ProviderView> {
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
    });
    await recordAudit(tx, {
      actor,
      action: 'provider.update',
      targetType: 'provider',
      targetId: id,
      before: snapshot(before),
      after: { ...snapshot(after), credentialsReplaced: Boolean(body.credentials) },
    });
    return after;
  });
  return viewOf(ctx, row);
}

/**
 * DELETE /admin/providers/{id}: only a provider no route uses and that bought nothing; one with history
 * is disabled instead, so the cost of its labels stays on record (audited).
 */
export async function removeProvider(
  ctx: AppContext,
  { actor, id }: { actor: StaffActor; id: string },
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const row = await findProvider(tx, id, true);
    if (!row) throw notFound();
    const routed = (await labelTypesRoutedTo(tx)).filter((r) => r.providerId === id);
    if (routed.length > 0)
      throw new AppError(
        'CONFLICT',
        `Remove ${row.name} from the routes of ${routed.map((r) => r.name).join(', ')} first`,
      );
    if ((await countPurchasesOf(tx, id)) + (await countOrdersOf(tx, id)) > 0)
      throw new AppError(
        'CONFLICT',
        `${row.name} has bought labels; disable it instead, so their costs stay on record`,
      );
    await deleteProvider(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'provider.delete',
      targetType: 'provider',
      targetId: id,
      before: snapshot(row),
    });
    return `${row.name} deleted`;
  });
}

/** POST /admin/providers/{id}/test: one cheap real call with the stored credentials. */
export async function testProvider(ctx: AppContext, id: string): Promise<{ ok: boolean; message: string }> {
  const row = await findProvider(ctx.db, id);
  if (!row) throw notFound();
  return ctx.providers.clientOf(row).testConnection();
}
