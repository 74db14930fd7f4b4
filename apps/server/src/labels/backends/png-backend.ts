import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import type { LabelLayout, LayoutBox, LayoutText } from '../templates/canvas.ts';
import { drawSymbol } from './draw-symbol.ts';
import { dotScale, labelSizeInDots, symbolInDots, type LabelDpi } from './output.ts';

/**
 * The raster backend: draws the layout on a 4x6 bitmap at the printer's resolution with Skia
 * (@napi-rs/canvas, prebuilt, no system libraries). Text uses DejaVu Sans, squeezed to the width the
 * PDF's font gave it so every box stays where the layout put it; barcodes land on whole dots.
 */
const require = createRequire(import.meta.url);
let fontsRegistered = false;
const registerFonts = (): void => {
  if (fontsRegistered) return;
  GlobalFonts.registerFromPath(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), 'LabelSans');
  GlobalFonts.registerFromPath(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'), 'LabelSansBold');
  fontsRegistered = true;
};

type Dots = ReturnType<typeof dotScale>;

const drawText = (ctx: SKRSContext2D, dots: Dots, textItem: LayoutText): void => {
  ctx.font = `${textItem.size * dots.k}px ${textItem.isBold ? 'LabelSansBold' : 'LabelSans'}`;
  ctx.fillStyle = textItem.isWhite ? '#fff' : '#000';
  ctx.fillText(textItem.text, textItem.x * dots.k, dots.y(textItem.y), Math.max(1, textItem.width * dots.k));
};

/** A border as filled edges of whole dots (crisp on a thermal head); dashed like the PDF's 3 on, 2 off. */
const drawBox = (ctx: SKRSContext2D, dots: Dots, layoutBox: LayoutBox): void => {
  ctx.fillStyle = '#000';
  if (layoutBox.isFilled) {
    const x0 = dots.x(layoutBox.x);
    const y0 = dots.y(layoutBox.y + layoutBox.height);
    ctx.fillRect(
      x0,
      y0,
      Math.max(1, dots.x(layoutBox.x + layoutBox.width) - x0),
      Math.max(1, dots.y(layoutBox.y) - y0),
    );
    return;
  }
  const t = Math.max(1, Math.round(layoutBox.thickness * dots.k));
  const x0 = dots.x(layoutBox.x - layoutBox.thickness / 2);
  const y0 = dots.y(layoutBox.y + layoutBox.height + layoutBox.thickness / 2);
  const w = dots.x(layoutBox.x + layoutBox.width + layoutBox.thickness / 2) - x0;
  const h = dots.y(layoutBox.y - layoutBox.thickness / 2) - y0;
  const edges: Array<[number, number, number, number]> = [
    [x0, y0, w, t],
    [x0, y0 + h - t, w, t],
    [x0, y0, t, h],
    [x0 + w - t, y0, t, h],
  ];
  for (const [x, y, ew, eh] of edges) {
    if (!layoutBox.isDashed) ctx.fillRect(x, y, ew, eh);
    else
      dashes(ew >= eh ? ew : eh, dots.k, (start, len) =>
        ew >= eh ? ctx.fillRect(x + start, y, len, eh) : ctx.fillRect(x, y + start, ew, len),
      );
  }
};

/** Calls `draw(start, length)` for each dash along `length` dots: 3 pt on, 2 pt off. */
export const dashes = (length: number, count: number, draw: (start: number, len: number) => void): void => {
  const on = Math.round(3 * count);
  const period = Math.round(5 * count);
  for (let s = 0; s < length; s += period) draw(s, Math.min(on, length - s));
};

export const drawLayoutAsPng = async (layout: LabelLayout, dpi: LabelDpi): Promise<Uint8Array> => {
  registerFonts();
  const size = labelSizeInDots(dpi);
  const d = dotScale(dpi);
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.textBaseline = 'alphabetic';
  for (const item of layout.items) {
    if (item.kind === 'text') drawText(ctx, d, item);
    else if (item.kind === 'box') drawBox(ctx, d, item);
    else drawSymbol(ctx, item.symbol, symbolInDots(item, dpi));
  }
  return withResolution(await canvas.encode('png'), dpi);
};

/**
 * The PNG with its resolution (`pHYs`, dots per metre) after the header, so print dialogs and label
 * tools print it at 4x6 inches instead of guessing 72 or 96 dpi.
 */
function withResolution(png: Buffer, dpi: LabelDpi): Uint8Array {
  const IHDR_END = 8 + 8 + 13 + 4; // signature, then IHDR's length, type, 13 data bytes and CRC
  const perMetre = Math.round(dpi / 0.0254);
  const chunk = Buffer.alloc(21);
  chunk.writeUInt32BE(9, 0);
  chunk.write('pHYs', 4, 'latin1');
  chunk.writeUInt32BE(perMetre, 8);
  chunk.writeUInt32BE(perMetre, 12);
  chunk.writeUInt8(1, 16); // unit: metre
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 17)), 17);
  return new Uint8Array(Buffer.concat([png.subarray(0, IHDR_END), chunk, png.subarray(IHDR_END)]));
}
