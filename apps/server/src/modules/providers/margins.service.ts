import {
  centsToDollars,
  type MarginsReportQuery,
  type MarginsReportResponse,
  type MarginsResponse,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import {
  costWarnings,
  marginReport,
  marginsByDay,
  marginsByLabelType,
  type MarginReportRow,
  type MarginRow,
} from './margins.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const figures = (row: MarginRow) => ({
  labels: row.labels,
  revenue: centsToDollars(row.revenueCents),
  cost: centsToDollars(row.costCents),
  margin: centsToDollars(row.revenueCents - row.costCents),
  belowCost: row.belowCost,
});

const reportFigures = (row: MarginReportRow) => ({
  ...figures(row),
  savedByRouting: centsToDollars(row.savedCents),
  refusedBelowMargin: row.refusedBelowMargin,
});

/** The rows added up (a report's totals). */
const totalOf = (rows: readonly MarginReportRow[]): MarginReportRow => ({
  key: '',
  name: '',
  labels: rows.reduce((n, r) => n + r.labels, 0),
  revenueCents: rows.reduce((n, r) => n + r.revenueCents, 0),
  costCents: rows.reduce((n, r) => n + r.costCents, 0),
  belowCost: rows.reduce((n, r) => n + r.belowCost, 0),
  savedCents: rows.reduce((n, r) => n + r.savedCents, 0),
  refusedBelowMargin: rows.reduce((n, r) => n + r.refusedBelowMargin, 0),
});

/**
 * GET /admin/margins: labels bought upstream in the last `days` days (completed orders with a cost),
 * per day, per label type and per provider, what routing by live quotes saved and refused (decision
 * 332), and the label types whose cost at some weight is above today's price for that weight.
 */
export async function readMargins(ctx: AppContext, days: number): Promise<MarginsResponse> {
  const now = new Date();
  const since = new Date(now.getTime() - days * DAY_MS);
  const [byDay, byType, byProvider, warnings] = await Promise.all([
    marginsByDay(ctx.db, since),
    marginsByLabelType(ctx.db, since),
    marginReport(ctx.db, { from: since, to: new Date(now.getTime() + 1), groupBy: 'provider' }),
    costWarnings(ctx.db, since),
  ]);
  const totals = totalOf(byProvider);
  return {
    days,
    byDay: byDay.map((r) => ({ day: r.key, ...figures(r) })),
    byLabelType: byType.map((r) => ({ labelTypeId: r.key, name: r.name, ...figures(r) })),
    byProvider: byProvider
      .filter((r) => r.key !== '')
      .map((r) => ({ providerId: r.key, name: r.name, ...figures(r) })),
    savedByRouting: centsToDollars(totals.savedCents),
    refusedBelowMargin: totals.refusedBelowMargin,
    costWarnings: warnings.map((w) => ({
      labelTypeId: w.labelTypeId,
      name: w.name,
      weight: w.weight,
      cost: centsToDollars(w.costCents),
      price: centsToDollars(w.priceCents),
    })),
  };
}

/** GET /admin/reports/margins: cost and margin per provider, label type or day, `to`'s whole day included. */
export async function readMarginReport(
  ctx: AppContext,
  query: MarginsReportQuery,
): Promise<MarginsReportResponse> {
  const from = new Date(`${query.from}T00:00:00Z`);
  const to = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS);
  const rows = await marginReport(ctx.db, { from, to, groupBy: query.groupBy });
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    rows: rows.map((r) => ({ key: r.key, name: r.name, ...reportFigures(r) })),
    totals: reportFigures(totalOf(rows)),
  };
}

const CSV_COLUMNS = {
  provider: ['Provider'],
  labelType: ['Label type'],
  day: ['Day'],
} as const;

/** A CSV cell: quoted when it holds a comma, quote or line break; a formula's lead character defused. */
const cell = (value: string | number): string => {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The report as the books take it: one row per group and a total, amounts in dollars. */
export function marginReportCsv(report: MarginsReportResponse): string {
  const head = [
    ...CSV_COLUMNS[report.groupBy],
    'Labels',
    'Revenue',
    'Cost',
    'Margin',
    'Below cost',
    'Saved by routing',
    'Refused below margin',
  ];
  const line = (label: string, r: MarginsReportResponse['totals']) =>
    [
      label,
      r.labels,
      r.revenue.toFixed(2),
      r.cost.toFixed(2),
      r.margin.toFixed(2),
      r.belowCost,
      r.savedByRouting.toFixed(2),
      r.refusedBelowMargin,
    ]
      .map(cell)
      .join(',');
  const label = (r: MarginsReportResponse['rows'][number]) =>
    report.groupBy === 'day' ? r.key : r.name || (report.groupBy === 'provider' ? 'Not bought' : r.key);
  return [head.join(','), ...report.rows.map((r) => line(label(r), r)), line('Total', report.totals)]
    .map((l) => `${l}\r\n`)
    .join('');
}
