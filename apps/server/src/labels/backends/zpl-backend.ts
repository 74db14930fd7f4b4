import { createCanvas } from '@napi-rs/canvas';
import type { BuiltBarcode } from '../barcodes.ts';
import type { LabelLayout, LayoutBarcode, LayoutBox, LayoutText } from '../templates/canvas.ts';
import { drawSymbol } from './draw-symbol.ts';
import { dotScale, labelSizeInDots, symbolInDots, type LabelDpi, type SymbolInDots } from './output.ts';
import { dashes } from './png-backend.ts';

/**
 * The ZPL II backend: one ^XA...^XZ label per layout, for a Zebra-compatible printer at 203 or 300 dpi.
 * Text uses the printer's scalable font 0 in a field block anchored like the template anchored it;
 * Code 128 / GS1-128, PDF417 and MaxiCode use the printer's own symbologies (^BC, ^B7, ^BD) with the
 * same data as the PDF's; any other symbol would go as a ^GF bitmap of the same bwip-js shapes.
 */
type Dots = ReturnType<typeof dotScale>;

/** Field data with ^FH: the ZPL command characters and control codes go as _XX hex escapes. */
const isZplSpecial = (ch: string): boolean => {
  const code = ch.charCodeAt(0);
  return code < 0x20 || code === 0x7f || ch === '^' || ch === '~' || ch === '_';
};
const fieldData = (text: string): string =>
  `^FH_^FD${[...text].map((ch) => (isZplSpecial(ch) ? `_${ch.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}` : ch)).join('')}^FS`;

const box = (x: number, y: number, w: number, h: number, thickness: number): string =>
  `^FO${x},${y}^GB${Math.max(1, w)},${Math.max(1, h)},${Math.max(1, Math.min(thickness, w, h))}^FS`;

const zplBox = (dots: Dots, layoutBox: LayoutBox): string => {
  if (layoutBox.isFilled) {
    const x0 = dots.x(layoutBox.x);
    const y0 = dots.y(layoutBox.y + layoutBox.height);
    const w = dots.x(layoutBox.x + layoutBox.width) - x0;
    const h = dots.y(layoutBox.y) - y0;
    return box(x0, y0, w, h, Math.min(w, h));
  }
  const t = Math.max(1, Math.round(layoutBox.thickness * dots.k));
  const x0 = dots.x(layoutBox.x - layoutBox.thickness / 2);
  const y0 = dots.y(layoutBox.y + layoutBox.height + layoutBox.thickness / 2);
  const w = dots.x(layoutBox.x + layoutBox.width + layoutBox.thickness / 2) - x0;
  const h = dots.y(layoutBox.y - layoutBox.thickness / 2) - y0;
  if (!layoutBox.isDashed) return box(x0, y0, w, h, t);
  let out = '';
  for (const [x, y, ew, eh] of [
    [x0, y0, w, t],
    [x0, y0 + h - t, w, t],
    [x0, y0, t, h],
    [x0 + w - t, y0, t, h],
  ] as const)
    dashes(ew >= eh ? ew : eh, dots.k, (s, len) => {
      out += ew >= eh ? box(x + s, y, len, eh, eh) : box(x, y + s, ew, len, ew);
    });
  return out;
};

// Font 0's cell is about 1.25 times the size of the text in it; its baseline sits 0.8 cell down.
const CELL_PER_POINT_SIZE = 1.1;
const BASELINE_IN_CELL = 0.78;

const zplText = (dots: Dots, textItem: LayoutText, labelWidth: number): string => {
  const cell = Math.max(10, Math.round(textItem.size * dots.k * CELL_PER_POINT_SIZE));
  const top = Math.max(0, dots.y(textItem.y) - Math.round(cell * BASELINE_IN_CELL));
  // The block reaches past the PDF width on the open side(s), so a wider printer font never wraps.
  const width = Math.round(textItem.width * dots.k);
  const slack = Math.round(width * 0.3) + cell;
  const x = dots.x(textItem.x);
  let left: number;
  let right: number;
  if (textItem.align === 'center') {
    const centre = x + width / 2;
    const half = Math.min(centre, labelWidth - centre, width / 2 + slack / 2);
    left = Math.round(centre - half);
    right = Math.round(centre + half);
  } else if (textItem.align === 'right') {
    right = x + width;
    left = Math.max(0, right - width - slack);
  } else {
    left = x;
    right = Math.min(labelWidth, x + width + slack);
  }
  const blockWidth = right - left;
  const justify = textItem.align === 'center' ? 'C' : textItem.align === 'right' ? 'R' : 'L';
  return `^FO${left},${top}^A0N,${cell},${cell}^FB${blockWidth},1,0,${justify}${textItem.isWhite ? '^FR' : ''}${fieldData(textItem.text)}`;
};

const GS = '\x1d';
const RS = '\x1e';

/**
 * ^BD takes the structured carrier message as "class, country, postcode" first, then the rest of the
 * message from the tracking number on; bwip-js takes it in the order a scanner returns it.
 */
const maxicodeFieldData = (text: string): string => {
  const header = `[)>${RS}01${GS}96`;
  const fields = text.slice(header.length).split(GS);
  const [postal = '', country = '', service = '', ...rest] = fields;
  const hpm = `${service.padStart(3, '0')}${country.padStart(3, '0')}${postal.padEnd(9, ' ')}`;
  return `${hpm}${header}${rest.join(GS)}`;
};

/** GS1-128 in the printer's UCC/EAN mode: each AI in brackets, and an explicit FNC1 (>8) between them. */
const gs1FieldData = (text: string): string =>
  text
    .split('(')
    .filter(Boolean)
    .map((part) => `(${part}`)
    .join('>8');

const bitmapSymbol = (symbol: BuiltBarcode, at: SymbolInDots): string => {
  const canvas = createCanvas(at.width, at.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, at.width, at.height);
  drawSymbol(ctx, symbol, { ...at, left: 0, top: 0 });
  const { data } = ctx.getImageData(0, 0, at.width, at.height);
  const rowBytes = Math.ceil(at.width / 8);
  const bytes = Buffer.alloc(rowBytes * at.height);
  for (let y = 0; y < at.height; y++)
    for (let x = 0; x < at.width; x++)
      if (data[(y * at.width + x) * 4]! < 128) bytes[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
  return `^FO${at.left},${at.top}^GFA,${bytes.length},${bytes.length},${rowBytes},${bytes.toString('hex').toUpperCase()}^FS`;
};

const zplBarcode = (item: LayoutBarcode, dpi: LabelDpi): string => {
  const { symbol } = item;
  const at = symbolInDots(item, dpi);
  const origin = `^FO${at.left},${at.top}`;
  switch (symbol.bcid) {
    case 'code128':
      return `${origin}^BY${at.sx}^BCN,${at.height},N,N,N,A${fieldData(symbol.text)}`;
    case 'gs1-128':
      return `${origin}^BY${at.sx}^BCN,${at.height},N,N,N,D^FD${gs1FieldData(symbol.text)}^FS`;
    case 'pdf417': {
      const columns = Number(symbol.options.columns ?? 0);
      return `${origin}^BY${at.sx}^B7N,${at.sy * 3},${PDF417_SECURITY},${columns},,N${fieldData(symbol.text)}`;
    }
    case 'maxicode':
      return `${origin}^BD${Number(symbol.options.mode ?? 2)},1,1${fieldData(maxicodeFieldData(symbol.text))}`;
    default:
      return bitmapSymbol(symbol, at);
  }
};

/** PDF417 error correction level 5, as bwip-js picks for a message of a FedEx label's length. */
const PDF417_SECURITY = 5;

export const drawLayoutAsZpl = (layout: LabelLayout, dpi: LabelDpi): string => {
  const size = labelSizeInDots(dpi);
  const d = dotScale(dpi);
  const lines = ['^XA', '^CI28', `^PW${size.width}`, `^LL${size.height}`, '^LH0,0'];
  for (const item of layout.items) {
    if (item.kind === 'text') lines.push(zplText(d, item, size.width));
    else if (item.kind === 'box') lines.push(zplBox(d, item));
    else lines.push(zplBarcode(item, dpi));
  }
  lines.push('^XZ', '');
  return lines.join('\n');
};

export { bitmapSymbol as zplBitmapSymbol };
