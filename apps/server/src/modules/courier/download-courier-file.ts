import type { AppContext } from '../../context.ts';
import type { StoredFile } from '../../files/index.ts';
import { AppError } from '../../errors.ts';
import { ownCourierOrder } from './own-courier-order.ts';

export async function downloadCourierFile(ctx: AppContext, userId: string, id: string): Promise<StoredFile> {
  const row = await ownCourierOrder(ctx, userId, id);
  if (row.status !== 'Completed' || !row.fileId) {
    throw AppError.notFound('This order has no file yet; it is available once Completed');
  }
  const file = await ctx.files.get(row.fileId);
  if (!file) throw AppError.notFound('The file of this order is no longer available');
  return file;
}
