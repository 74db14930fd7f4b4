import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  chooseLabelFile,
  labelContentType,
  labelFileName,
  labelFileOf,
  type AskedLabelFile,
} from './label-files.ts';
import { orderNotFound } from './order-answers.ts';
import { findOrderForUser } from './orders.repository.ts';

/** GET /order/download/{id}: the label PDF, only for the owner and only once completed. */
export async function downloadLabel(
  ctx: AppContext,
  { userId, id, asked = {} }: { userId: string; id: string; asked?: AskedLabelFile },
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const order = await findOrderForUser(ctx.db, userId, id);
  if (!order) throw orderNotFound();
  if (order.status !== 'completed' || !order.labelFileId || !order.tracking)
    throw new AppError('CONFLICT', 'Only completed orders can be downloaded');
  const choice = await chooseLabelFile(ctx, userId, asked, order);
  return {
    fileName: labelFileName(order.tracking, choice),
    contentType: labelContentType(choice),
    content: await labelFileOf(ctx, order, choice),
  };
}
