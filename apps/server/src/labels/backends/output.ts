import type { LabelDpi } from '@portal/shared';
import { LABEL_HEIGHT, LABEL_WIDTH, type LayoutBarcode } from '../templates/canvas.ts';

/** Printer resolutions the ZPL and PNG backends draw for: 203 and 300 dpi (8 and 12 dots per mm). */
export type { LabelDpi };

/** A 4x6 label in whole dots: 812 x 1218 at 203 dpi, 1200 x 1800 at 300 dpi. */
export const labelSizeInDots = (dpi: LabelDpi): { width: number; height: number } => ({
  width: Math.round((LABEL_WIDTH * dpi) / 72),
  height: Math.round((LABEL_HEIGHT * dpi) / 72),
});

/** Points (origin bottom-left) to dots (origin top-left). */
export const dotScale = (dpi: LabelDpi) => {
  const k = dpi / 72;
  return { k, x: (pt: number) => Math.round(pt * k), y: (pt: number) => Math.round((LABEL_HEIGHT - pt) * k) };
};

/**
 * Where a symbol goes in dots. Bars and PDF417 modules take a whole number of dots each (a printer
 * cannot draw a fraction of one), at most the size the layout gave them, centred in its box;
 * MaxiCode's hexagons have no grid to keep, so it is scaled to its box exactly.
 */
export type SymbolInDots = {
  left: number;
  top: number;
  sx: number;
  sy: number;
  width: number;
  height: number;
};

export const symbolInDots = (item: LayoutBarcode, dpi: LabelDpi): SymbolInDots => {
  const { symbol } = item;
  const { k } = dotScale(dpi);
  const { unitWidth, unitHeight } = symbol.shapes;
  const boxWidth = symbol.width * k;
  const boxHeight = symbol.height * k;
  let sx: number;
  let sy: number;
  if (symbol.bcid === 'maxicode') {
    sx = boxWidth / unitWidth;
    sy = boxHeight / unitHeight;
  } else if (symbol.bcid === 'pdf417') {
    sx = Math.max(1, Math.floor(boxWidth / unitWidth + 1e-6));
    sy = sx;
  } else {
    sx = Math.max(1, Math.floor(boxWidth / unitWidth + 1e-6));
    sy = Math.round(boxHeight) / unitHeight;
  }
  const width = sx * unitWidth;
  const height = sy * unitHeight;
  return {
    left: Math.round(item.x * k + (boxWidth - width) / 2),
    top: Math.round((LABEL_HEIGHT - item.y - symbol.height) * k + (boxHeight - height) / 2),
    sx,
    sy,
    width: Math.round(width),
    height: Math.round(height),
  };
};
