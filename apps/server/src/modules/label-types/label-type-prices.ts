import { applyPriceOverride, centsToDollars, dollarsToCents, type PriceTier } from '@portal/shared';
import type { LabelTypeWithPrices, ResellerPriceRow, TierCents } from './label-types.repository.ts';

export const tiersInDollars = (tiers: readonly TierCents[]): PriceTier[] =>
  tiers.map((p) => ({ fromWeight: p.fromWeight, toWeight: p.toWeight, price: centsToDollars(p.priceCents) }));

export const tiersInCents = (tiers: readonly PriceTier[]): TierCents[] =>
  tiers.map((p) => ({ fromWeight: p.fromWeight, toWeight: p.toWeight, priceCents: dollarsToCents(p.price) }));

/** The type with the prices this reseller pays: their own tiers or percentage when staff set one. */
export const withResellerPrices = (
  type: LabelTypeWithPrices,
  own: ResellerPriceRow | undefined,
): LabelTypeWithPrices =>
  own ? { ...type, prices: tiersInCents(applyPriceOverride(tiersInDollars(type.prices), own)) } : type;
