import {
  centsToDollars,
  dollarsToCents,
  insuranceCents,
  insuranceUnavailable,
  priceForWeight,
} from '@portal/shared';
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

/**
 * What insuring a declared value (dollars) costs on one label of the type, in cents (decision 330): 0 when
 * none is declared, a 400 on `insuredValue` when the type offers no insurance.
 */
export function insurancePriceCents(type: LabelTypeWithPrices, insuredValue: number | undefined): number {
  if (insuredValue === undefined) return 0;
  const cents = insuranceCents(
    { per100Cents: type.insurancePer100Cents, minCents: type.insuranceMinCents },
    dollarsToCents(insuredValue),
  );
  if (cents === null) throw AppError.fieldError('insuredValue', insuranceUnavailable(type.name));
  return cents;
}

/** POST /order/price: the unit price in dollars this reseller pays, and what insuring the declared value adds. */
export async function quotePrice(
  ctx: AppContext,
  userId: string,
  input: { labelType: string; weight: number; insuredValue?: number | undefined },
): Promise<{ price: number; insurance?: number }> {
  const type = await requireLabelType(ctx.db, input.labelType, userId);
  const price = centsToDollars(unitPriceCents(type, input.weight));
  if (input.insuredValue === undefined) return { price };
  return { price, insurance: centsToDollars(insurancePriceCents(type, input.insuredValue)) };
}
