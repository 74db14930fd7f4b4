import type { LabelTypeRouteBody, RouteStepView, RoutingView } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { StaffActor } from '../audit/audit.service.ts';
import { replaceLabelTypeRoute } from '../providers/label-type-routes.service.ts';
import { lockLabelType } from './find-label-type.ts';

/**
 * PUT /admin/label-types/{id}/route: where the type's labels are bought, in order; `[]` is test mode
 * (audited). The label type is locked until the providers module has checked and saved the route.
 */
export async function setLabelTypeRoute(
  ctx: AppContext,
  change: { actor: StaffActor; id: string; body: LabelTypeRouteBody },
): Promise<{ route: RouteStepView[] } & RoutingView> {
  return ctx.db.transaction(async (tx) => {
    const labelType = await lockLabelType(tx, change.id);
    if (!labelType) throw AppError.notFound('Label type not found');
    return replaceLabelTypeRoute(tx, change);
  });
}
