import type { SKRSContext2D } from '@napi-rs/canvas';
import type { BuiltBarcode, SymbolShape } from '../barcodes.ts';
import type { SymbolInDots } from './output.ts';

const tracePath = (ctx: SKRSContext2D, shape: SymbolShape, at: SymbolInDots): void => {
  const px = (x: number) => at.left + x * at.sx;
  const py = (y: number) => at.top + y * at.sy;
  if (shape.kind === 'rect') ctx.rect(px(shape.x), py(shape.y), shape.w * at.sx, shape.h * at.sy);
  else if (shape.kind === 'polygon') {
    shape.points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(px(x), py(y)) : ctx.lineTo(px(x), py(y))));
    ctx.closePath();
  } else {
    ctx.moveTo(px(shape.x + shape.rx), py(shape.y));
    ctx.ellipse(px(shape.x), py(shape.y), shape.rx * at.sx, shape.ry * at.sy, 0, 0, Math.PI * 2);
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
