import { LABEL_FILE_TYPES, type LabelDpi } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { LabelFormatUnavailableError } from '../../labels/providers/upstream/upstream-adapter.ts';
import { UpstreamRejectedError } from '../../labels/providers/upstream-provider.ts';
import { findPurchaseUpstreamId } from './purchase-lookups.repository.ts';
import { findUpstreamLabelFileId, insertUpstreamLabelFile } from './upstream-label-files.repository.ts';

export type UpstreamLabelOrder = {
  id: string;
  userId: string;
  providerId: string;
  tracking: string | null;
};

const KIND_NAMES = { labelport: 'The upstream portal', easypost: 'EasyPost', shippo: 'Shippo' } as const;

/**
 * A label bought upstream in ZPL or PNG (issue 37, decision 290): the provider makes it (EasyPost converts
 * its own label to ZPL, another LabelPort draws its own), we never convert one. Asked for once, then
 * kept in the file store beside the PDF. A provider that cannot make the format exactly answers 409.
 */
export async function upstreamLabelFile(
  ctx: AppContext,
  order: UpstreamLabelOrder,
  choice: { format: 'zpl' | 'png'; dpi: LabelDpi },
): Promise<Uint8Array> {
  const key = { orderId: order.id, ...choice };
  const storedId = await findUpstreamLabelFileId(ctx.db, key);
  const stored = storedId ? await ctx.files.get(storedId) : null;
  if (stored) return stored.content;

  const asked = `${choice.format.toUpperCase()} at ${choice.dpi} dpi`;
  const client = (await ctx.providers.clientsFor([order.providerId])).get(order.providerId);
  const upstreamId = await findPurchaseUpstreamId(ctx.db, order.id, order.providerId);
  if (!client || !upstreamId)
    throw new AppError('CONFLICT', `This label is not offered as ${asked}; download it as pdf or letter`);
  if (!client.labelFile)
    throw new AppError(
      'CONFLICT',
      `${KIND_NAMES[client.kind]} makes one file per label and this one was bought as PDF; download it as pdf or letter`,
    );
  let file: Uint8Array;
  try {
    file = await client.labelFile({ upstreamId, ...choice });
  } catch (error) {
    if (error instanceof LabelFormatUnavailableError || error instanceof UpstreamRejectedError)
      throw new AppError('CONFLICT', `This label is not offered as ${asked}: ${error.message}`);
    ctx.log.warn({ err: error, orderId: order.id }, 'asking the provider for a label format failed');
    throw new AppError(
      'UNAVAILABLE',
      `The carrier did not give the ${asked} label just now; try again shortly`,
    );
  }
  const fileId = await ctx.files.put({
    userId: order.userId,
    name: `${order.tracking ?? order.id}.${LABEL_FILE_TYPES[choice.format].extension}`,
    contentType: LABEL_FILE_TYPES[choice.format].contentType,
    content: file,
  });
  // Two downloads at once may both ask: the first one recorded is kept, the other copy dropped.
  if (!(await insertUpstreamLabelFile(ctx.db, { ...key, fileId }))) await ctx.files.remove(fileId);
  return file;
}
