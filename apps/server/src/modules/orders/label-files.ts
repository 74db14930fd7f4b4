import type { Writable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { LABEL_FILE_TYPES, type LabelDpi, type LabelFormat } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { orders, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { writeLabelsInLayout, writePdfZip, type NamedPdf } from '../../labels/index.ts';
import { toShipment, upstreamLabelFile } from '../purchases/purchases.service.ts';
import { withPackingSlips } from './packing-slips.ts';
import { selectWithType, type OrderWithType } from '../purchases/purchases.service.ts';

/**
 * Label files in every format (issue 37, decision 255). A label is stored once, as the PDF it was made
 * as; a download in another format draws the same layout again with that format's backend, from the
 * order (same shipment, same tracking serial, so the same tracking number and barcodes).
 */
export type LabelFileChoice = { format: LabelFormat; dpi: LabelDpi };
export type AskedLabelFile = { format?: LabelFormat | undefined; dpi?: LabelDpi | undefined };
/** A completed order's label: enough to read its PDF or draw it again. */
export type LabelRef = { orderId: string; tracking: string; labelFileId: string };

/** The format of a download: asked for by the request, else at purchase (API v2 `label_format`), else the reseller's default. */
export async function chooseLabelFile(
  ctx: AppContext,
  userId: string,
  asked: AskedLabelFile,
  atPurchase?: { labelFormat: LabelFormat | null; labelDpi: number | null },
): Promise<LabelFileChoice> {
  let format = asked.format ?? atPurchase?.labelFormat ?? undefined;
  let dpi = asked.dpi ?? (atPurchase?.labelDpi as LabelDpi | null) ?? undefined;
  if (format === undefined || dpi === undefined) {
    const [defaults] = await ctx.db
      .select({ format: users.labelFormat, dpi: users.labelDpi })
      .from(users)
      .where(eq(users.id, userId));
    format ??= defaults?.format ?? 'pdf';
    dpi ??= (defaults?.dpi ?? 203) as LabelDpi;
  }
  return { format, dpi };
}

/** `{base}.pdf`, `.zpl` or `.png`: the extension always says the format. */
export const labelFileName = (base: string, choice: LabelFileChoice): string =>
  `${base}.${LABEL_FILE_TYPES[choice.format].extension}`;

export const labelContentType = (choice: LabelFileChoice): string =>
  LABEL_FILE_TYPES[choice.format].contentType;

/** One label drawn again in ZPL or PNG (on the render threads), checked to carry the order's tracking number. */
async function drawnLabelFile(
  ctx: AppContext,
  order: OrderWithType,
  choice: { format: 'zpl' | 'png'; dpi: LabelDpi },
): Promise<Uint8Array> {
  // Bought upstream: the provider's own file in that format, never one drawn or converted here.
  if (order.providerId) return upstreamLabelFile(ctx, { ...order, providerId: order.providerId }, choice);
  const { tracking, file } = await ctx.renderer.render({
    shipment: toShipment(order),
    trackingSerial: BigInt(order.trackingSerial),
    isTestLabel: true,
    output: choice,
  });
  if (tracking.trackingNumber !== order.tracking)
    throw new AppError('CONFLICT', 'This label cannot be drawn again in another format; download it as pdf');
  return file;
}

/** One completed order's label in the chosen format. */
export async function labelFileOf(
  ctx: AppContext,
  order: OrderWithType,
  choice: LabelFileChoice,
): Promise<Buffer> {
  if (choice.format === 'zpl' || choice.format === 'png')
    return Buffer.from(await drawnLabelFile(ctx, order, { format: choice.format, dpi: choice.dpi }));
  const file = order.labelFileId ? await ctx.files.get(order.labelFileId) : null;
  if (!file) throw AppError.notFound('The label file is missing, please contact support');
  if (choice.format === 'pdf') return file.content;
  return letterPageOf(file.content);
}

/** One stored 4x6 label PDF on a Letter page of its own. */
export async function letterPageOf(pdf: Uint8Array): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeLabelsInLayout([pdf], 'letter', out);
  return Buffer.concat(chunks);
}

/** Orders read at once to draw their labels again: as many as the render threads take in one go. */
const DRAWN_PER_READ = 8;

async function* ordersOf(ctx: AppContext, refs: AsyncIterable<LabelRef>, out: Writable) {
  let group: LabelRef[] = [];
  const read = async (ids: LabelRef[]) => {
    const rows = await selectWithType(ctx.db).where(
      inArray(
        orders.id,
        ids.map((r) => r.orderId),
      ),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((r) => (byId.has(r.orderId) ? [byId.get(r.orderId)!] : []));
  };
  for await (const ref of refs) {
    if (out.destroyed) return;
    group.push(ref);
    if (group.length === DRAWN_PER_READ) {
      yield await read(group);
      group = [];
    }
  }
  if (group.length && !out.destroyed) yield await read(group);
}

/** Labels drawn again in ZPL or PNG, one file each named `{tracking}.zpl|png`, in the order given. */
export async function* drawnLabelFiles(
  ctx: AppContext,
  refs: AsyncIterable<LabelRef>,
  choice: { format: 'zpl' | 'png'; dpi: LabelDpi },
  out: Writable,
): AsyncGenerator<NamedPdf & { orderId: string }> {
  for await (const group of ordersOf(ctx, refs, out)) {
    const files = await Promise.all(group.map((o) => drawnLabelFile(ctx, o, choice)));
    for (const [i, bytes] of files.entries())
      yield { name: `${group[i]!.tracking}.${choice.format}`, bytes, orderId: group[i]!.id };
  }
}

/**
 * Many labels drawn again in one download: ZPL one label after another in one stream (as a printer
 * takes them), PNG a zip of images. Streams to `out` in the order given. (PDF and Letter downloads
 * merge the stored PDFs: writeLabelsInLayout.)
 */
export async function writeDrawnLabelFiles(
  ctx: AppContext,
  refs: AsyncIterable<LabelRef>,
  choice: { format: 'zpl' | 'png'; dpi: LabelDpi },
  out: Writable,
  /** Each ZPL label followed by its order's packing slip (`?with=slips`, decision 330). */
  withSlips = false,
): Promise<void> {
  if (choice.format === 'png') {
    await writePdfZip(drawnLabelFiles(ctx, refs, choice, out), out);
    return;
  }
  const labels = drawnLabelFiles(ctx, refs, choice, out);
  const files = withSlips
    ? withPackingSlips(ctx, labels, { format: 'zpl', dpi: choice.dpi })
    : (async function* () {
        for await (const { bytes } of labels) yield bytes;
      })();
  for await (const bytes of files) {
    if (out.destroyed) return;
    if (!out.write(bytes)) await new Promise((resolve) => out.once('drain', resolve));
  }
  out.end();
}

/** Narrows a choice to the formats drawn again (ZPL, PNG). */
export const isDrawnFormat = (choice: LabelFileChoice): choice is { format: 'zpl' | 'png'; dpi: LabelDpi } =>
  choice.format === 'zpl' || choice.format === 'png';
