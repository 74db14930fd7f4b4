import { formatUsd } from '@portal/shared';

/** "$4.10 – $9.80" across a label type's tiers, one price when they agree, a dash when there are none. */
export const priceRange = (tiers: readonly { price: number }[]): string => {
  if (tiers.length === 0) return '—';
  const prices = tiers.map((tier) => tier.price);
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  return low === high ? formatUsd(low) : `${formatUsd(low)} – ${formatUsd(high)}`;
};
