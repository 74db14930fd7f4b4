import { buildLinearBarcode } from '../barcodes.ts';
import type { Address } from '../types.ts';
import {
  drawBarcode,
  drawBlock,
  drawFittedText,
  drawText,
  LABEL_WIDTH,
  rule,
  type Canvas,
} from './canvas.ts';
import { addressLines, toBarcodeAscii } from './format.ts';

/** What a packing slip says about its order (decision 330). */
export type PackingSlipInput = {
  /** `LBL-10001`. */
  orderId: string;
  orderedAt: Date;
  tracking: string | null;
  /** The label type's name (the service the parcel ships with). */
  service: string;
  from: Address;
  to: Address;
  items: readonly { sku: string; title: string; quantity: number }[];
  /** Declared value in dollars (null: not insured). */
  insuredValue: number | null;
  /** The order this parcel returns (`LBL-...`), for a return label's slip. */
  returnOf: string | null;
};

const usd = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Every text a slip may draw: the fonts are chosen for all of it at once (decision 022). */
export const packingSlipTexts = (input: PackingSlipInput): string[] => [
  ...addressLines(input.from).filter((l): l is string => Boolean(l)),
  ...addressLines(input.to).filter((l): l is string => Boolean(l)),
  ...input.items.flatMap((i) => [i.sku, i.title]),
  input.service,
];

const ROW_FLOOR = 86;

/**
 * A 4x6 packing slip: the order, who it ships to and from, a table of its items (quantity, SKU, title)
 * with their totals, the declared value, and the order id as a Code 128 barcode for the packing bench.
 */
export const drawPackingSlip = (canvas: Canvas, input: PackingSlipInput): void => {
  const right = LABEL_WIDTH - 8;
  drawText(canvas, 'PACKING SLIP', 8, 408, { size: 17, bold: true });
  drawText(canvas, input.orderId, right, 408, { size: 12, bold: true, align: 'right' });
  drawText(canvas, `Ordered ${longDate(input.orderedAt)}`, 8, 394, { size: 7.5 });
  drawText(canvas, input.service, right, 394, { size: 7.5, align: 'right' });
  if (input.tracking) drawText(canvas, `Tracking ${input.tracking}`, 8, 384, { size: 7.5 });
  if (input.returnOf)
    drawText(canvas, `Return of ${input.returnOf}`, right, 384, { size: 7.5, bold: true, align: 'right' });
  rule(canvas, 378, 1.5);

  drawText(canvas, 'SHIP TO', 8, 366, { size: 7, bold: true });
  const [name, ...rest] = addressLines(input.to);
  drawBlock(
    canvas,
    [{ text: name, size: 10, bold: true }, ...rest.map((text) => ({ text, size: 8.5 }))],
    8,
    362,
    150,
    64,
  );
  drawText(canvas, 'FROM', 170, 366, { size: 7, bold: true });
  drawBlock(
    canvas,
    addressLines(input.from).map((text) => ({ text, size: 7 })),
    170,
    362,
    right - 170,
    64,
  );
  rule(canvas, 292, 1.5);

  const columns = { qty: 30, sku: 38, title: 118 };
  drawText(canvas, 'QTY', columns.qty, 282, { size: 7, bold: true, align: 'right' });
  drawText(canvas, 'SKU', columns.sku, 282, { size: 7, bold: true });
  drawText(canvas, 'ITEM', columns.title, 282, { size: 7, bold: true });
  rule(canvas, 278, 0.75);

  let y = 276;
  let shown = 0;
  for (const item of input.items) {
    if (y - 12 < ROW_FLOOR) break;
    const top = y;
    drawText(canvas, String(item.quantity), columns.qty, top - 9, { size: 9, bold: true, align: 'right' });
    const skuBottom = drawFittedText(canvas, item.sku, columns.sku, top, columns.title - columns.sku - 6, {
      size: 8,
    });
    const titleBottom = drawFittedText(canvas, item.title, columns.title, top, right - columns.title, {
      size: 8,
    });
    y = Math.min(skuBottom, titleBottom, top - 11) - 3;
    rule(canvas, y + 1, 0.25, 8, right);
    shown += 1;
  }
  if (input.items.length === 0)
    drawText(canvas, 'No items were given for this order.', 8, y - 10, { size: 8 });
  else if (shown < input.items.length)
    drawText(canvas, `... and ${input.items.length - shown} more items`, columns.title, y - 9, { size: 8 });

  const units = input.items.reduce((sum, i) => sum + i.quantity, 0);
  rule(canvas, 80, 1.5);
  const count = input.items.length;
  drawText(
    canvas,
    `${count} ${count === 1 ? 'item' : 'items'}, ${units} ${units === 1 ? 'unit' : 'units'}`,
    8,
    68,
    {
      size: 8,
      bold: true,
    },
  );
  if (input.insuredValue !== null)
    drawText(canvas, `Insured for ${usd(input.insuredValue)}`, right, 68, { size: 8, align: 'right' });
  const barcode = buildLinearBarcode({
    bcid: 'code128',
    text: toBarcodeAscii(input.orderId),
    moduleWidth: 1,
    height: 30,
    maxWidth: 160,
  });
  drawBarcode(canvas, barcode, 8, 22);
  drawText(canvas, input.orderId, 8 + barcode.width / 2, 12, { size: 7, align: 'center' });
  drawText(canvas, 'Thank you for your order!', right, 30, { size: 8, bold: true, align: 'right' });
};
