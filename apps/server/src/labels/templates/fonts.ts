import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';

/**
 * Label fonts. Text that WinAnsi can encode uses the built-in Helvetica (no embedding: the fast path for
 * bulk orders); any other character switches the whole label to embedded, subset DejaVu Sans, shipped
 * by the `dejavu-fonts-ttf` package (decision 022).
 */
export type LabelFonts = { regular: PDFFont; bold: PDFFont; isEmbedded: boolean };

// Printable ASCII, Latin-1 and the WinAnsi extras at 0x80-0x9F.
const WIN_ANSI = /^[\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ\n]*$/;

export const isWinAnsi = (text: string): boolean => WIN_ANSI.test(text);

const require = createRequire(import.meta.url);
let dejavu: { regular: Uint8Array; bold: Uint8Array } | undefined;

const loadDejaVu = (): { regular: Uint8Array; bold: Uint8Array } => {
  if (!dejavu) {
    const file = (name: string): Uint8Array => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
    dejavu = { regular: file('DejaVuSans.ttf'), bold: file('DejaVuSans-Bold.ttf') };
  }
  return dejavu;
};

export const embedLabelFonts = async (doc: PDFDocument, texts: readonly string[]): Promise<LabelFonts> => {
  if (texts.every(isWinAnsi)) {
    return {
      regular: doc.embedStandardFont(StandardFonts.Helvetica),
      bold: doc.embedStandardFont(StandardFonts.HelveticaBold),
      isEmbedded: false,
    };
  }
  const bytes = loadDejaVu();
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(bytes.regular, { subset: true }),
    doc.embedFont(bytes.bold, { subset: true }),
  ]);
  return { regular, bold, isEmbedded: true };
};

/**
 * Fonts used only to measure text while a layout is made: embedded once per process in a document
 * that is never saved, so measuring costs nothing per label. Only the PDF backend embeds fonts.
 */
let standard: Promise<LabelFonts> | undefined;
let embedded: Promise<LabelFonts> | undefined;

const fontsInNewDocument = async (texts: readonly string[]): Promise<LabelFonts> =>
  embedLabelFonts(await PDFDocument.create({ updateMetadata: false }), texts);

export const measuringFonts = (texts: readonly string[]): Promise<LabelFonts> =>
  texts.every(isWinAnsi)
    ? (standard ??= fontsInNewDocument([]))
    : (embedded ??= fontsInNewDocument(['\u0100']));
