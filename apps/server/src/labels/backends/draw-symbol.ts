import type { SKRSContext2D } from '@napi-rs/canvas';
import type { BuiltBarcode, SymbolShape } from '../barcodes.ts';
import type { SymbolInDots } from './output.ts';

const tracePath = (ctx: SKRSContext2D, s: SymbolShape, at: SymbolInDots): void => {
  const px = (x: number) => at.left + x * at.sx;
  const py = (y: number) => at.top + y * at.sy;
  if (s.kind === 'rect') ctx.rect(px(s.x), py(s.y), s.w * at.sx, s.h * at.sy);
  else if (s.kind === 'polygon') {
    s.points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(px(x), py(y)) : ctx.lineTo(px(x), py(y))));
    ctx.closePath();
  } else {
    ctx.moveTo(px(s.x + s.rx), py(s.y));
    ctx.ellipse(px(s.x), py(s.y), s.rx * at.sx, s.ry * at.sy, 0, 0, Math.PI * 2);
    ctx.closePath();
  }
};

/** Draws a symbol's shapes in black at its place in dots (bars land on whole dots). */
export const drawSymbol = (ctx: SKRSContext2D, symbol: BuiltBarcode, at: SymbolInDots): void => {
  ctx.fillStyle = '#000';
  for (const path of symbol.shapes.paths) {
    ctx.beginPath();
    for (const shape of path) tracePath(ctx, shape, at);
    ctx.fill('evenodd');
  }
  for (const bar of symbol.shapes.bars) {
    if (bar.kind !== 'rect') continue;
    const x0 = Math.round(at.left + bar.x * at.sx);
    const y0 = Math.round(at.top + bar.y * at.sy);
    ctx.fillRect(
      x0,
      y0,
      Math.round(at.left + (bar.x + bar.w) * at.sx) - x0,
      Math.round(at.top + (bar.y + bar.h) * at.sy) - y0,
    );
  }
};
