import { buildLinearBarcode, buildMatrixBarcode, type BuiltBarcode } from '../barcodes.ts';
import {
  drawBarcode,
  drawBlock,
  drawTestMark,
  drawText,
  fillRect,
  fittingSize,
  LABEL_WIDTH,
  rule,
  type Canvas,
} from './canvas.ts';
import {
  addressLines,
  EOT,
  formatPhone,
  GS,
  formatUpsDate,
  julianDay,
  RS,
  toBarcodeAscii,
  toPounds,
  zip5,
} from './format.ts';
import type { UpsInput } from './label-input.ts';

/**
 * UPS 4x6 label: shipper, weight and 1 OF 1, SHIP TO, MaxiCode with routing code and postal barcode,
 * service bar with the black service box, the 1Z barcode, billing.
 */

const isUsZip = (zip: string): boolean => /^\d{5}(-?\d{4})?$/.test(zip.trim());

/** MaxiCode message (LABELS.md section 2): mode 2 for US ZIPs, mode 3 for alphanumeric postcodes. */
export const upsMaxicodeData = (input: UpsInput, addressLimit = 40): { text: string; mode: 2 | 3 } => {
  const { shipment, tracking, service } = input;
  const to = shipment.to;
  const isUs = isUsZip(to.zip);
  // Mode 2 carries 9 digits: a 5-digit ZIP is sent as ZIP + 0000, which is what scanners return.
  const postal = isUs
    ? to.zip.replace(/\D/g, '').padEnd(9, '0')
    : toBarcodeAscii(to.zip).replace(/\s/g, '').slice(0, 6);
  const country = (to.country ?? 'US').toUpperCase() === 'CA' ? '124' : '840';
  const pounds = Math.max(1, Math.ceil(toPounds(shipment.weight, input.weightUnit)));
  const fields = [
    postal,
    country,
    service.maxicodeClassOfService,
    tracking.maxicodeTracking,
    'UPSN',
    tracking.shipperNumber,
    julianDay(shipment.date),
    '',
    '1/1',
    String(pounds),
    'Y',
    toBarcodeAscii(to.street1).slice(0, addressLimit).trim(),
    toBarcodeAscii(to.city).slice(0, addressLimit).trim(),
    toBarcodeAscii(to.state),
  ];
  return { text: `[)>${RS}01${GS}96${fields.join(GS)}${RS}${EOT}`, mode: isUs ? 2 : 3 };
};

/**
 * MaxiCode holds about 84 characters after the primary message: the street and city in it are routing
 * aids (the printed address is complete), so they are shortened until the message fits.
 */
export const buildUpsMaxicode = (input: UpsInput): BuiltBarcode & { text: string } => {
  for (let limit = 30; ; limit -= 4) {
    const data = upsMaxicodeData(input, Math.max(limit, 0));
    try {
      return {
        ...buildMatrixBarcode({ bcid: 'maxicode', text: data.text, width: 80, options: { mode: data.mode } }),
        text: data.text,
      };
    } catch (error) {
      if (limit <= 0) throw error;
    }
  }
};

/** Postal routing barcode: AI 420 + ZIP at home, AI 421 + ISO country + postcode for Canada. */
export const upsPostalBarcode = (input: UpsInput): { text: string; scanned: string } => {
  const to = input.shipment.to;
  if (isUsZip(to.zip)) return { text: `(420)${zip5(to.zip)}`, scanned: `420${zip5(to.zip)}` };
  const postcode = toBarcodeAscii(to.zip).replace(/\s/g, '');
  return { text: `(421)124${postcode}`, scanned: `421124${postcode}` };
};

const routingCode = (input: UpsInput): string => {
  const to = input.shipment.to;
  const digits = to.zip.replace(/\W/g, '').toUpperCase();
  const sort = (Number.parseInt(digits.replace(/\D/g, '').slice(-2) || '0', 10) % 9) + 1;
  return `${toBarcodeAscii(to.state).slice(0, 2)} ${digits.slice(0, 3)} ${sort}-0${sort}`;
};

export const drawUpsLabel = (canvas: Canvas, input: UpsInput): void => {
  const { shipment, service, tracking } = input;
  const pounds = Math.max(1, Math.ceil(toPounds(shipment.weight, input.weightUnit)));
  const top = 426;

  const [fName, fCompany, fStreet1, fStreet2, fCity] = addressLines(shipment.from);
  drawBlock(
    canvas,
    [fName, formatPhone(shipment.from.phone), fCompany, fStreet1, fStreet2, fCity].map((text) => ({
      text,
      size: 7.5,
    })),
    8,
    top,
    170,
    60,
  );
  drawText(canvas, `${pounds} LBS`, 280, top - 14, { size: 14, bold: true, align: 'right' });
  drawText(canvas, '1 OF 1', 280, top - 30, { size: 12, bold: true, align: 'right' });
  drawText(
    canvas,
    `SHP#: ${tracking.shipperNumber} ${tracking.trackingNumber.slice(-8, -4)}`,
    280,
    top - 44,
    {
      size: 6.5,
      align: 'right',
    },
  );
  drawText(canvas, `SHP WT: ${pounds} LBS`, 280, top - 52, { size: 6.5, align: 'right' });
  drawText(canvas, `DATE: ${formatUpsDate(shipment.date)}`, 280, top - 60, { size: 6.5, align: 'right' });

  drawText(canvas, 'SHIP', 8, top - 78, { size: 8, bold: true });
  drawText(canvas, 'TO:', 8, top - 87, { size: 8, bold: true });
  const [name, company, street1, street2, city] = addressLines(shipment.to);
  drawBlock(
    canvas,
    [
      { text: name, size: 11, bold: true },
      { text: formatPhone(shipment.to.phone), size: 9 },
      { text: company, size: 10 },
      { text: street1, size: 11, bold: true },
      { text: street2, size: 11, bold: true },
      { text: city, size: 14, bold: true },
    ],
    36,
    top - 68,
    244,
    76,
  );

  rule(canvas, 280, 1.5);
  const mc = buildUpsMaxicode(input);
  drawBarcode(canvas, mc, 12, 272 - mc.height);
  drawText(canvas, routingCode(input), 110, 246, { size: 20, bold: true });
  const postal = buildLinearBarcode({
    bcid: 'gs1-128',
    text: upsPostalBarcode(input).text,
    moduleWidth: 1.1,
    height: 44,
    maxWidth: 170,
  });
  drawBarcode(canvas, postal, 112, 192);

  rule(canvas, 184, 5);
  drawText(canvas, service.serviceName, 8, 160, {
    size: fittingSize(canvas, service.serviceName, service.serviceName.length > 14 ? 15 : 17, 228, true),
    bold: true,
  });
  fillRect(canvas, 240, 148, 42, 32);
  if (service.serviceBox)
    drawText(canvas, service.serviceBox, 261, 156, { size: 19, bold: true, align: 'center', white: true });
  drawText(canvas, `TRACKING #: ${tracking.humanReadable}`, 8, 141, { size: 10, bold: true });
  rule(canvas, 136, 0.8);

  const main = buildLinearBarcode({
    bcid: 'code128',
    text: tracking.trackingNumber,
    moduleWidth: 1.3,
    height: 70,
    maxWidth: LABEL_WIDTH - 16,
  });
  drawBarcode(canvas, main, (LABEL_WIDTH - main.width) / 2, 60);

  rule(canvas, 54, 5);
  drawText(canvas, 'BILLING: P/P', 8, 38, { size: 8, bold: true });
  drawText(canvas, `REF: ${shipment.orderId}`, 280, 38, { size: 7, align: 'right' });
  if (input.isTestLabel) drawTestMark(canvas, 8);
};
