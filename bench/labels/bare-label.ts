import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * The raw limit: a bare pdf-lib + bwip-js loop drawing a comparable 4x6 label (the same amount of
 * text and the same barcodes, via bwip-js SVG paths) with none of the engine's layout or fitting.
 */
const pathsOf = (svg: string): string[] => [...svg.matchAll(/ d="([^"]+)"/g)].map((m) => m[1] ?? '');

const drawSymbol = (
  page: ReturnType<PDFDocument['addPage']>,
  options: Record<string, unknown>,
  x: number,
  y: number,
  scale: number,
): void => {
  const svg = bwipjs.toSVG({ scale: 1, ...options } as Parameters<typeof bwipjs.toSVG>[0]);
  for (const d of pathsOf(svg)) page.drawSvgPath(d, { x, y, scale });
};

const LINES = [
  'HARBOR STREET OUTFITTERS',
  'HSO FULFILLMENT LLC',
  '1200 HARBOR BAY PARKWAY',
  'SUITE 310',
  'ALAMEDA CA 94502',
  'MARGARET HOLLINGSWORTH',
  'BLUEBIRD CERAMICS',
  '4821 OLD MERIDIAN ROAD',
  'APT 12B',
  'INDIANAPOLIS IN 46240-1234',
  'USPS PRIORITY MAIL',
  'USPS TRACKING #',
  'TEST LABEL - NOT VALID FOR POSTAGE',
];

export const renderBareLabel = async (
  kind: 'usps' | 'ups' | 'fedex',
  serial: number,
): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([288, 432]);
  const font = doc.embedStandardFont(StandardFonts.Helvetica);
  const bold = doc.embedStandardFont(StandardFonts.HelveticaBold);
  LINES.forEach((line, i) =>
    page.drawText(line, { x: 8, y: 420 - i * 14, size: 9, font: i % 3 ? font : bold }),
  );
  const digits = String(serial).padStart(7, '0');
  if (kind === 'usps') {
    drawSymbol(
      page,
      { bcid: 'gs1-128', text: `(420)46240(92)0559123456780${digits}1`, height: 20 },
      10,
      150,
      1,
    );
  } else if (kind === 'ups') {
    const mc = `[)>\x1e01\x1d96462400000\x1d840\x1d011\x1d1Z${digits}1\x1dUPSN\x1d7R4W21\x1d006\x1d\x1d1/1\x1d4\x1dY\x1d4821 OLD\x1dINDY\x1dIN\x1e\x04`;
    drawSymbol(page, { bcid: 'maxicode', text: mc, mode: 2 }, 10, 270, 0.8);
    drawSymbol(page, { bcid: 'gs1-128', text: '(420)46240', height: 12 }, 120, 200, 1);
    drawSymbol(page, { bcid: 'code128', text: `1Z7R4W2111${digits}1`, height: 25 }, 20, 60, 1.3);
  } else {
    const pdf417 = `[)>\x1e01\x1d0246240\x1d840\x1d001\x1d${digits}12345\x1dFDE\x1d510840291\x1d006\x1d\x1d1/1\x1d3.40LB\x1dN\x1d4821 OLD MERIDIAN ROAD\x1dINDIANAPOLIS\x1dIN\x1dMARGARET\x1e\x04`;
    drawSymbol(page, { bcid: 'pdf417', text: pdf417, columns: 6 }, 10, 190, 0.9);
    drawSymbol(
      page,
      { bcid: 'code128', text: `1001510840291246240000000${digits}12`.slice(0, 34), height: 22 },
      10,
      40,
      1.1,
    );
  }
  return doc.save();
};
