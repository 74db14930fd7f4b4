import { centsToDollars, dollarsToCents, priceForWeight } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { toLabelTypeView } from './label-type-view.ts';
import type { LabelTypeWithPrices } from './label-types.repository.ts';
import { requireLabelType } from './require-label-type.ts';

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
