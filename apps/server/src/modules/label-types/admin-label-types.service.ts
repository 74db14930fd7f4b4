import {
  isBuiltInLabelType,
  percentFreeTierIssue,
  type AdminLabelTypeBody,
  type AdminLabelTypesResponse,
  type LabelTypeView,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { renderableServices } from '../../labels/index.ts';
import { recordAudit, type StaffActor } from '../audit/audit.service.ts';
import { ORDERED_ROUTING, readRoutes, readRoutings } from '../providers/label-type-routes.service.ts';
import {
  countOrdersByLabelType,
  findLabelType,
  findLabelTypeByUid,
  insertLabelType,
  listLabelTypes,
  lockLabelTypeWrites,
  listPercentOverrides,
  nextSortOrder,
  replaceTiers,
  updateLabelType,
  type LabelTypeFields,
  type LabelTypeWithPrices,
} from './label-types.repository.ts';
import { checkNameFree, fieldsOf } from './label-type-fields.ts';
import { tiersInCents } from './label-type-prices.ts';
import { toLabelTypeView } from './label-type-view.ts';

const notFound = () => AppError.notFound('Label type not found');
const uidTaken = (uid: string) =>
  AppError.fieldError('uid', `A label type for ${uid} already exists`, {
    code: 'CONFLICT',
    summary: `A label type for ${uid} already exists; edit that one`,
  });

/** GET /admin/label-types: every type with its default tiers and order count, and the services on offer. */
export async function readAdminLabelTypes(ctx: AppContext): Promise<AdminLabelTypesResponse> {
  const byType = await countOrdersByLabelType(ctx.db);
  const routes = await readRoutes(ctx.db);
  const routings = await readRoutings(ctx.db);
  return {
    labelTypes: (await listLabelTypes(ctx.db)).map((t) => ({
      ...toLabelTypeView(t),
      service: t.service,
      isStaffMade: !isBuiltInLabelType(t.uid),
      orderCount: byType.get(t.id) ?? 0,
      route: routes.get(t.id) ?? [],
      ...(routings.get(t.id) ?? ORDERED_ROUTING),
    })),
    services: renderableServices().map(({ uid, carrier, name, weightUnit }) => ({
      uid,
      carrier,
      name,
      weightUnit,
    })),
  };
}

/** The type staff chose for returns exists; the type itself means "the same" (stored as none). */
async function checkReturnType(tx: DbOrTx, fields: LabelTypeFields, id?: string): Promise<void> {
  if (fields.returnLabelTypeId === id) fields.returnLabelTypeId = null;
  if (fields.returnLabelTypeId && !(await findLabelType(tx, fields.returnLabelTypeId)))
    throw AppError.fieldError('returnLabelTypeId', 'Choose a label type for returns');
}

/** What the audit log keeps of a type: its fields, its service and its tiers in dollars. */
const snapshot = (labelType: LabelTypeWithPrices) => {
  const v = toLabelTypeView(labelType);
  return {
    name: v.name,
    uid: v.uid,
    carrier: v.carrier,
    service: labelType.service,
    weightUnit: v.weightUnit,
    maxWeight: v.maxWeight,
    status: v.status,
    prices: v.prices,
    voidWindowDays: v.voidWindowDays,
    insurance: v.insurance ?? null,
    returnLabelTypeId: v.returnLabelTypeId ?? null,
  };
};

/**
 * POST /admin/label-types: a new type, for a built-in service no type uses yet or one staff name
 * (decision 334), under a name no other type has (audited).
 */
export async function createLabelType(
  ctx: AppContext,
  { actor, body }: { actor: StaffActor; body: AdminLabelTypeBody },
): Promise<LabelTypeView> {
  return ctx.db.transaction(async (tx) => {
    await lockLabelTypeWrites(tx);
    const fields = await fieldsOf(tx, body);
    if (await findLabelTypeByUid(tx, fields.uid)) throw uidTaken(fields.uid);
    await checkNameFree(tx, fields.name);
    await checkReturnType(tx, fields);
    const id = await insertLabelType(tx, fields, await nextSortOrder(tx));
    await replaceTiers(tx, id, tiersInCents(body.prices));
    const created = (await findLabelType(tx, id))!;
    await recordAudit(tx, {
      actor,
      action: 'label_type.create',
      targetType: 'label_type',
      targetId: id,
      after: snapshot(created),
    });
    return toLabelTypeView(created);
  });
}

/**
 * PUT /admin/label-types/{id}: name, service, max weight, status and tiers (audited). Orders keep the
 * price they were charged; a disabled type is hidden from resellers and refuses new orders.
 */
export async function updateLabelTypeById(
  ctx: AppContext,
  { actor, id, body }: { actor: StaffActor; id: string; body: AdminLabelTypeBody },
): Promise<LabelTypeView> {
  return ctx.db.transaction(async (tx) => {
    await lockLabelTypeWrites(tx);
    const before = await findLabelType(tx, id, true);
    if (!before) throw notFound();
    const fields = await fieldsOf(tx, body, before);
    await checkReturnType(tx, fields, id);
    if (fields.uid !== before.uid && (await findLabelTypeByUid(tx, fields.uid))) throw uidTaken(fields.uid);
    await checkNameFree(tx, fields.name, id);
    // A reseller's percentage must not turn a new default price into a free label.
    for (const { percent } of await listPercentOverrides(tx, id)) {
      const free = percentFreeTierIssue(body.prices, percent);
      if (free) throw AppError.fieldError('prices', `A reseller's own prices: ${free}`);
    }
    await updateLabelType(tx, id, fields);
    await replaceTiers(tx, id, tiersInCents(body.prices));
    const after = (await findLabelType(tx, id))!;
    await recordAudit(tx, {
      actor,
      action: 'label_type.update',
      targetType: 'label_type',
      targetId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return toLabelTypeView(after);
  });
}
