import { centsToDollars, type MarginsResponse } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { costWarnings, marginsByDay, marginsByLabelType, type MarginRow } from './margins.repository.ts';

const figures = (row: MarginRow) => ({
  labels: row.labels,
  revenue: centsToDollars(row.revenueCents),
  cost: centsToDollars(row.costCents),
  margin: centsToDollars(row.revenueCents - row.costCents),
  belowCost: row.belowCost,
});

/**
 * GET /admin/margins: labels bought upstream in the last `days` days (completed orders with a cost),
 * per day and per label type, and the label types whose cost at some weight is above today's price for
 * that weight.
 */
export async function readMargins(ctx: AppContext, days: number): Promise<MarginsResponse> {
  const since = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const [byDay, byType, warnings] = await Promise.all([
    marginsByDay(ctx.db, since),
    marginsByLabelType(ctx.db, since),
    costWarnings(ctx.db, since),
  ]);
  return {
    days,
    byDay: byDay.map((r) => ({ day: r.key, ...figures(r) })),
    byLabelType: byType.map((r) => ({ labelTypeId: r.key, name: r.name, ...figures(r) })),
    costWarnings: warnings.map((w) => ({
      labelTypeId: w.labelTypeId,
      name: w.name,
      weight: w.weight,
      cost: centsToDollars(w.costCents),
      price: centsToDollars(w.priceCents),
    })),
  };
}
