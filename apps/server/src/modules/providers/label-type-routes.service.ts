import { isUuid } from '@portal/shared';
import type { LabelTypeRouteBody, RouteStepView, RoutingView } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import {
  findProvidersByIds,
  findRoutesOf,
  listRoutes,
  replaceRoute,
  type RouteStepRow,
} from './providers.repository.ts';
import {
  findRoutingsOf,
  listRoutings,
  ORDERED_ROUTING,
  saveRouting,
  type RoutingSettings,
} from './routings.repository.ts';

export { ORDERED_ROUTING };

const toStepView = (step: RouteStepRow): RouteStepView => ({
  providerId: step.providerId,
  providerName: step.providerName,
  kind: step.kind,
  enabled: step.enabled,
  service: step.service,
});

/** The routes of a label job batch's label types, by label type id (empty: test mode). */
export async function routesOf(
  ctx: AppContext,
  orders: readonly { labelTypeId: string }[],
): Promise<Map<string, RouteStepRow[]>> {
  const byType = new Map<string, RouteStepRow[]>();
  for (const step of await findRoutesOf(ctx.db, [...new Set(orders.map((o) => o.labelTypeId))]))
    byType.set(step.labelTypeId, [...(byType.get(step.labelTypeId) ?? []), step]);
  return byType;
}

/** How the routes of a label job batch's label types are used, by label type id (decision 332). */
export async function routingsOf(
  ctx: AppContext,
  orders: readonly { labelTypeId: string }[],
): Promise<Map<string, RoutingSettings>> {
  const rows = await findRoutingsOf(ctx.db, [...new Set(orders.map((o) => o.labelTypeId))]);
  return new Map(rows.map((row) => [row.labelTypeId, toSettings(row)]));
}

const toSettings = (row: RoutingSettings): RoutingSettings => ({
  mode: row.mode,
  withinCents: row.withinCents,
  minMarginCents: row.minMarginCents,
  minMarginPercent: row.minMarginPercent,
});

/** Every label type's route mode and margin floor, by label type id (the console's label type list). */
export async function readRoutings(db: DbOrTx): Promise<Map<string, RoutingView>> {
  return new Map((await listRoutings(db)).map((row) => [row.labelTypeId, toSettings(row)]));
}

/** Every label type's route, by label type id (the console's label type list). */
export async function readRoutes(db: DbOrTx): Promise<Map<string, RouteStepView[]>> {
  const byType = new Map<string, RouteStepView[]>();
  for (const step of await listRoutes(db)) {
    const steps = byType.get(step.labelTypeId) ?? [];
    steps.push(toStepView(step));
    byType.set(step.labelTypeId, steps);
  }
  return byType;
}

/**
 * Where a label type's labels are bought, in order; `[]` is test mode (audited): the providers' half of
 * PUT /admin/label-types/{id}/route, in the transaction that locked the label type. Every step must name
 * a configured provider.
 */
export async function replaceLabelTypeRoute(
  tx: Tx,
  { actor, id, body }: { actor: StaffActor; id: string; body: LabelTypeRouteBody },
): Promise<{ route: RouteStepView[] } & RoutingView> {
  const settings: RoutingSettings = {
    mode: body.mode,
    withinCents: body.mode === 'cheapest-within' ? (body.withinCents ?? null) : null,
    minMarginCents: body.minMarginCents ?? null,
    minMarginPercent: body.minMarginPercent ?? null,
  };
  const unknown = body.route.map((step, i) => ({ step, i })).filter(({ step }) => !isUuid(step.providerId));
  const known = new Set(
    (
      await findProvidersByIds(
        tx,
        body.route.filter((s) => isUuid(s.providerId)).map((s) => s.providerId),
      )
    ).map((p) => p.id),
  );
  const missing = [
    ...unknown,
    ...body.route
      .map((step, i) => ({ step, i }))
      .filter(({ step }) => isUuid(step.providerId) && !known.has(step.providerId)),
  ];
  if (missing.length > 0)
    throw new AppError('BAD_REQUEST', 'Choose providers from the Providers page', {
      errors: missing.map(({ i }) => ({ field: `route.${i}.providerId`, message: 'Unknown provider' })),
    });
  const before = (await findRoutesOf(tx, [id])).map(toStepView);
  const [beforeRow] = await findRoutingsOf(tx, [id]);
  const beforeSettings = beforeRow ? toSettings(beforeRow) : ORDERED_ROUTING;
  await replaceRoute(tx, id, body.route);
  await saveRouting(tx, id, settings);
  const after = (await findRoutesOf(tx, [id])).map(toStepView);
  await recordAudit(tx, {
    actor,
    action: 'label_type.route',
    targetType: 'label_type',
    targetId: id,
    before: {
      route: before.map(({ providerName, service }) => ({ providerName, service })),
      ...beforeSettings,
    },
    after: { route: after.map(({ providerName, service }) => ({ providerName, service })), ...settings },
  });
  return { route: after, ...settings };
}
