import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { inflatedSizeWithin } from './inflate-budget.ts';
import type { PdfPageText, PdfTextItem } from './page-text.ts';
import {
  findShipToAddresses,
  ShipToCapError,
  type ShipToAddress,
  type ShipToCaps,
} from './ship-to-parser.ts';

export type PdfReadInput = { data: Uint8Array; maxPages: number; maxInflatedBytes: number; caps: ShipToCaps };

export type PdfReadResult =
  | { ok: true; addresses: ShipToAddress[] }
  | { ok: false; kind: 'too-many-pages'; pages: number }
  | { ok: false; kind: 'too-large'; detail: string }
  | { ok: false; kind: 'password' | 'invalid' | 'unreadable'; detail: string };

async function pageTexts(data: Uint8Array, maxPages: number): Promise<PdfPageText[] | number> {
  const task = getDocument({
    data,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages > maxPages) return doc.numPages;
    const pages: PdfPageText[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const items: PdfTextItem[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a, b, , , x, y] = item.transform as number[];
        items.push({ s: item.str, x: x!, y: y!, w: item.width, h: item.height || Math.hypot(a!, b!) });
      }
      pages.push({ items });
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

const kindOf = (error: unknown): 'password' | 'invalid' | 'unreadable' => {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') return 'password';
  if (name === 'InvalidPDFException' || name === 'FormatError') return 'invalid';
  return 'unreadable';
};

/** All the work on one packing-slip PDF, in its reader thread: size budget, text, then address matching. */
export async function readPackingSlips(input: PdfReadInput): Promise<PdfReadResult> {
  try {
    if (!(await inflatedSizeWithin(input.data, input.maxInflatedBytes))) {
      return { ok: false, kind: 'too-large', detail: 'inflated streams over budget' };
    }
    const pages = await pageTexts(input.data, input.maxPages);
    if (typeof pages === 'number') return { ok: false, kind: 'too-many-pages', pages };
    return { ok: true, addresses: findShipToAddresses(pages, input.caps) };
  } catch (error) {
    if (error instanceof ShipToCapError) return { ok: false, kind: 'too-large', detail: error.message };
    return { ok: false, kind: kindOf(error), detail: String((error as Error)?.message ?? error) };
  }
}
