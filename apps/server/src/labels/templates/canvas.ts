import type { BuiltBarcode } from '../barcodes.ts';
import { measuringFonts, type LabelFonts } from './fonts.ts';
import { fitBlock, fitText, type BlockField } from './text-fit.ts';

/**
 * A 4x6 inch label (288 x 432 pt, origin bottom-left) as a layout: the templates "draw" on this canvas,
 * which records text runs, boxes and barcodes at their final positions. The PDF, ZPL and raster backends
 * (../backends/) each draw that one layout; text is measured once, with the PDF's font metrics.
 */
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

/** One line of text; `x` is its left edge, `y` its baseline, `width` its width in the PDF font. */
export type LayoutText = {
  kind: 'text';
  text: string;
  x: number;
  y: number;
  size: number;
  width: number;
  isBold: boolean;
  isWhite: boolean;
  /** How the template anchored it: backends with other fonts keep that edge or centre. */
  align: 'left' | 'center' | 'right';
};
/** A filled box, or a stroked one whose border (of `thickness`) is centred on its edges, as in PDF. */
export type LayoutBox = {
  kind: 'box';
  x: number;
  y: number;
  width: number;
  height: number;
  isFilled: boolean;
  thickness: number;
  isDashed: boolean;
};
export type LayoutBarcode = { kind: 'barcode'; symbol: BuiltBarcode; x: number; y: number };
export type LayoutItem = LayoutText | LayoutBox | LayoutBarcode;

export type LabelLayout = {
  title: string;
  /** Whether the text needs the embedded Unicode font rather than Helvetica (decision 022). */
  isEmbeddedFont: boolean;
  items: LayoutItem[];
};

export type Canvas = { fonts: LabelFonts; layout: LabelLayout };
export type TextOptions = {
  size: number;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
  white?: boolean;
};

export const createCanvas = async (texts: readonly string[], title: string): Promise<Canvas> => {
  const fonts = await measuringFonts(texts);
  return { fonts, layout: { title, isEmbeddedFont: fonts.isEmbedded, items: [] } };
};

/** Where each barcode of a layout went, for tests and scanners. */
export const barcodePlacements = (layout: LabelLayout): BarcodePlacement[] =>
  layout.items.flatMap((item) =>
    item.kind === 'barcode'
      ? [
          {
            bcid: item.symbol.bcid,
            text: item.symbol.text,
            x: item.x,
            y: item.y,
            width: item.symbol.width,
            height: item.symbol.height,
          },
        ]
      : [],
  );

const fontOf = (c: Canvas, bold: boolean | undefined) => (bold ? c.fonts.bold : c.fonts.regular);

/** Draws one line at baseline `y`; `x` is the left edge, centre or right edge per `align`. */
export const drawText = (
  canvas: Canvas,
  text: string,
  x: number,
  y: number,
  options: TextOptions,
): number => {
  const width = fontOf(canvas, options.bold).widthOfTextAtSize(text, options.size);
  const left = options.align === 'center' ? x - width / 2 : options.align === 'right' ? x - width : x;
  if (text !== '')
    canvas.layout.items.push({
      kind: 'text',
      text,
      x: left,
      y,
      size: options.size,
      width,
      isBold: Boolean(options.bold),
      isWhite: Boolean(options.white),
      align: options.align ?? 'left',
    });
  return width;
};

/**
 * The size at which one line fits `maxWidth`: `size` when it fits already, else smaller (a staff-made
 * type's long service name, decision 334; every built-in's text fits at its size).
 */
export const fittingSize = (
  canvas: Canvas,
  text: string,
  size: number,
  maxWidth: number,
  bold?: boolean,
): number => {
  const width = fontOf(canvas, bold).widthOfTextAtSize(text, size);
  return width <= maxWidth ? size : (size * maxWidth) / width;
};

/** Draws text fitted (shrunk, then wrapped) into `maxWidth`; returns the baseline of the last line. */
export const drawFittedText = (
  canvas: Canvas,
  text: string,
  x: number,
  yTop: number,
  maxWidth: number,
  options: TextOptions,
): number => {
  const fitted = fitText(fontOf(canvas, options.bold), text, options.size, maxWidth);
  let y = yTop;
  for (const line of fitted.lines) {
    y -= fitted.size;
    const anchor =
      options.align === 'center' ? x + maxWidth / 2 : options.align === 'right' ? x + maxWidth : x;
    drawText(canvas, line, anchor, y, { ...options, size: fitted.size });
    y -= fitted.size * 0.15;
  }
  return y;
};

export type Field = { text: string | undefined; size: number; bold?: boolean };

/** Stacks address-like fields in a box, shrinking and wrapping so nothing is cut; returns the bottom y. */
export const drawBlock = (
  canvas: Canvas,
  fields: readonly Field[],
  x: number,
  yTop: number,
  maxWidth: number,
  maxHeight: number,
): number => {
  const input: BlockField[] = fields
    .filter((f): f is Field & { text: string } => Boolean(f.text && f.text.trim()))
    .map((f) => ({ text: f.text, size: f.size, font: fontOf(canvas, f.bold) }));
  let y = yTop;
  for (const field of fitBlock(input, maxWidth, maxHeight)) {
    const bold = field.font === canvas.fonts.bold;
    for (const line of field.lines) {
      y -= field.size;
      drawText(canvas, line, x, y, { size: field.size, bold });
      y -= field.size * 0.15;
    }
  }
  return y;
};

export const fillRect = (canvas: Canvas, x: number, y: number, w: number, h: number): void => {
  canvas.layout.items.push({
    kind: 'box',
    x,
    y,
    width: w,
    height: h,
    isFilled: true,
    thickness: 0,
    isDashed: false,
  });
};

/** A stroked box; like PDF, the border is centred on the edges given. */
export const strokeRect = (
  canvas: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  thickness = 1,
  dashed = false,
): void => {
  canvas.layout.items.push({
    kind: 'box',
    x,
    y,
    width: w,
    height: h,
    isFilled: false,
    thickness,
    isDashed: dashed,
  });
};

/** A horizontal rule whose top edge is at `y`. */
export const rule = (canvas: Canvas, y: number, thickness: number, x0 = 0, x1 = LABEL_WIDTH): void =>
  fillRect(canvas, x0, y - thickness, x1 - x0, thickness);

export const TEST_MARK = 'TEST LABEL - NOT VALID FOR POSTAGE';

/** The test-mode mark: white on black, full width, so it cannot be missed or mistaken. */
export const drawTestMark = (canvas: Canvas, y: number, height = 18): void => {
  fillRect(canvas, 4, y, LABEL_WIDTH - 8, height);
  drawText(canvas, TEST_MARK, LABEL_WIDTH / 2, y + (height - 10) / 2 + 1.5, {
    size: 10,
    bold: true,
    align: 'center',
    white: true,
  });
};

/** Places a built symbol with its bottom-left corner at (x, y). */
export const drawBarcode = (canvas: Canvas, built: BuiltBarcode, x: number, y: number): void => {
  canvas.layout.items.push({ kind: 'barcode', symbol: built, x, y });
};
