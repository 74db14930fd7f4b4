import {
  checkPriceTiers,
  percentFreeTierIssue,
  type ResellerPriceBody,
  type ResellerPriceView,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, refuseOwnTarget, type StaffActor } from '../audit/audit.service.ts';
import { findUserById } from '../users/users.service.ts';
import {
  deleteResellerPrice,
  findLabelType,
  listLabelTypes,
  listResellerPrices,
  upsertResellerPrice,
  type LabelTypeWithPrices,
  type ResellerPriceRow,
} from './label-types.repository.ts';
import { tiersInDollars, withResellerPrices } from './label-type-prices.ts';
import { toLabelTypeView } from './label-type-view.ts';

const userNotFound = () => AppError.notFound('User not found');
const typeNotFound = () => AppError.notFound('Label type not found');

const toView = (type: LabelTypeWithPrices, own: ResellerPriceRow | undefined): ResellerPriceView => {
  const { _id, name, uid, weightUnit, maxWeight, status } = toLabelTypeView(type);
  return {
    labelType: { _id, name, uid, weightUnit, maxWeight, status },
    defaultPrices: tiersInDollars(type.prices),
    own: own ? { percent: own.percent, tiers: own.tiers } : null,
    prices: tiersInDollars(withResellerPrices(type, own).prices),
  };
};

async function requireReseller(ctx: AppContext, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw userNotFound();
  return user;
}

/** GET /admin/users/{id}/prices: per label type, the default tiers, the reseller's own, and what they pay. */
export async function readResellerPrices(ctx: AppContext, userId: string): Promise<ResellerPriceView[]> {
  await requireReseller(ctx, userId);
  const own = new Map((await listResellerPrices(ctx.db, userId)).map((r) => [r.labelTypeId, r]));
  return (await listLabelTypes(ctx.db)).map((t) => toView(t, own.get(t.id)));
}

/** PUT /admin/users/{id}/prices/{labelTypeId}: the reseller's own tiers or percentage (audited). */
export async function setResellerPrice(
  ctx: AppContext,
  options: { actor: StaffActor; userId: string; labelTypeId: string; body: ResellerPriceBody },
): Promise<ResellerPriceView> {
  refuseOwnTarget(options.actor, options.userId, 'You cannot set your own prices');
  await requireReseller(ctx, options.userId);
  const tiers = options.body.tiers ?? null;
  const percent = tiers ? null : (options.body.percent ?? null);
  return ctx.db.transaction(async (tx) => {
    const type = await findLabelType(tx, options.labelTypeId);
    if (!type) throw typeNotFound();
    if (tiers) {
      const issues = checkPriceTiers(tiers, type.maxWeight);
      if (issues.length > 0)
        throw new AppError('BAD_REQUEST', issues[0]!.message, {
          errors: issues.map((i) => ({ field: i.row ? `tiers.${i.row - 1}` : 'tiers', message: i.message })),
        });
    }
    const free = percent === null ? null : percentFreeTierIssue(tiersInDollars(type.prices), percent);
    if (free) throw AppError.fieldError('percent', free);
    const [before] = await listResellerPrices(tx, options.userId, type.id);
    await upsertResellerPrice(tx, { userId: options.userId, labelTypeId: type.id, percent, tiers });
    const [after] = await listResellerPrices(tx, options.userId, type.id);
    await recordAudit(tx, {
      actor: options.actor,
      action: 'user.set_prices',
      targetType: 'user',
      targetId: options.userId,
      before: { labelType: type.uid, percent: before?.percent ?? null, tiers: before?.tiers ?? null },
      after: { labelType: type.uid, percent, tiers },
    });
    return toView(type, after);
  });
}

/** DELETE /admin/users/{id}/prices/{labelTypeId}: back to the default prices (audited). */
export async function clearResellerPrice(
  ctx: AppContext,
  options: { actor: StaffActor; userId: string; labelTypeId: string },
): Promise<ResellerPriceView> {
  refuseOwnTarget(options.actor, options.userId, 'You cannot change your own prices');
  await requireReseller(ctx, options.userId);
  return ctx.db.transaction(async (tx) => {
    const type = await findLabelType(tx, options.labelTypeId);
    if (!type) throw typeNotFound();
    const [before] = await listResellerPrices(tx, options.userId, type.id);
    if (await deleteResellerPrice(tx, options.userId, type.id))
      await recordAudit(tx, {
        actor: options.actor,
        action: 'user.clear_prices',
        targetType: 'user',
        targetId: options.userId,
        before: { labelType: type.uid, percent: before?.percent ?? null, tiers: before?.tiers ?? null },
        after: { labelType: type.uid, percent: null, tiers: null },
      });
    return toView(type, undefined);
  });
}
