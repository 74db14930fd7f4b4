import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { buildLinearBarcode, placeBarcode } from './barcodes.ts';
import { embedLabelFonts } from './templates/fonts.ts';

/** What a test-mode SCAN form shows (decision 328). */
export type ScanFormDrawing = {
  /** The form's id: its barcode encodes exactly this. */
  formId: string;
  carrier: string;
  shipDate: string;
  from: {
    name: string;
    company: string;
    street: string;
    street2: string;
    city: string;
    state: string;
    zip: string;
  };
  labels: { orderId: string; tracking: string; service: string }[];
};

export const TEST_FORM_MARK = 'TEST FORM - NOT VALID FOR ACCEPTANCE';

const PAGE_WIDTH = 612; // US Letter, in points
const PAGE_HEIGHT = 792;
const MARGIN = 40;
const ROW = 14;
const black = rgb(0, 0, 0);

/**
 * A SCAN form drawn like USPS PS Form 5630 (Shipment Confirmation Acceptance Notice), on Letter pages:
 * the header with the mailer's address, ship date and package count, a Code 128 barcode of the form's
 * id, a table with every tracking number (continued on further pages), and the test mark on each page.
 * Drawn with the label engine's own pdf-lib fonts and bwip-js symbols.
 */
export async function drawTestScanForm(form: ScanFormDrawing): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`SCAN form ${form.formId}`);
  doc.setProducer('label portal');
  const fromLines = [
    form.from.name,
    form.from.company,
    [form.from.street, form.from.street2].filter(Boolean).join(', '),
    `${form.from.city}, ${form.from.state} ${form.from.zip}`,
  ].filter(Boolean);
  const texts = [...fromLines, ...form.labels.flatMap((l) => [l.orderId, l.tracking, l.service])];
  const fonts = await embedLabelFonts(doc, texts);
  const text = (page: PDFPage, value: string, x: number, y: number, size: number, font: PDFFont) =>
    page.drawText(value, { x, y, size, font, color: black });

  const newPage = (pageNumber: number): { page: PDFPage; y: number } => {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    let y = PAGE_HEIGHT - MARGIN - 12;
    text(page, 'PS Form 5630 - Shipment Confirmation Acceptance Notice', MARGIN, y, 13, fonts.bold);
    text(page, `Page ${pageNumber}`, PAGE_WIDTH - MARGIN - 40, y, 9, fonts.regular);
    y -= 18;
    text(page, TEST_FORM_MARK, MARGIN, y, 12, fonts.bold);
    return { page, y: y - 10 };
  };

  let { page, y } = newPage(1);
  y -= 4;
  text(page, 'Mailer', MARGIN, y, 9, fonts.bold);
  text(page, 'Ship date', 330, y, 9, fonts.bold);
  y -= ROW;
  fromLines.forEach((line, i) => text(page, line, MARGIN, y - i * ROW, 10, fonts.regular));
  text(page, form.shipDate, 330, y, 10, fonts.regular);
  text(page, `Carrier: ${form.carrier.toUpperCase()}`, 330, y - ROW, 10, fonts.regular);
  text(page, `Total packages: ${form.labels.length}`, 330, y - 2 * ROW, 10, fonts.regular);
  y -= Math.max(fromLines.length, 3) * ROW + 10;

  const barcode = buildLinearBarcode({
    bcid: 'code128',
    text: form.formId,
    moduleWidth: 1.2,
    height: 54,
    maxWidth: PAGE_WIDTH - 2 * MARGIN,
  });
  y -= barcode.height;
  placeBarcode(doc, page, barcode, (PAGE_WIDTH - barcode.width) / 2, y);
  y -= 14;
  text(page, `Form ${form.formId}`, (PAGE_WIDTH - barcode.width) / 2, y, 9, fonts.regular);
  y -= 26;

  const header = (at: number) => {
    text(page, '#', MARGIN, at, 9, fonts.bold);
    text(page, 'Tracking number', MARGIN + 36, at, 9, fonts.bold);
    text(page, 'Order', MARGIN + 250, at, 9, fonts.bold);
    text(page, 'Service', MARGIN + 340, at, 9, fonts.bold);
    page.drawLine({
      start: { x: MARGIN, y: at - 4 },
      end: { x: PAGE_WIDTH - MARGIN, y: at - 4 },
      thickness: 0.6,
      color: black,
    });
    return at - ROW - 2;
  };
  y = header(y);
  let pageNumber = 1;
  form.labels.forEach((label, i) => {
    if (y < MARGIN + ROW) {
      ({ page, y } = newPage(++pageNumber));
      y = header(y - 8);
    }
    text(page, String(i + 1), MARGIN, y, 9, fonts.regular);
    text(page, label.tracking, MARGIN + 36, y, 9, fonts.regular);
    text(page, label.orderId, MARGIN + 250, y, 9, fonts.regular);
    text(page, label.service.slice(0, 40), MARGIN + 340, y, 9, fonts.regular);
    y -= ROW;
  });
  return doc.save();
}
