import type { OrderView } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import { findOrderItems } from '../purchases/purchases.service.ts';
import { findReturnOf } from './orders.repository.ts';

/**
 * What one order's details add (decisions 330, 331): the items its packing slip lists and the return
 * label made from it, if any.
 */
export async function readOrderExtras(
  db: DbOrTx,
  order: { id: string },
): Promise<Pick<OrderView, 'items' | 'returnOrder'>> {
  const [items, returned] = await Promise.all([findOrderItems(db, [order.id]), findReturnOf(db, order.id)]);
  return { items: items.get(order.id) ?? [], returnOrder: returned };
}
