import type { PickListResponse } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { csvToString } from '../../csv/index.ts';
import { bulkOrderNotFound } from './bulk-orders.service.ts';
import { findBulkOrderForUser } from './bulk-orders.repository.ts';
import { ordersWithItems, pickListOf } from './pick-list.repository.ts';

/**
 * GET /order/pick-list/{bulkId} (decision 330): what to take off the shelves for a bulk order, each SKU
 * once with its title, the units in all and the orders that hold it, sorted by SKU.
 */
export async function readPickList(
  ctx: AppContext,
  { userId, id }: { userId: string; id: string },
): Promise<PickListResponse> {
  const bulk = await findBulkOrderForUser(ctx.db, userId, id);
  if (!bulk) throw bulkOrderNotFound();
  const [items, withItems] = await Promise.all([
    pickListOf(ctx.db, bulk.id),
    ordersWithItems(ctx.db, bulk.id),
  ]);
  return {
    bulkOrder: bulk.id,
    orders: bulk.totalOrders,
    ordersWithItems: withItems,
    units: items.reduce((sum, i) => sum + i.quantity, 0),
    items,
  };
}

/** The pick list as a spreadsheet (`?format=csv`): SKU, Title, Quantity, Orders, through the formula-safe writer. */
export const pickListCsv = (pickList: PickListResponse): Promise<string> =>
  csvToString(
    pickList.items.map((i) => [i.sku, i.title, i.quantity, i.orders]),
    { header: ['SKU', 'Title', 'Quantity', 'Orders'] },
  );
