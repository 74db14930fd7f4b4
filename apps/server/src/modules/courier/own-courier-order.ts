import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findCourierOrder, type CourierOrderRow } from './courier.repository.ts';

export const NOT_FOUND_MESSAGE = 'Courier order not found';

/** The reseller's own order, or 404 (another reseller's id is indistinguishable from none). */
export async function ownCourierOrder(ctx: AppContext, userId: string, id: string): Promise<CourierOrderRow> {
  const row = await findCourierOrder(ctx.db, id);
  if (!row || row.userId !== userId) throw AppError.notFound(NOT_FOUND_MESSAGE);
  return row;
}
