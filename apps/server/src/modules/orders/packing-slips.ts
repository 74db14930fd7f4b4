import { PassThrough } from 'node:stream';
import { centsToDollars, SLIPS_FORMATS_MESSAGE, type LabelDpi } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { writeLabelsInLayout } from '../../labels/index.ts';
import { FILES_PER_READ } from './label-download-stream.ts';
import { findOrderItems, formatOrderId, toShipment } from '../purchases/purchases.service.ts';
import { orderNotFound } from './order-answers.ts';
import { findOrderForUser, findOrderNumbers, findOrdersByIds } from './orders.repository.ts';
import { type OrderWithType } from '../purchases/purchases.service.ts';

/** A slip's file: a 4x6 PDF page, or ZPL at the printer's resolution (decision 330). */
export type SlipOutput = { format: 'pdf' } | { format: 'zpl'; dpi: LabelDpi };

/** Drawing is loaded on first use, as the labels' is (decision 216). */
const slipRenderer = () => import('../../labels/packing-slip.ts');

/** The packing slips of these orders (the caller's own, read already), by order id. */
async function slipsOf(
  ctx: AppContext,
  rows: readonly OrderWithType[],
  output: SlipOutput,
): Promise<Map<string, Uint8Array>> {
  const { renderPackingSlip } = await slipRenderer();
  const items = await findOrderItems(
    ctx.db,
    rows.map((r) => r.id),
  );
  const returned = rows.flatMap((r) => (r.returnOf ? [r.returnOf] : []));
  const originals = returned.length === 0 ? [] : await findOrderNumbers(ctx.db, returned);
  const numberOf = new Map(originals.map((o) => [o.id, formatOrderId(o.orderNumber)]));
  const slips = new Map<string, Uint8Array>();
  for (const row of rows) {
    const shipment = toShipment(row);
    const file = await renderPackingSlip(
      {
        orderId: shipment.orderId,
        orderedAt: row.createdAt,
        tracking: row.tracking,
        service: row.labelTypeName,
        from: shipment.from,
        to: shipment.to,
        items: items.get(row.id) ?? [],
        insuredValue: row.insuredValueCents === null ? null : centsToDollars(row.insuredValueCents),
        returnOf: row.returnOf ? (numberOf.get(row.returnOf) ?? null) : null,
      },
      output,
    );
    slips.set(row.id, file);
  }
  return slips;
}

/**
 * Labels with their slips (`?with=slips`): each label's bytes, then its order's packing slip, in the
 * order given; slips are drawn a few orders at a time as the labels stream by.
 */
export async function* withPackingSlips(
  ctx: AppContext,
  labels: AsyncIterable<{ orderId: string; bytes: Uint8Array }>,
  output: SlipOutput,
): AsyncGenerator<Uint8Array> {
  let group: { orderId: string; bytes: Uint8Array }[] = [];
  async function* flush() {
    const rows = await findOrdersByIds(
      ctx.db,
      group.map((l) => l.orderId),
    );
    const slips = await slipsOf(ctx, rows, output);
    for (const label of group) {
      yield label.bytes;
      const slip = slips.get(label.orderId);
      if (slip) yield slip;
    }
    group = [];
  }
  for await (const label of labels) {
    group.push(label);
    if (group.length === FILES_PER_READ) yield* flush();
  }
  if (group.length > 0) yield* flush();
}

/** Pages of a few PDFs (label and slip) as one PDF in the layout, in memory: one order's download. */
export async function pdfInLayout(pdfs: readonly Uint8Array[], layout: '4x6' | 'letter'): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeLabelsInLayout(pdfs, layout, out);
  return Buffer.concat(chunks);
}

/** One order's packing slip as its own drawing (4x6 PDF or ZPL). */
export async function packingSlipOf(
  ctx: AppContext,
  order: OrderWithType,
  output: SlipOutput,
): Promise<Uint8Array> {
  return (await slipsOf(ctx, [order], output)).get(order.id)!;
}

/**
 * GET /order/packing-slip/{id} (decision 330): the order's packing slip, 4x6 PDF, on a Letter page, or
 * ZPL; any order of the caller's (a slip is packed before its label is bought, too).
 */
export async function downloadPackingSlip(
  ctx: AppContext,
  {
    userId,
    id,
    format = 'pdf',
    dpi = 203,
  }: {
    userId: string;
    id: string;
    format?: 'pdf' | 'letter' | 'zpl' | undefined;
    dpi?: LabelDpi | undefined;
  },
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const order = await findOrderForUser(ctx.db, userId, id);
  if (!order) throw orderNotFound();
  const name = `packing-slip-${formatOrderId(order.orderNumber)}`;
  if (format === 'zpl') {
    const zpl = await packingSlipOf(ctx, order, { format: 'zpl', dpi });
    return { fileName: `${name}.zpl`, contentType: 'application/zpl', content: Buffer.from(zpl) };
  }
  const pdf = await packingSlipOf(ctx, order, { format: 'pdf' });
  const content = format === 'letter' ? await pdfInLayout([pdf], 'letter') : Buffer.from(pdf);
  return { fileName: `${name}.pdf`, contentType: 'application/pdf', content };
}

/** A download format that slips cannot follow (PNG images) is refused rather than ignored. */
export const requireSlipFormat = (format: string): void => {
  if (format === 'png') throw AppError.fieldError('with', SLIPS_FORMATS_MESSAGE);
};
