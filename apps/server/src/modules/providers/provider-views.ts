import type { ProviderHealthView, ProviderView } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { callStatsSince, labelTypesRoutedTo, lastErrors, type ProviderRow } from './providers.repository.ts';

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

export async function toViews(ctx: AppContext, rows: ProviderRow[]): Promise<ProviderView[]> {
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

export async function viewOf(ctx: AppContext, row: ProviderRow): Promise<ProviderView> {
  return (await toViews(ctx, [row]))[0]!;
}
