import type { BulkOrderView } from '@portal/shared';
import type { Tx } from '../../db/client.ts';
import { toBulkOrderView } from './bulk-order-view.ts';
import { countStatuses, findBulkOrderForUser, lockBulkOrders } from './bulk-orders.repository.ts';

export type FinishedBulkOrder = { id: string; userId: string; view: BulkOrderView };

/**
 * The bulk orders among these batches whose last order just became final, as the API shows them. Their
 * rows are locked first (in id order), so two transactions finishing the last orders at once count in
 * turn and the later one sees the earlier one's orders.
 */
export async function findFinishedBulkOrders(
  tx: Tx,
  batchIds: readonly string[],
): Promise<FinishedBulkOrder[]> {
  if (batchIds.length === 0) return [];
  const locked = await lockBulkOrders(tx, batchIds);
  if (locked.length === 0) return [];
  const counts = await countStatuses(
    tx,
    locked.map((bulkOrder) => bulkOrder.id),
  );
  const finished: FinishedBulkOrder[] = [];
  for (const { id, userId, totalOrders } of locked) {
    const progress = counts.get(id)!;
    if (progress.completed + progress.cancelled < totalOrders) continue;
    const bulkOrder = await findBulkOrderForUser(tx, userId, id);
    if (bulkOrder) finished.push({ id, userId, view: toBulkOrderView(bulkOrder, progress) });
  }
  return finished;
}
