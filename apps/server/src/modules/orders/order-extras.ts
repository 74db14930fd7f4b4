import type { OrderView } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import { readOrderShippingDay } from '../shipping-day/shipping-day.service.ts';
import { findOrderItems } from '../purchases/purchases.service.ts';
import { findReturnOf } from './orders.repository.ts';

/**
 * What one order's details add (decisions 330, 331, 355): the items its packing slip lists, the return
 * label made from it, if any, and the SCAN form and pickup its label is on.
 */
export async function readOrderExtras(
  db: DbOrTx,
  order: { id: string },
): Promise<Pick<OrderView, 'items' | 'returnOrder' | 'scanForm' | 'pickup'>> {
  const [items, returned, shippingDay] = await Promise.all([
    findOrderItems(db, [order.id]),
    findReturnOf(db, order.id),
    readOrderShippingDay(db, order.id),
  ]);
  return { items: items.get(order.id) ?? [], returnOrder: returned, ...shippingDay };
}
