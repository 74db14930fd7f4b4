import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { labelFileRemoved } from '../housekeeping/label-retention.service.ts';
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

/** A label download: its bytes (a PDF streamed from the file store), or a short-lived address of them. */
export type LabelDownload = { fileName: string; contentType: string } & (
  { content: Buffer | Readable; redirect?: undefined } | { redirect: string; content?: undefined }
);

const fileMissing = () => AppError.notFound('The label file is missing, please contact support');

/**
 * GET /order/download/{id}: the label, only for the owner and only once completed. A label past the
 * retention period answers 410 in every format (decision 336); a PDF comes from the file store as a
 * stream, or as a redirect to the bucket with S3_PRESIGN_DOWNLOADS=1 (decision 335).
 */
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
): Promise<LabelDownload> {
  const order = await findOrderForUser(ctx.db, userId, id);
  if (!order) throw orderNotFound();
  if (order.status !== 'completed' || !order.labelFileId || !order.tracking)
    throw new AppError('CONFLICT', 'Only completed orders can be downloaded');
  const head = await ctx.files.head(order.labelFileId);
  if (head?.removedAt) throw await labelFileRemoved(ctx, head.removedAt);
  const choice = await chooseLabelFile(ctx, userId, asked, order);
  const fileName = labelFileName(order.tracking, choice);
  const contentType = labelContentType(choice);
  if (withSlip) {
    requireSlipFormat(choice.format);
    if (choice.format === 'zpl') {
      const label = await labelFileOf(ctx, order, choice);
      const slip = await packingSlipOf(ctx, order, { format: 'zpl', dpi: choice.dpi });
      return { fileName, contentType, content: Buffer.concat([label, slip]) };
    }
    const label = await labelFileOf(ctx, order, { ...choice, format: 'pdf' });
    const slip = await packingSlipOf(ctx, order, { format: 'pdf' });
    const merged = await pdfInLayout([label, slip], choice.format === 'letter' ? 'letter' : '4x6');
    return { fileName, contentType, content: merged };
  }
  if (choice.format !== 'pdf')
    return { fileName, contentType, content: await labelFileOf(ctx, order, choice) };
  if (!head) throw fileMissing();
  const redirect = await ctx.files.downloadUrl(head, { fileName, contentType });
  if (redirect) return { fileName, contentType, redirect };
  const content = await ctx.files.stream(head);
  if (!content) throw fileMissing();
  return { fileName, contentType, content };
}
