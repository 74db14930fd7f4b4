import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type MarginRow = {
  key: string;
  name: string;
  labels: number;
  revenueCents: number;
  costCents: number;
  belowCost: number;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const toMarginRow = (row: Record<string, unknown>): MarginRow => ({
  key: String(row.key),
  name: String(row.name ?? ''),
  labels: Number(row.labels),
  revenueCents: Number(row.revenue_cents),
  costCents: Number(row.cost_cents),
  belowCost: Number(row.below_cost),
});

const FIGURES = sql`count(*) AS labels, sum(o.price_cents) AS revenue_cents, sum(o.cost_cents) AS cost_cents,
  count(*) FILTER (WHERE o.cost_cents > o.price_cents) AS below_cost`;

/** Completed orders bought upstream since `since`, per UTC day, oldest first. */
export async function marginsByDay(db: DbOrTx, since: Date): Promise<MarginRow[]> {
  const result = await db.execute(sql`
    SELECT to_char(date_trunc('day', o.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS key, '' AS name, ${FIGURES}
    FROM orders o
    WHERE o.status = 'completed' AND o.cost_cents IS NOT NULL AND o.created_at >= ${since}
    GROUP BY 1 ORDER BY 1`);
  return rowsOf<Record<string, unknown>>(result).map(toMarginRow);
}

/** The same per label type, by revenue. */
export async function marginsByLabelType(db: DbOrTx, since: Date): Promise<MarginRow[]> {
  const result = await db.execute(sql`
    SELECT o.label_type_id AS key, min(t.name) AS name, ${FIGURES}
    FROM orders o JOIN label_types t ON t.id = o.label_type_id
    WHERE o.status = 'completed' AND o.cost_cents IS NOT NULL AND o.created_at >= ${since}
    GROUP BY o.label_type_id ORDER BY sum(o.price_cents) DESC`);
  return rowsOf<Record<string, unknown>>(result).map(toMarginRow);
}

/** Weights at which a label type's highest recent cost is above the price its tiers give today. */
export async function costWarnings(db: DbOrTx, since: Date) {
  const result = await db.execute(sql`
    SELECT c.label_type_id, t.name, c.weight, c.cost_cents, p.price_cents
    FROM (
      SELECT o.label_type_id, o.weight, max(o.cost_cents) AS cost_cents
      FROM orders o
      WHERE o.cost_cents IS NOT NULL AND o.status = 'completed' AND o.created_at >= ${since}
      GROUP BY 1, 2
    ) c
    JOIN label_types t ON t.id = c.label_type_id
    JOIN label_type_prices p ON p.label_type_id = c.label_type_id
      AND c.weight > p.from_weight AND c.weight <= p.to_weight
    WHERE c.cost_cents > p.price_cents
    ORDER BY t.name, c.weight`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    labelTypeId: String(r.label_type_id),
    name: String(r.name),
    weight: Number(r.weight),
    costCents: Number(r.cost_cents),
    priceCents: Number(r.price_cents),
  }));
}

export type MarginGroupBy = 'provider' | 'labelType' | 'day';
export type MarginReportRow = MarginRow & { savedCents: number; refusedBelowMargin: number };

const GROUPS: Record<MarginGroupBy, { key: SQL; name: SQL }> = {
  day: {
    key: sql`to_char(date_trunc('day', o.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`,
    name: sql`''`,
  },
  labelType: { key: sql`o.label_type_id::text`, name: sql`min(t.name)` },
  provider: { key: sql`coalesce(o.provider_id::text, '')`, name: sql`coalesce(min(p.name), '')` },
};

/**
 * Orders bought upstream or routed by live quotes between `from` (inclusive) and `to` (exclusive), per
 * group (decision 332): the completed ones' labels, revenue, cost and labels sold below cost, what routing
 * saved against the ordered route (its first quoting provider's quote minus the cost), and the orders
 * refused below the margin floor (cancelled; no provider, so grouped under none by provider).
 */
export async function marginReport(
  db: DbOrTx,
  range: { from: Date; to: Date; groupBy: MarginGroupBy },
): Promise<MarginReportRow[]> {
  const group = GROUPS[range.groupBy];
  const bought = sql`o.status = 'completed' AND o.cost_cents IS NOT NULL`;
  const result = await db.execute(sql`
    SELECT ${group.key} AS key, ${group.name} AS name,
      count(*) FILTER (WHERE ${bought}) AS labels,
      coalesce(sum(o.price_cents) FILTER (WHERE ${bought}), 0) AS revenue_cents,
      coalesce(sum(o.cost_cents) FILTER (WHERE ${bought}), 0) AS cost_cents,
      count(*) FILTER (WHERE ${bought} AND o.cost_cents > o.price_cents) AS below_cost,
      coalesce(sum(r.ordered_cost_cents - o.cost_cents)
        FILTER (WHERE ${bought} AND r.ordered_cost_cents IS NOT NULL), 0) AS saved_cents,
      count(*) FILTER (WHERE r.is_below_margin AND o.status = 'cancelled') AS refused
    FROM orders o
    JOIN label_types t ON t.id = o.label_type_id
    LEFT JOIN providers p ON p.id = o.provider_id
    LEFT JOIN order_routings r ON r.order_id = o.id
    WHERE o.created_at >= ${range.from} AND o.created_at < ${range.to}
      AND (o.cost_cents IS NOT NULL OR r.order_id IS NOT NULL)
    GROUP BY 1 ORDER BY 1`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    ...toMarginRow(row),
    savedCents: Number(row.saved_cents),
    refusedBelowMargin: Number(row.refused),
  }));
}
