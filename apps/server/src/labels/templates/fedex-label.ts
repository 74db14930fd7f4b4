import { buildLinearBarcode, buildMatrixBarcode } from '../barcodes.ts';
import {
  drawBarcode,
  drawBlock,
  drawTestMark,
  drawText,
  fillRect,
  fittingSize,
  LABEL_WIDTH,
  rule,
  strokeRect,
  type Canvas,
} from './canvas.ts';
import {
  addressLines,
  EOT,
  formatFedexDate,
  formatPhone,
  GS,
  julianDay,
  RS,
  toBarcodeAscii,
  toPounds,
  zip5,
} from './format.ts';
import type { FedexInput } from './label-input.ts';
import { drawShipTo } from './ship-to.ts';

/**
 * FedEx 4x6 label: FROM with ship date and weight at the right, TO with phone, PDF417, the FedEx mark
 * with the service letter box, TRK#, and the 34-digit Code 128 with its digits.
 */

/** PDF417 message after ANSI MH10.8.3 as on FedEx labels (LABELS.md section 3). */
export const fedexPdf417Data = (input: FedexInput): string => {
  const { shipment, tracking, service } = input;
  const to = shipment.to;
  const pounds = toPounds(shipment.weight, input.weightUnit).toFixed(2);
  const header = [
    `02${zip5(to.zip)}`,
    '840',
    service.pdf417Class,
    tracking.trackingNumber,
    service.isGround ? 'FDEG' : 'FDE',
    tracking.account,
    julianDay(shipment.date),
    '',
    '1/1',
    `${pounds}LB`,
    'N',
    toBarcodeAscii(to.street1),
    toBarcodeAscii(to.city),
    toBarcodeAscii(to.state),
    toBarcodeAscii(to.name),
  ].join(GS);
  const phone = (to.phone ?? '').replace(/\D/g, '');
  const extra = [
    `06`,
    `10ZGD${service.formCode}`,
    `12Z${phone}`,
    `31Z${tracking.barcode34}`,
    `9K${toBarcodeAscii(shipment.orderId)}`,
    '',
  ].join(GS);
  return `[)>${RS}01${GS}${header}${RS}${extra}${RS}${EOT}`;
};

export const drawFedexLabel = (canvas: Canvas, input: FedexInput): void => {
  const { shipment, service, tracking } = input;
  const top = 426;
  const from = shipment.from;
  drawText(canvas, `ORIGIN ID: ${zip5(from.zip)}   ${formatPhone(from.phone) ?? ''}`, 8, top - 7, {
    size: 6.5,
  });
  const [fName, fCompany, fStreet1, fStreet2, fCity] = addressLines(from);
  drawBlock(
    canvas,
    [fName, fCompany, fStreet1, fStreet2, fCity, 'UNITED STATES US'].map((text) => ({ text, size: 7 })),
    8,
    top - 9,
    160,
    56,
  );

  const dims = shipment.dimensions;
  const facts = [
    `SHIP DATE: ${formatFedexDate(shipment.date)}`,
    `ACTWGT: ${toPounds(shipment.weight, input.weightUnit).toFixed(2)} LB`,
    `CAD: ${tracking.account.slice(0, 7)}/INET4535`,
    dims ? `DIMS: ${dims.length}x${dims.width}x${dims.height} ${dims.unit.toUpperCase()}` : '',
    'BILL SENDER',
  ];
  facts.forEach((text, i) => drawText(canvas, text, 176, top - 7 - i * 9, { size: 6.5, bold: i === 4 }));

  drawText(canvas, 'TO', 8, top - 80, { size: 10, bold: true });
  const bottom = drawShipTo(
    canvas,
    shipment.to,
    { name: 12, company: 10, street: 11, city: 13 },
    { x: 26, top: top - 70, width: 254, height: 70 },
  );
  drawText(canvas, formatPhone(shipment.to.phone) ?? '', 26, bottom - 10, { size: 9, bold: true });
  drawText(canvas, `REF: ${shipment.orderId}`, 280, bottom - 10, { size: 7, align: 'right' });
  rule(canvas, 264, 1);

  const pdf417 = buildMatrixBarcode({
    bcid: 'pdf417',
    text: fedexPdf417Data(input),
    width: 158,
    options: { columns: 6 },
  });
  drawBarcode(canvas, pdf417, 10, 258 - pdf417.height);

  // FedEx service mark with the boxed service letter at the right.
  drawText(canvas, 'FedEx', 176, 230, { size: 21, bold: true });
  drawText(
    canvas,
    service.isGround ? (service.serviceLetter === 'H' ? 'Home Delivery' : 'Ground') : 'Express',
    178,
    218,
    { size: 9, bold: true },
  );
  fillRect(canvas, 246, 206, 36, 46);
  drawText(canvas, service.serviceLetter, 264, 215, { size: 34, bold: true, align: 'center', white: true });
  strokeRect(canvas, 176, 190, 106, 12, 0.8);
  drawText(canvas, 'J25101122501uv', 229, 193, { size: 6.5, align: 'center' });

  const trkTop = Math.min(184, 254 - pdf417.height);
  rule(canvas, trkTop, 1);
  drawText(canvas, 'TRK#', 8, trkTop - 12, { size: 7, bold: true });
  drawText(canvas, tracking.humanReadable, 30, trkTop - 18, { size: 15, bold: true });
  drawText(canvas, service.isGround ? '0263' : '0201', 30, trkTop - 28, { size: 7 });
  drawText(canvas, service.serviceName, 280, trkTop - 12, {
    size: fittingSize(canvas, service.serviceName, 10, 126, true),
    bold: true,
    align: 'right',
  });
  drawText(
    canvas,
    service.isGround
      ? `${zip5(shipment.to.zip)}`
      : `${zip5(shipment.to.zip)} ${toBarcodeAscii(shipment.to.state).slice(0, 2)}-US`,
    280,
    trkTop - 24,
    { size: 9, bold: true, align: 'right' },
  );
  drawText(
    canvas,
    `XH ${toBarcodeAscii(shipment.to.city).replace(/\s/g, '').slice(0, 4).padEnd(4, 'A')}`,
    8,
    trkTop - 46,
    { size: 18, bold: true },
  );

  const main = buildLinearBarcode({
    bcid: 'code128',
    text: tracking.barcode34,
    moduleWidth: 1.15,
    height: 62,
    maxWidth: LABEL_WIDTH - 8,
  });
  drawBarcode(canvas, main, (LABEL_WIDTH - main.width) / 2, 40);
  drawText(canvas, tracking.barcode34Text, LABEL_WIDTH / 2, 31, { size: 7, align: 'center' });
  if (input.isTestLabel) drawTestMark(canvas, 8, 18);
};
