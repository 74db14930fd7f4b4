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
import { packingSlipOf, pdfInLayout, requireSlipFormat } from './packing-slips.ts';

/** GET /order/download/{id}: the label PDF, only for the owner and only once completed. */
export async function downloadLabel(
  ctx: AppContext,
  {
    userId,
    id,
    asked = {},
    withSlip = false,
  }: {
    userId: string;
    id: string;
    asked?: AskedLabelFile;
    /** `?with=slips`: the label, then its packing slip, in one PDF or ZPL file (decision 330). */
    withSlip?: boolean | undefined;
  },
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const order = await findOrderForUser(ctx.db, userId, id);
  if (!order) throw orderNotFound();
  if (order.status !== 'completed' || !order.labelFileId || !order.tracking)
    throw new AppError('CONFLICT', 'Only completed orders can be downloaded');
  const choice = await chooseLabelFile(ctx, userId, asked, order);
  const answer = (content: Buffer) => ({
    fileName: labelFileName(order.tracking!, choice),
    contentType: labelContentType(choice),
    content,
  });
  if (!withSlip) return answer(await labelFileOf(ctx, order, choice));
  requireSlipFormat(choice.format);
  if (choice.format === 'zpl') {
    const label = await labelFileOf(ctx, order, choice);
    const slip = await packingSlipOf(ctx, order, { format: 'zpl', dpi: choice.dpi });
    return answer(Buffer.concat([label, slip]));
  }
  const label = await labelFileOf(ctx, order, { ...choice, format: 'pdf' });
  const slip = await packingSlipOf(ctx, order, { format: 'pdf' });
  return answer(await pdfInLayout([label, slip], choice.format === 'letter' ? 'letter' : '4x6'));
}
