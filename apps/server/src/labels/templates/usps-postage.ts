import { formatUsd } from '@portal/shared';
import type { PriorityTemplate } from '@portal/shared';
import { drawFittedText, drawText, fillRect, fittingSize, rule, strokeRect, type Canvas } from './canvas.ts';
import { formatUsDate, formatUspsWeight, zip5 } from './format.ts';
import type { UspsInput } from './label-input.ts';

/**
 * The postage block at the top right of a USPS label, in the style of each postage provider:
 * eVS is a permit imprint, Pitney Bowes a meter-style "US POSTAGE AND FEES PAID" block with the PB mark,
 * Endicia an information-based indicia with the amount, origin and an IBI serial.
 */
export type PostageBox = { x: number; y: number; width: number; height: number };

const drawEvsPermit = (canvas: Canvas, input: UspsInput, box: PostageBox): void => {
  strokeRect(canvas, box.x, box.y, box.width, box.height, 1.2);
  const cx = box.x + box.width / 2;
  const top = box.y + box.height;
  const mailClass = input.service.mailClass;
  const size = fittingSize(canvas, mailClass, 9, box.width - 8, true);
  drawText(canvas, mailClass, cx, top - 14, { size, bold: true, align: 'center' });
  drawText(canvas, 'U.S. POSTAGE PAID', cx, top - 26, { size: 9, bold: true, align: 'center' });
  const company = (input.shipment.from.company || input.shipment.from.name).toUpperCase();
  drawFittedText(canvas, company, box.x + 6, top - 30, box.width - 12, { size: 7.5, align: 'center' });
  drawText(canvas, 'Permit No. 73900', cx, top - 50, { size: 7, align: 'center' });
  drawText(canvas, 'eVS', cx, box.y + 6, { size: 13, bold: true, align: 'center' });
};

const drawPitney = (canvas: Canvas, input: UspsInput, box: PostageBox): void => {
  const { shipment } = input;
  const top = box.y + box.height;
  // PB mark: a black tile with the initials, as on Pitney Bowes meter stamps.
  fillRect(canvas, box.x + box.width - 30, top - 30, 30, 30);
  drawText(canvas, 'pb', box.x + box.width - 15, top - 22, {
    size: 16,
    bold: true,
    align: 'center',
    white: true,
  });
  const x = box.x + 2;
  drawText(canvas, 'US POSTAGE AND FEES PAID', x, top - 8, { size: 6.5, bold: true });
  const mailClass = input.service.mailClass;
  drawText(canvas, mailClass, x, top - 19, {
    size: fittingSize(canvas, mailClass, 9, box.width - 36, true),
    bold: true,
  });
  drawText(canvas, formatUsDate(shipment.date), x, top - 29, { size: 7 });
  drawText(canvas, `ZIP ${zip5(shipment.from.zip)}`, x, top - 38, { size: 7 });
  drawText(canvas, formatUspsWeight(shipment.weight, input.weightUnit), x, top - 47, { size: 7 });
  drawText(canvas, `C062S${input.tracking.trackingNumber.slice(-8)}`, x, top - 56, { size: 7 });
  rule(canvas, box.y + 13, 0.8, box.x, box.x + box.width);
  drawText(canvas, 'ePostage', x, box.y + 3, { size: 8, bold: true });
  drawText(canvas, 'pitney bowes', box.x + box.width, box.y + 3, { size: 8, align: 'right' });
};

const drawEndicia = (canvas: Canvas, input: UspsInput, box: PostageBox): void => {
  const { shipment } = input;
  strokeRect(canvas, box.x, box.y, box.width, box.height, 0.8, true);
  const x = box.x + 5;
  const top = box.y + box.height;
  drawText(canvas, 'US POSTAGE PAID', x, top - 11, { size: 8, bold: true });
  const amount = input.postage === null ? '' : formatUsd(input.postage);
  drawText(canvas, amount, box.x + box.width - 5, top - 26, { size: 15, bold: true, align: 'right' });
  const mailClass = input.service.mailClass;
  drawText(canvas, mailClass, x, top - 23, { size: fittingSize(canvas, mailClass, 7, 76, true), bold: true });
  drawText(canvas, `Origin: ${zip5(shipment.from.zip)}`, x, top - 33, { size: 7 });
  drawText(
    canvas,
    `${formatUsDate(shipment.date)}  ${formatUspsWeight(shipment.weight, input.weightUnit)}`,
    x,
    top - 42,
    { size: 7 },
  );
  drawText(canvas, `0901000${input.tracking.trackingNumber.slice(-6)}`, x, top - 51, { size: 7 });
  fillRect(canvas, box.x, box.y, box.width, 13);
  drawText(canvas, 'endicia', x, box.y + 3.5, { size: 8.5, bold: true, white: true });
  drawText(canvas, 'Commercial', box.x + box.width - 5, box.y + 3.5, {
    size: 7,
    align: 'right',
    white: true,
  });
};

const DRAWERS: Record<PriorityTemplate, (c: Canvas, input: UspsInput, box: PostageBox) => void> = {
  evs: drawEvsPermit,
  pitney: drawPitney,
  indica: drawEndicia,
};

export const drawUspsPostage = (
  canvas: Canvas,
  input: UspsInput,
  template: PriorityTemplate,
  box: PostageBox,
): void => DRAWERS[template](canvas, input, box);

/** The line above the IMpb: each provider labels the tracking block slightly differently. */
export const TRACKING_BANNERS: Record<PriorityTemplate, string> = {
  evs: 'USPS TRACKING # eVS',
  pitney: 'USPS TRACKING #',
  indica: 'USPS TRACKING # EP',
};
