import type { RouteMode } from '@portal/shared';

/** How a label type's route is used and its margin floor (decision 332). */
export type RoutePlanSettings = {
  mode: RouteMode;
  withinCents: number | null;
  minMarginCents: number | null;
  minMarginPercent: number | null;
};

/** One route step's live quote: its amount in cents, or none (no answer in time, an error, a "no"). */
export type StepQuote<S> = { step: S; amountCents: number | null };

export type RoutePlan<S> = {
  /** The steps to buy from, in the order to try them (the next one only after a definite "no"). */
  steps: S[];
  /** Quotes came back, and every one was above the price minus the margin floor: the order is refused. */
  isBelowMargin: boolean;
  /** The ordered route's cost: the first step in route order that quoted; null when none did. */
  orderedCostCents: number | null;
  /** The most a label may cost us for this order, or null without a floor. */
  maxCostCents: number | null;
};

/** True when a label type's orders need live quotes: a mode that compares them, or a margin floor. */
export const needsQuotes = (settings: RoutePlanSettings): boolean =>
  settings.mode !== 'ordered' || settings.minMarginCents !== null || settings.minMarginPercent !== null;

/** The most a label may cost for the price (cents) under the floor; the stricter of cents and percent. */
export function maxCostFor(priceCents: number, settings: RoutePlanSettings): number | null {
  if (settings.minMarginCents === null && settings.minMarginPercent === null) return null;
  const byCents = settings.minMarginCents ?? 0;
  const byPercent = Math.ceil((priceCents * (settings.minMarginPercent ?? 0)) / 100);
  return priceCents - Math.max(byCents, byPercent);
}

/**
 * The order in which an order's label is bought, from its route's quotes (given in route order):
 * - only steps that quoted, and no dearer than the price minus the margin floor;
 * - `ordered`: in route order; `cheapest`: by quote, ties by route order; `cheapest-within`: the first
 *   step unless another quotes more than `withinCents` below it, then by quote.
 */
export function planRoute<S>(
  quotes: readonly StepQuote<S>[],
  priceCents: number,
  settings: RoutePlanSettings,
): RoutePlan<S> {
  const answered = quotes.filter((q): q is StepQuote<S> & { amountCents: number } => q.amountCents !== null);
  const maxCostCents = maxCostFor(priceCents, settings);
  const eligible = answered.filter((q) => maxCostCents === null || q.amountCents <= maxCostCents);
  const byAmount = [...eligible].sort((a, b) => a.amountCents - b.amountCents);
  let ordered = eligible;
  if (settings.mode === 'cheapest') ordered = byAmount;
  if (settings.mode === 'cheapest-within' && eligible.length > 0) {
    const first = eligible[0]!;
    const cheapest = byAmount[0]!;
    const keepFirst = first.amountCents - cheapest.amountCents <= (settings.withinCents ?? 0);
    ordered = keepFirst ? [first, ...byAmount.filter((q) => q !== first)] : byAmount;
  }
  return {
    steps: ordered.map((q) => q.step),
    isBelowMargin: answered.length > 0 && eligible.length === 0,
    orderedCostCents: answered[0]?.amountCents ?? null,
    maxCostCents,
  };
}
