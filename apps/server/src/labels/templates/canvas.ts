import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { placeBarcode, type BuiltBarcode } from '../barcodes.ts';
import { embedLabelFonts, type LabelFonts } from './fonts.ts';
import { fitBlock, fitText, type BlockField } from './text-fit.ts';

/** A 4x6 inch page (288 x 432 pt, origin bottom-left) with the label fonts and drawing helpers. */
export const LABEL_WIDTH = 288;
export const LABEL_HEIGHT = 432;

/** Where a symbol was drawn (points, origin bottom-left): lets tests crop and decode each one. */
export type BarcodePlacement = {
  bcid: string;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
};
export type Canvas = { doc: PDFDocument; page: PDFPage; fonts: LabelFonts; barcodes: BarcodePlacement[] };
export type TextOptions = {
  size: number;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
  white?: boolean;
};

export const createCanvas = async (texts: readonly string[], title: string): Promise<Canvas> => {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setProducer('label portal');
  const fonts = await embedLabelFonts(doc, texts);
  const page = doc.addPage([LABEL_WIDTH, LABEL_HEIGHT]);
  return { doc, page, fonts, barcodes: [] };
};

const fontOf = (c: Canvas, bold: boolean | undefined): PDFFont => (bold ? c.fonts.bold : c.fonts.regular);

/** Draws one line at baseline `y`; `x` is the left edge, centre or right edge per `align`. */
export const drawText = (c: Canvas, text: string, x: number, y: number, o: TextOptions): number => {
  const font = fontOf(c, o.bold);
  const width = font.widthOfTextAtSize(text, o.size);
  const left = o.align === 'center' ? x - width / 2 : o.align === 'right' ? x - width : x;
  c.page.drawText(text, { x: left, y, size: o.size, font, color: o.white ? rgb(1, 1, 1) : rgb(0, 0, 0) });
  return width;
};

/** Draws text fitted (shrunk, then wrapped) into `maxWidth`; returns the baseline of the last line. */
export const drawFittedText = (
  c: Canvas,
  text: string,
  x: number,
  yTop: number,
  maxWidth: number,
  o: TextOptions,
): number => {
  const fitted = fitText(fontOf(c, o.bold), text, o.size, maxWidth);
  let y = yTop;
  for (const line of fitted.lines) {
    y -= fitted.size;
    const anchor = o.align === 'center' ? x + maxWidth / 2 : o.align === 'right' ? x + maxWidth : x;
    drawText(c, line, anchor, y, { ...o, size: fitted.size });
    y -= fitted.size * 0.15;
  }
  return y;
};

export type Field = { text: string | undefined; size: number; bold?: boolean };

/** Stacks address-like fields in a box, shrinking and wrapping so nothing is cut; returns the bottom y. */
export const drawBlock = (
  c: Canvas,
  fields: readonly Field[],
  x: number,
  yTop: number,
  maxWidth: number,
  maxHeight: number,
): number => {
  const input: BlockField[] = fields
    .filter((f): f is Field & { text: string } => Boolean(f.text && f.text.trim()))
    .map((f) => ({ text: f.text, size: f.size, font: fontOf(c, f.bold) }));
  let y = yTop;
  for (const field of fitBlock(input, maxWidth, maxHeight)) {
    for (const line of field.lines) {
      y -= field.size;
      c.page.drawText(line, { x, y, size: field.size, font: field.font });
      y -= field.size * 0.15;
    }
  }
  return y;
};

export const fillRect = (c: Canvas, x: number, y: number, w: number, h: number): void =>
  c.page.drawRectangle({ x, y, width: w, height: h, color: rgb(0, 0, 0) });

export const strokeRect = (
  c: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  thickness = 1,
  dashed = false,
): void =>
  c.page.drawRectangle({
    x,
    y,
    width: w,
    height: h,
    borderColor: rgb(0, 0, 0),
    borderWidth: thickness,
    ...(dashed ? { borderDashArray: [3, 2] } : {}),
  });

/** A horizontal rule whose top edge is at `y`. */
export const rule = (c: Canvas, y: number, thickness: number, x0 = 0, x1 = LABEL_WIDTH): void =>
  fillRect(c, x0, y - thickness, x1 - x0, thickness);

export const TEST_MARK = 'TEST LABEL - NOT VALID FOR POSTAGE';

/** The test-mode mark: white on black, full width, so it cannot be missed or mistaken. */
export const drawTestMark = (c: Canvas, y: number, height = 18): void => {
  fillRect(c, 4, y, LABEL_WIDTH - 8, height);
  drawText(c, TEST_MARK, LABEL_WIDTH / 2, y + (height - 10) / 2 + 1.5, {
    size: 10,
    bold: true,
    align: 'center',
    white: true,
  });
};

/** Draws a built symbol with its bottom-left corner at (x, y) and records where it went. */
export const drawBarcode = (c: Canvas, built: BuiltBarcode, x: number, y: number): void => {
  placeBarcode(c.doc, c.page, built, x, y);
  c.barcodes.push({ bcid: built.bcid, text: built.text, x, y, width: built.width, height: built.height });
};
