import { deflateSync } from 'node:zlib';
import { render, type DrawingContext, type RenderOptions } from 'bwip-js/node';
import { PDFName, PDFRawStream, type PDFDocument, type PDFPage } from 'pdf-lib';

/**
 * bwip-js symbols as shapes (bars, hexagons, circles) in symbol units, y growing downward. Each backend
 * draws the same shapes: the PDF one as vector operators, the raster and ZPL ones on whole printer dots.
 * MaxiCode's bullseye is pairs of opposite circles, so every path fill uses the even-odd rule.
 */
export type LinearBarcode = {
  bcid: 'code128' | 'gs1-128';
  text: string;
  /** Module (narrow bar) width in points; clamped so the symbol plus quiet zones fits `maxWidth`. */
  moduleWidth: number;
  height: number;
  maxWidth?: number;
  /** Further bwip-js/BWIPP options. */
  options?: BwippExtraOptions;
};
export type MatrixBarcode = {
  bcid: 'pdf417' | 'maxicode';
  text: string;
  width: number;
  /** Further bwip-js/BWIPP options, e.g. `{ columns: 6 }` (PDF417) or `{ mode: 2 }` (MaxiCode). */
  options?: BwippExtraOptions;
};
export type BwippExtraOptions = Record<string, string | number | boolean>;

/** A filled shape: a rectangle [x, y, w, h], a closed polygon, or an ellipse. */
export type SymbolShape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number }
  | { kind: 'polygon'; points: Array<[number, number]> }
  | { kind: 'ellipse'; x: number; y: number; rx: number; ry: number };

/** Shapes in symbol units; `unitWidth` x `unitHeight` is the symbol's extent. */
export type SymbolShapes = {
  bars: SymbolShape[];
  paths: SymbolShape[][];
  unitWidth: number;
  unitHeight: number;
};

export type BuiltBarcode = {
  bcid: LinearBarcode['bcid'] | MatrixBarcode['bcid'];
  text: string;
  /** bwip-js options the symbol was made with (ZPL backends pass some on to the printer). */
  options: BwippExtraOptions;
  shapes: SymbolShapes;
  /** Size in points; one symbol unit is `width / unitWidth` points across. */
  width: number;
  height: number;
};

const MIN_MODULE_PT = 0.72; // 10 mil: below this label printers at 203 dpi lose bars.
const QUIET_ZONE_MODULES = 10;

const num = (v: number): string => String(Math.round(v * 1000) / 1000);

/** Collects bwip-js drawing calls as shapes. */
const shapeDrawing = (): DrawingContext<SymbolShapes> => {
  const bars: SymbolShape[] = [];
  const paths: SymbolShape[][] = [];
  let path: SymbolShape[] = [];
  let unitWidth = 0;
  let unitHeight = 0;
  return {
    scale: () => null,
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init(w, h) {
      unitWidth = w;
      unitHeight = h;
    },
    line(x0, y0, x1, y1, lw) {
      // bwip-js reports odd-width bars half a unit right of their centre (see its SVG drawing).
      if (x0 === x1) {
        const cx = lw % 2 === 1 ? x0 - 0.5 : x0;
        bars.push({ kind: 'rect', x: cx - lw / 2, y: Math.min(y0, y1), w: lw, h: Math.abs(y1 - y0) + 1 });
      } else {
        const cy = lw % 2 === 1 ? y0 - 0.5 : y0;
        bars.push({ kind: 'rect', x: Math.min(x0, x1), y: cy - lw / 2, w: Math.abs(x1 - x0) + 1, h: lw });
      }
    },
    polygon(pts) {
      path.push({ kind: 'polygon', points: pts.map(([x, y]) => [x, y]) });
    },
    hexagon(pts) {
      this.polygon(pts);
    },
    ellipse(x, y, rx, ry) {
      path.push({ kind: 'ellipse', x, y, rx, ry });
    },
    fill() {
      if (path.length) paths.push(path);
      path = [];
    },
    text() {
      // Human-readable text is drawn by the templates in the label font.
    },
    end: () => ({ bars, paths, unitWidth, unitHeight }),
  };
};

const renderSymbol = (opts: RenderOptions & BwippExtraOptions) => render(opts, shapeDrawing());

/** Builds a 1D symbol scaled to `moduleWidth` points per module and `height` points tall. */
export const buildLinearBarcode = (spec: LinearBarcode): BuiltBarcode => {
  const options = { height: 10, ...spec.options };
  const shapes = renderSymbol({ bcid: spec.bcid, text: spec.text, scale: 1, ...options });
  let module = spec.moduleWidth;
  if (spec.maxWidth !== undefined) {
    const fitting = spec.maxWidth / (shapes.unitWidth + 2 * QUIET_ZONE_MODULES);
    module = Math.max(MIN_MODULE_PT, Math.min(module, fitting));
  }
  return {
    bcid: spec.bcid,
    text: spec.text,
    options,
    shapes,
    width: shapes.unitWidth * module,
    height: spec.height,
  };
};

/** Builds a 2D symbol scaled to `width` points wide, square modules. */
export const buildMatrixBarcode = (spec: MatrixBarcode): BuiltBarcode => {
  // Scale 4 for MaxiCode: bwip-js rounds hexagon corners to whole units, which shrinks them at scale 1.
  const scale = spec.bcid === 'maxicode' ? 4 : 1;
  const options = { ...spec.options };
  const shapes = renderSymbol({ bcid: spec.bcid, text: spec.text, scale, ...options });
  const height = (shapes.unitHeight * spec.width) / shapes.unitWidth;
  return { bcid: spec.bcid, text: spec.text, options, shapes, width: spec.width, height };
};

const shapeOps = (shape: SymbolShape): string => {
  if (shape.kind === 'rect') return `${num(shape.x)} ${num(shape.y)} ${num(shape.w)} ${num(shape.h)} re\n`;
  if (shape.kind === 'polygon')
    return `${shape.points.map(([x, y], i) => `${num(x)} ${num(y)} ${i === 0 ? 'm' : 'l'}`).join('\n')}\nh\n`;
  const { x, y, rx, ry } = shape;
  const k = 0.55228475 - 0.00045;
  const dx = rx * k;
  const dy = ry * k;
  const p = (a: number, b: number): string => `${num(a)} ${num(b)}`;
  return (
    `${p(x - rx, y)} m ${p(x - rx, y - dy)} ${p(x - dx, y - ry)} ${p(x, y - ry)} c ` +
    `${p(x + dx, y - ry)} ${p(x + rx, y - dy)} ${p(x + rx, y)} c ` +
    `${p(x + rx, y + dy)} ${p(x + dx, y + ry)} ${p(x, y + ry)} c ` +
    `${p(x - dx, y + ry)} ${p(x - rx, y + dy)} ${p(x - rx, y)} c h\n`
  );
};

/** Draws a built symbol with its bottom-left corner at (x, y), in its own compressed content stream. */
export const placeBarcode = (
  doc: PDFDocument,
  page: PDFPage,
  built: BuiltBarcode,
  x: number,
  y: number,
): void => {
  const { shapes } = built;
  const sx = built.width / shapes.unitWidth;
  const sy = built.height / shapes.unitHeight;
  let ops = `q\n0 g\n${num(sx)} 0 0 ${num(-sy)} ${num(x)} ${num(y + built.height)} cm\n`;
  for (const path of shapes.paths) ops += `${path.map(shapeOps).join('')}f*\n`;
  if (shapes.bars.length) ops += `${shapes.bars.map(shapeOps).join('')}f\n`;
  ops += 'Q\n';
  const bytes = deflateSync(Buffer.from(ops, 'latin1'));
  const stream = PDFRawStream.of(
    doc.context.obj({ Filter: PDFName.of('FlateDecode'), Length: bytes.length }),
    bytes,
  );
  page.node.addContentStream(doc.context.register(stream));
};
