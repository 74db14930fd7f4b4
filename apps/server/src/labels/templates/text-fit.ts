import type { PDFFont } from 'pdf-lib';

/**
 * Fitting text into a box without ever dropping characters: shrink first, then wrap onto more lines,
 * then shrink the wrapped lines; a word longer than a line is broken between characters.
 */
export type FittedText = { size: number; lines: string[] };

const SHRINK_FLOOR = 0.7; // shrink a single line to 70% of the wanted size before wrapping it

const widthOf = (font: PDFFont, text: string, size: number): number => font.widthOfTextAtSize(text, size);

const breakWord = (font: PDFFont, word: string, size: number, maxWidth: number): string[] => {
  const parts: string[] = [];
  let current = '';
  for (const ch of word) {
    if (current && widthOf(font, current + ch, size) > maxWidth) {
      parts.push(current);
      current = ch;
    } else current += ch;
  }
  if (current) parts.push(current);
  return parts;
};

/** Greedy word wrap at `size`; words wider than the line are broken. */
export const wrapText = (font: PDFFont, text: string, size: number, maxWidth: number): string[] => {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (widthOf(font, candidate, size) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    if (widthOf(font, word, size) <= maxWidth) current = word;
    else {
      const parts = breakWord(font, word, size, maxWidth);
      current = parts.pop() ?? '';
      lines.push(...parts);
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
};

/** One field: shrink to fit one line, else wrap to two, else more lines at the smallest size. */
export const fitText = (
  font: PDFFont,
  text: string,
  size: number,
  maxWidth: number,
  minSize = size * 0.6,
): FittedText => {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const full = widthOf(font, oneLine, size);
  if (full <= maxWidth) return { size, lines: [oneLine] };
  const shrunk = (size * maxWidth) / full;
  if (shrunk >= Math.max(minSize, size * SHRINK_FLOOR))
    return { size: Math.floor(shrunk * 10) / 10, lines: [oneLine] };
  for (let s = size; s >= minSize; s -= 0.5) {
    const lines = wrapText(font, oneLine, s, maxWidth);
    if (lines.length <= 2) return { size: s, lines };
  }
  return { size: minSize, lines: wrapText(font, oneLine, minSize, maxWidth) };
};

export type BlockField = { text: string; font: PDFFont; size: number };
export type FittedBlock = Array<{ font: PDFFont } & FittedText>;

/**
 * Fits several fields stacked in a box: each field is fitted to the width; if the stack is too tall,
 * every size is scaled down until it fits (to 40% at worst, at which point it overflows visibly).
 */
export const fitBlock = (
  fields: readonly BlockField[],
  maxWidth: number,
  maxHeight: number,
  leading = 1.15,
): FittedBlock => {
  let scale = 1;
  let block: FittedBlock = [];
  for (let attempt = 0; attempt < 12; attempt++) {
    block = fields
      .filter((f) => f.text.trim() !== '')
      .map((f) => ({ font: f.font, ...fitText(f.font, f.text, f.size * scale, maxWidth) }));
    if (blockHeight(block, leading) <= maxHeight || scale < 0.4) break;
    scale *= 0.92;
  }
  return block;
};

export const blockHeight = (block: FittedBlock, leading = 1.15): number =>
  block.reduce((h, f) => h + f.lines.length * f.size * leading, 0);
