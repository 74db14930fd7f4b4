import { deflateSync } from 'node:zlib';
import { render, type DrawingContext, type RenderOptions } from 'bwip-js/node';
import { PDFName, PDFRawStream, type PDFDocument, type PDFPage } from 'pdf-lib';

/**
 * bwip-js symbols drawn as vector PDF operators. A custom bwip-js drawing context emits the bars,
 * rows and hexagons as filled paths in symbol units; placement scales them with one `cm`.
 * MaxiCode's bullseye is pairs of opposite circles, so every fill uses the even-odd rule (`f*`).
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

export type BuiltBarcode = { bcid: string; text: string; ops: string; width: number; height: number };

const MIN_MODULE_PT = 0.72; // 10 mil: below this label printers at 203 dpi lose bars.
const QUIET_ZONE_MODULES = 10;

const num = (v: number): string => String(Math.round(v * 1000) / 1000);

/** Collects bwip-js drawing calls as PDF path operators (y grows downward, as in bwip-js). */
const pdfDrawing = (): DrawingContext<{ ops: string; width: number; height: number }> => {
  let path = '';
  let bars = '';
  let out = '';
  let width = 0;
  let height = 0;
  return {
    scale: () => null,
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init(w, h) {
      width = w;
      height = h;
    },
    line(x0, y0, x1, y1, lw) {
      // bwip-js reports odd-width bars half a unit right of their centre (see its SVG drawing).
      if (x0 === x1) {
        const cx = lw % 2 === 1 ? x0 - 0.5 : x0;
        const top = Math.min(y0, y1);
        bars += `${num(cx - lw / 2)} ${num(top)} ${num(lw)} ${num(Math.abs(y1 - y0) + 1)} re\n`;
      } else {
        const cy = lw % 2 === 1 ? y0 - 0.5 : y0;
        const left = Math.min(x0, x1);
        bars += `${num(left)} ${num(cy - lw / 2)} ${num(Math.abs(x1 - x0) + 1)} ${num(lw)} re\n`;
      }
    },
    polygon(pts) {
      pts.forEach(([x, y], i) => (path += `${num(x)} ${num(y)} ${i === 0 ? 'm' : 'l'}\n`));
      path += 'h\n';
    },
    hexagon(pts) {
      this.polygon(pts);
    },
    ellipse(x, y, rx, ry) {
      const k = 0.55228475 - 0.00045;
      const dx = rx * k;
      const dy = ry * k;
      const p = (a: number, b: number): string => `${num(a)} ${num(b)}`;
      path +=
        `${p(x - rx, y)} m ${p(x - rx, y - dy)} ${p(x - dx, y - ry)} ${p(x, y - ry)} c ` +
        `${p(x + dx, y - ry)} ${p(x + rx, y - dy)} ${p(x + rx, y)} c ` +
        `${p(x + rx, y + dy)} ${p(x + dx, y + ry)} ${p(x, y + ry)} c ` +
        `${p(x - dx, y + ry)} ${p(x - rx, y + dy)} ${p(x - rx, y)} c h\n`;
    },
    fill() {
      if (path) out += `${path}f*\n`;
      path = '';
    },
    text() {
      // Human-readable text is drawn by the templates in the label font.
    },
    end() {
      if (bars) out += `${bars}f\n`;
      return { ops: out, width, height };
    },
  };
};

const renderSymbol = (opts: RenderOptions & BwippExtraOptions) => render(opts, pdfDrawing());

/** Builds a 1D symbol scaled to `moduleWidth` points per module and `height` points tall. */
export const buildLinearBarcode = (spec: LinearBarcode): BuiltBarcode => {
  const unitHeightMm = 10;
  const symbol = renderSymbol({
    bcid: spec.bcid,
    text: spec.text,
    scale: 1,
    height: unitHeightMm,
    ...spec.options,
  });
  let module = spec.moduleWidth;
  if (spec.maxWidth !== undefined) {
    const fitting = spec.maxWidth / (symbol.width + 2 * QUIET_ZONE_MODULES);
    module = Math.max(MIN_MODULE_PT, Math.min(module, fitting));
  }
  const sy = spec.height / symbol.height;
  return {
    bcid: spec.bcid,
    text: spec.text,
    ...wrap(symbol.ops, module, sy, symbol.width * module, spec.height),
  };
};

/** Builds a 2D symbol scaled to `width` points wide, square modules. */
export const buildMatrixBarcode = (spec: MatrixBarcode): BuiltBarcode => {
  // Scale 4: bwip-js rounds MaxiCode hexagon corners to whole units, which shrinks them at scale 1.
  const symbol = renderSymbol({ bcid: spec.bcid, text: spec.text, scale: 4, ...spec.options });
  const s = spec.width / symbol.width;
  return { bcid: spec.bcid, text: spec.text, ...wrap(symbol.ops, s, s, spec.width, symbol.height * s) };
};

const wrap = (ops: string, sx: number, sy: number, width: number, height: number) => ({
  ops: `0 g\n${num(sx)} 0 0 ${num(-sy)} {X} {Y} cm\n${ops}`,
  width,
  height,
});

/** Draws a built symbol with its bottom-left corner at (x, y), in its own compressed content stream. */
export const placeBarcode = (
  doc: PDFDocument,
  page: PDFPage,
  built: BuiltBarcode,
  x: number,
  y: number,
): void => {
  const ops = `q\n${built.ops.replace('{X}', num(x)).replace('{Y}', num(y + built.height))}Q\n`;
  const bytes = deflateSync(Buffer.from(ops, 'latin1'));
  const stream = PDFRawStream.of(
    doc.context.obj({ Filter: PDFName.of('FlateDecode'), Length: bytes.length }),
    bytes,
  );
  page.node.addContentStream(doc.context.register(stream));
};
