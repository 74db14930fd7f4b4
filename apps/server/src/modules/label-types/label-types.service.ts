import {
  applyPriceOverride,
  centsToDollars,
  dollarsToCents,
  isUuid,
  priceForWeight,
  type LabelTypeRuleInfo,
  type LabelTypeView,
  type PriceTier,
} from '@portal/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  findLabelType,
  listLabelTypes,
  listResellerPrices,
  type LabelTypeWithPrices,
  type ResellerPriceRow,
  type TierCents,
} from './label-types.repository.ts';

export const tiersInDollars = (tiers: readonly TierCents[]): PriceTier[] =>
  tiers.map((p) => ({ fromWeight: p.fromWeight, toWeight: p.toWeight, price: centsToDollars(p.priceCents) }));

export const tiersInCents = (tiers: readonly PriceTier[]): TierCents[] =>
  tiers.map((p) => ({ fromWeight: p.fromWeight, toWeight: p.toWeight, priceCents: dollarsToCents(p.price) }));

export const toLabelTypeView = (labelType: LabelTypeWithPrices): LabelTypeView => ({
  _id: labelType.id,
  name: labelType.name,
  uid: labelType.uid,
  carrier: labelType.carrier,
  weightUnit: labelType.weightUnit,
  maxWeight: labelType.maxWeight,
  status: labelType.isEnabled,
  prices: tiersInDollars(labelType.prices),
  voidWindowDays: labelType.voidWindowDays,
});

export const ruleInfoOf = (labelType: LabelTypeWithPrices): LabelTypeRuleInfo => ({
  uid: labelType.uid,
  name: labelType.name,
  maxWeight: labelType.maxWeight,
  status: labelType.isEnabled,
  weightUnit: labelType.weightUnit,
});

/** The type with the prices this reseller pays: their own tiers or percentage when staff set one. */
export const withResellerPrices = (
  type: LabelTypeWithPrices,
  own: ResellerPriceRow | undefined,
): LabelTypeWithPrices =>
  own ? { ...type, prices: tiersInCents(applyPriceOverride(tiersInDollars(type.prices), own)) } : type;

/**
 * Every label type with the reseller's prices, disabled ones included (status false) so the form can say
 * why one is missing.
 */
export async function readLabelTypes(ctx: AppContext, userId: string): Promise<LabelTypeView[]> {
  const own = new Map((await listResellerPrices(ctx.db, userId)).map((r) => [r.labelTypeId, r]));
  return (await listLabelTypes(ctx.db)).map((t) => toLabelTypeView(withResellerPrices(t, own.get(t.id))));
}

/**
 * The label type an order names, with the prices this reseller pays; a 400 (not 404) because it is a form
 * field, not a path id.
 */
export async function requireLabelType(db: DbOrTx, id: string, userId: string): Promise<LabelTypeWithPrices> {
  const type = isUuid(id) ? await findLabelType(db, id) : null;
  if (!type) throw AppError.fieldError('labelType', 'Please select a valid label type');
  const [own] = await listResellerPrices(db, userId, type.id);
  return withResellerPrices(type, own);
}

/**
 * Unit price in cents for a weight by the shared pricing rule. Throws a clear 400 for a disabled type, a
 * weight over the maximum, or a weight no tier covers.
 */
export function unitPriceCents(type: LabelTypeWithPrices, weight: number): number {
  if (!type.isEnabled) throw AppError.fieldError('labelType', `${type.name} is currently unavailable`);
  const priced = priceForWeight({ ...toLabelTypeView(type) }, weight);
  if (!priced.ok) throw AppError.fieldError(priced.issue.field, priced.issue.message);
  return dollarsToCents(priced.price);
}

/** POST /order/price: the unit price in dollars this reseller pays. */
export async function quotePrice(
  ctx: AppContext,
  userId: string,
  input: { labelType: string; weight: number },
): Promise<number> {
  const type = await requireLabelType(ctx.db, input.labelType, userId);
  return centsToDollars(unitPriceCents(type, input.weight));
}

/** A label type's id from its uid (`ground_oz`), matched case-insensitively; null when no type has it. */
export async function labelTypeIdByUid(db: DbOrTx, uid: string): Promise<string | null> {
  const wanted = uid.toLowerCase();
  return (await listLabelTypes(db)).find((t) => t.uid.toLowerCase() === wanted)?.id ?? null;
}

/** The label type locked until the transaction ends (its route is being changed), or null. */
export const lockLabelType = (tx: Tx, id: string): Promise<LabelTypeWithPrices | null> =>
  findLabelType(tx, id, true);
