import { DEFAULT_USPS_TEMPLATE } from '../label-services.ts';
import { buildLinearBarcode } from '../barcodes.ts';
import {
  drawBarcode,
  drawBlock,
  drawTestMark,
  drawText,
  fittingSize,
  LABEL_WIDTH,
  rule,
  strokeRect,
  type Canvas,
} from './canvas.ts';
import { addressLines, formatUsDate, formatUspsWeight, zip5 } from './format.ts';
import type { UspsInput } from './label-input.ts';
import { drawUspsPostage, TRACKING_BANNERS } from './usps-postage.ts';
import { drawShipTo } from './ship-to.ts';

/** USPS 4x6 label (Priority Mail, Ground Advantage): icon, postage, banner, addresses, IMpb block. */
export const drawUspsLabel = (canvas: Canvas, input: UspsInput): void => {
  const { shipment, service, tracking } = input;
  const template = shipment.template ?? DEFAULT_USPS_TEMPLATE;
  const top = 426;

  // Service icon block: a 1 inch square with the mail class letter.
  strokeRect(canvas, 6, top - 74, 74, 74, 3);
  drawText(canvas, service.iconLetter, 43, top - 63, { size: 64, bold: true, align: 'center' });

  drawUspsPostage(canvas, input, template, { x: 134, y: top - 74, width: 148, height: 74 });

  rule(canvas, top - 80, 2);
  drawText(canvas, service.banner, LABEL_WIDTH / 2, top - 102, {
    size: fittingSize(canvas, service.banner, service.banner.length > 20 ? 16 : 18, LABEL_WIDTH - 12, true),
    bold: true,
    align: 'center',
  });
  rule(canvas, top - 108, 2);

  // Return address, and the mailing facts at the right.
  drawBlock(
    canvas,
    addressLines(shipment.from).map((text) => ({ text, size: 7.5 })),
    8,
    top - 112,
    168,
    50,
  );
  const facts = [
    formatUsDate(shipment.date),
    formatUspsWeight(shipment.weight, input.weightUnit),
    `Mailed from ${zip5(shipment.from.zip)}`,
  ];
  facts.forEach((text, i) => drawText(canvas, text, 280, top - 121 - i * 9, { size: 7, align: 'right' }));
  strokeRect(canvas, 244, top - 160, 36, 12, 1);
  drawText(canvas, `${shipment.orderId.slice(-4).toUpperCase()}`, 262, top - 157, {
    size: 7,
    bold: true,
    align: 'center',
  });

  drawText(canvas, 'SHIP', 8, top - 178, { size: 8, bold: true });
  drawText(canvas, 'TO:', 8, top - 187, { size: 8, bold: true });
  drawShipTo(
    canvas,
    shipment.to,
    { name: 12, company: 11, street: 11, city: 12 },
    { x: 40, top: top - 168, width: 240, height: 86 },
  );

  // IMpb block between thick rules (15 dots at 203 dpi ~ 5 pt).
  const blockTop = 168;
  rule(canvas, blockTop, 5);
  drawText(canvas, TRACKING_BANNERS[template], LABEL_WIDTH / 2, blockTop - 17, {
    size: 10,
    bold: true,
    align: 'center',
  });
  const barcode = buildLinearBarcode({
    bcid: 'gs1-128',
    text: tracking.impb.barcodeText,
    moduleWidth: 1.08,
    height: 58,
    maxWidth: LABEL_WIDTH - 8,
  });
  drawBarcode(canvas, barcode, (LABEL_WIDTH - barcode.width) / 2, blockTop - 82);
  drawText(canvas, tracking.humanReadable, LABEL_WIDTH / 2, blockTop - 96, {
    size: 11,
    bold: true,
    align: 'center',
  });
  rule(canvas, blockTop - 102, 5);

  if (input.isTestLabel) drawTestMark(canvas, 34);
  drawText(canvas, `Electronic Rate Approved #038555749   REF: ${shipment.orderId}`, LABEL_WIDTH / 2, 14, {
    size: 6.5,
    align: 'center',
  });
};
