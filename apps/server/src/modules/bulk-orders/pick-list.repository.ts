import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type PickListRow = { sku: string; title: string; quantity: number; orders: number };

/**
 * A bulk order's items added up per SKU (decision 330), sorted by SKU: its orders share the bulk order's
 * id as their batch. An item without a SKU is counted under its title. Cancelled orders ship nothing.
 */
export async function pickListOf(db: DbOrTx, bulkOrderId: string): Promise<PickListRow[]> {
  const result = (await db.execute(sql`
    SELECT i.sku, min(i.title) AS title, sum(i.quantity)::int AS quantity, count(DISTINCT i.order_id)::int AS orders
    FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.batch_id = ${bulkOrderId} AND o.status <> 'cancelled'
    GROUP BY i.sku, CASE WHEN i.sku = '' THEN i.title ELSE '' END
    ORDER BY i.sku, min(i.title)
  `)) as unknown as { rows: PickListRow[] };
  return result.rows.map((r) => ({ ...r, quantity: Number(r.quantity), orders: Number(r.orders) }));
}

/** How many of the bulk order's (not cancelled) orders list any item. */
export async function ordersWithItems(db: DbOrTx, bulkOrderId: string): Promise<number> {
  const result = (await db.execute(sql`
    SELECT count(DISTINCT i.order_id)::int AS n
    FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.batch_id = ${bulkOrderId} AND o.status <> 'cancelled'
  `)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}
