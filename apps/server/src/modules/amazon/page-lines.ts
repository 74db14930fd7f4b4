import type { PdfTextItem } from './page-text.ts';

/** Text on one baseline within one column: pieces closer than a wide gap joined with spaces. */
export type TextSegment = { text: string; x: number; xEnd: number; y: number; size: number };

const SAME_LINE = 0.35;
/** A gap wider than this many font sizes separates columns (label/value pairs, table cells). */
const COLUMN_GAP = 1.5;

/** Groups a page's text items into segments, top to bottom, then left to right. */
export function pageSegments(items: readonly PdfTextItem[]): TextSegment[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PdfTextItem[][] = [];
  for (const item of sorted) {
    const line = lines[lines.length - 1];
    const ref = line?.[0];
    if (line && ref && Math.abs(ref.y - item.y) <= SAME_LINE * Math.max(ref.h, item.h, 1)) line.push(item);
    else lines.push([item]);
  }
  const segments: TextSegment[] = [];
  for (const line of lines) {
    line.sort((a, b) => a.x - b.x);
    let current: TextSegment | null = null;
    for (const item of line) {
      const size = item.h || 10;
      const gap = current ? item.x - current.xEnd : Infinity;
      if (current && gap <= COLUMN_GAP * Math.max(size, current.size)) {
        const joiner = gap > 0.15 * size && !current.text.endsWith(' ') && !item.s.startsWith(' ') ? ' ' : '';
        current.text += joiner + item.s;
        current.xEnd = Math.max(current.xEnd, item.x + item.w);
      } else {
        current = { text: item.s, x: item.x, xEnd: item.x + item.w, y: item.y, size };
        segments.push(current);
      }
    }
  }
  for (const s of segments) s.text = s.text.replace(/\s+/g, ' ').trim();
  return segments.filter((s) => s.text !== '');
}
