import type { OrderStats } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { countTracking } from './order-tracking.repository.ts';
import { findOrderCounts } from './orders.repository.ts';

/** GET /order/stats: how many orders the reseller has, in total and per status. */
export async function readOrderStats(ctx: AppContext, { userId }: { userId: string }): Promise<OrderStats> {
  const [counts, tracking] = await Promise.all([
    findOrderCounts(ctx.db, userId),
    countTracking(ctx.db, userId),
  ]);
  return {
    total: counts.pending + counts.processing + counts.completed + counts.cancelled,
    ...counts,
    tracking,
  };
}
