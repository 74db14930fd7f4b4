import { centsToDollars, type LabelTypeRuleInfo, type LabelTypeView } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isUuid } from '../orders/ids.ts';
import { findLabelType, listLabelTypes, type LabelTypeWithPrices } from './label-types.repository.ts';

export const toLabelTypeView = (t: LabelTypeWithPrices): LabelTypeView => ({
  _id: t.id,
  name: t.name,
  uid: t.uid,
  carrier: t.carrier,
  weightUnit: t.weightUnit,
  maxWeight: t.maxWeight,
  status: t.isEnabled,
  prices: t.prices.map((p) => ({
    price: centsToDollars(p.priceCents),
    fromWeight: p.fromWeight,
    toWeight: p.toWeight,
  })),
});

export const ruleInfoOf = (t: LabelTypeWithPrices): LabelTypeRuleInfo => ({
  uid: t.uid,
  name: t.name,
  maxWeight: t.maxWeight,
  status: t.isEnabled,
  weightUnit: t.weightUnit,
});

/** Every label type, disabled ones included (status false) so the form can say why one is missing. */
export async function readLabelTypes(ctx: AppContext): Promise<LabelTypeView[]> {
  return (await listLabelTypes(ctx.db)).map(toLabelTypeView);
}

/** The label type an order names; a 400 (not 404) because it is a form field, not a path id. */
export async function requireLabelType(db: DbOrTx, id: string): Promise<LabelTypeWithPrices> {
  const type = isUuid(id) ? await findLabelType(db, id) : null;
  if (!type)
    throw new AppError('BAD_REQUEST', 'Please select a valid label type', {
      errors: [{ field: 'labelType', message: 'Please select a valid label type' }],
    });
  return type;
}

/**
 * Unit price in cents for a weight: the tier with from < weight <= to (the first tier includes 0).
 * Throws a clear 400 for a disabled type, a weight over the maximum, or a weight no tier covers.
 */
export function unitPriceCents(type: LabelTypeWithPrices, weight: number): number {
  const fail = (field: string, message: string) =>
    new AppError('BAD_REQUEST', message, { errors: [{ field, message }] });
  if (!type.isEnabled) throw fail('labelType', `${type.name} is currently unavailable`);
  if (!(weight > 0)) throw fail('Weight', 'Weight must be greater than 0');
  if (weight > type.maxWeight)
    throw fail('Weight', `Weight must be at most ${type.maxWeight} ${type.weightUnit} for ${type.name}`);
  const tier = type.prices.find((p) => weight > p.fromWeight && weight <= p.toWeight);
  if (!tier) throw fail('Weight', `No price is set for ${weight} ${type.weightUnit} with ${type.name}`);
  return tier.priceCents;
}

/** POST /order/price: the unit price in dollars. */
export async function quotePrice(
  ctx: AppContext,
  input: { labelType: string; weight: number },
): Promise<number> {
  const type = await requireLabelType(ctx.db, input.labelType);
  return centsToDollars(unitPriceCents(type, input.weight));
}
