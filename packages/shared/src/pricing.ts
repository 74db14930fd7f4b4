import { z } from 'zod';
import { dollarsToCents } from './money.ts';

/**
 * The one pricing rule of the portal, used by the server's charge, POST /order/price, the web forms, CSV
 * validation and the label engine: a weight is priced by the tier with fromWeight < weight <= toWeight.
 */
export type WeightRange = { fromWeight: number; toWeight: number };
export type PriceTier = WeightRange & { price: number };
export type PricedType = {
  name: string;
  maxWeight: number;
  weightUnit?: string;
  prices: readonly PriceTier[];
};
export type PriceIssue = { field: 'Weight'; message: string };

/** The tier whose range holds the weight, or null when no tier does. */
export const tierFor = <T extends WeightRange>(tiers: readonly T[], weight: number): T | null =>
  tiers.find((t) => weight > t.fromWeight && weight <= t.toWeight) ?? null;

/** Unit price in dollars for a weight, or null when no tier covers it. */
export const unitPriceFor = (prices: readonly PriceTier[], weight: number): number | null =>
  tierFor(prices, weight)?.price ?? null;

/** The unit price for a weight with the message a reseller sees when there is none. */
export function priceForWeight(
  type: PricedType,
  weight: number,
): { ok: true; price: number } | { ok: false; issue: PriceIssue } {
  const unit = type.weightUnit ? ` ${type.weightUnit}` : '';
  const fail = (message: string) => ({ ok: false as const, issue: { field: 'Weight' as const, message } });
  if (!Number.isFinite(weight)) return fail('Weight must be a number');
  if (!(weight > 0)) return fail('Weight must be greater than 0');
  if (weight > type.maxWeight)
    return fail(`Weight must be at most ${type.maxWeight}${unit} for ${type.name}`);
  const price = unitPriceFor(type.prices, weight);
  if (price === null) return fail(`No ${type.name} price for weight ${weight}${unit}`);
  return { ok: true, price };
}

/** A reseller's own prices for a label type: their own tiers, or a percentage up or down from the default. */
export type PriceOverride = { percent: number | null; tiers: PriceTier[] | null };

/** Tiers after a reseller's override; percentages round to the cent. */
export function applyPriceOverride(tiers: readonly PriceTier[], override: PriceOverride | null): PriceTier[] {
  if (override?.tiers?.length) return override.tiers.map((t) => ({ ...t }));
  const percent = override?.percent ?? 0;
  return tiers.map((t) => ({ ...t, price: dollarsToCents(t.price * (1 + percent / 100)) / 100 }));
}

export type TierIssue = { row: number | null; message: string };

/**
 * The first tier a percentage takes to $0.00 (a free label, which no charge can take), worded for staff;
 * null when every tier still costs at least a cent.
 */
export function percentFreeTierIssue(tiers: readonly PriceTier[], percent: number): string | null {
  const priced = applyPriceOverride(tiers, { percent, tiers: null });
  const free = priced.find((t) => !(t.price > 0));
  return free
    ? `At ${percent}%, the ${free.fromWeight}-${free.toWeight} tier would cost $0.00; every price must be at least $0.01`
    : null;
}

/**
 * Tiers must cover 0 up to the maximum weight with no gap and no overlap, each with a price above zero
 * (the order of the rows does not matter). Returns every problem, worded for the staff member editing them.
 */
export function checkPriceTiers(tiers: readonly PriceTier[], maxWeight: number): TierIssue[] {
  const issues: TierIssue[] = [];
  if (!(maxWeight > 0)) issues.push({ row: null, message: 'Max weight must be greater than 0' });
  if (tiers.length === 0) return [...issues, { row: null, message: 'Add at least one price tier' }];
  tiers.forEach((t, i) => {
    const row = i + 1;
    if (t.fromWeight < 0) issues.push({ row, message: `Tier ${row}: From weight must be 0 or more` });
    if (!(t.toWeight > t.fromWeight))
      issues.push({ row, message: `Tier ${row}: To weight must be greater than From weight` });
    // A free label cannot be charged (the ledger takes no zero entry): a price is at least a cent.
    if (!(t.price > 0)) issues.push({ row, message: `Tier ${row}: Price must be greater than 0` });
    if (Math.abs(t.price * 100 - Math.round(t.price * 100)) > 1e-6)
      issues.push({ row, message: `Tier ${row}: Price must have at most 2 decimals` });
    if (t.toWeight > maxWeight)
      issues.push({
        row,
        message: `Tier ${row}: To weight ${t.toWeight} is beyond the max weight ${maxWeight}`,
      });
  });
  if (issues.length > 0) return issues;
  const sorted = tiers.map((t, i) => ({ ...t, row: i + 1 })).sort((a, b) => a.fromWeight - b.fromWeight);
  if (sorted[0]!.fromWeight !== 0)
    issues.push({ row: sorted[0]!.row, message: 'The first tier must start at 0' });
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1]!;
    const tier = sorted[i]!;
    if (tier.fromWeight < before.toWeight)
      issues.push({
        row: tier.row,
        message: `Tiers ${before.row} and ${tier.row} overlap between ${tier.fromWeight} and ${Math.min(before.toWeight, tier.toWeight)}`,
      });
    else if (tier.fromWeight > before.toWeight)
      issues.push({ row: tier.row, message: `No price from ${before.toWeight} to ${tier.fromWeight}` });
  }
  const last = sorted.reduce((max, t) => Math.max(max, t.toWeight), 0);
  if (last < maxWeight)
    issues.push({ row: null, message: `No price from ${last} to the max weight ${maxWeight}` });
  return issues;
}

const weight = (label: string) =>
  z.number({ error: `${label} must be a number` }).finite(`${label} must be a number`);

export const priceTierSchema = z.object({
  fromWeight: weight('From weight'),
  toWeight: weight('To weight'),
  price: z.number({ error: 'Price must be a number' }).finite('Price must be a number'),
});
