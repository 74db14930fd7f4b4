import type { MarginsResponse } from '@portal/shared';

export type MarginDay = MarginsResponse['byDay'][number];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * One entry per UTC day for the last `days` days, oldest first, ending on `today`: a day without labels
 * bought upstream is there with zeros, so the bars keep their place on the time axis.
 */
export function fillDays(byDay: readonly MarginDay[], days: number, today: Date): MarginDay[] {
  const known = new Map(byDay.map((d) => [d.day, d]));
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => {
    const day = isoDay(new Date(end - (days - 1 - i) * 86_400_000));
    return known.get(day) ?? { day, labels: 0, revenue: 0, cost: 0, margin: 0, belowCost: 0 };
  });
}

/** The totals of the period, in dollars rounded to cents. */
export function totals(byDay: readonly MarginDay[]) {
  const sum = (pick: (d: MarginDay) => number) =>
    Math.round(byDay.reduce((s, d) => s + pick(d) * 100, 0)) / 100;
  return {
    labels: byDay.reduce((s, d) => s + d.labels, 0),
    revenue: sum((d) => d.revenue),
    cost: sum((d) => d.cost),
    margin: sum((d) => d.margin),
    belowCost: byDay.reduce((s, d) => s + d.belowCost, 0),
  };
}

/** The chart's vertical scale: always includes zero, so a loss shows below the line and a gain above. */
export function marginScale(byDay: readonly MarginDay[]): { top: number; bottom: number } {
  const top = Math.max(0, ...byDay.map((d) => d.margin));
  const bottom = Math.min(0, ...byDay.map((d) => d.margin));
  return top === bottom ? { top: 1, bottom: 0 } : { top, bottom };
}
