import { asc, inArray } from 'drizzle-orm';
import type { OrderItem } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems } from '../../db/schema.ts';

/** Rows per INSERT: 5 columns each, well below PostgreSQL's 65,535 parameters. */
const CHUNK = 5_000;

/** Stores what each order's parcel holds (decision 330), in the purchase's transaction. */
export async function insertOrderItems(
  tx: DbOrTx,
  entries: readonly { orderId: string; items: readonly OrderItem[] }[],
): Promise<void> {
  const rows = entries.flatMap(({ orderId, items }) =>
    items.map((item, position) => ({ orderId, position, ...item })),
  );
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(orderItems).values(rows.slice(i, i + CHUNK));
}

/** The items of these orders, in their order on the slip; an order without items is absent. */
export async function findOrderItems(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, OrderItem[]>> {
  const found = new Map<string, OrderItem[]>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  for (const row of rows) {
    const list = found.get(row.orderId) ?? [];
    list.push({ sku: row.sku, title: row.title, quantity: row.quantity });
    found.set(row.orderId, list);
  }
  return found;
}
