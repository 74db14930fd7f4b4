import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { placeBarcode } from '../barcodes.ts';
import { embedLabelFonts, type LabelFonts } from '../templates/fonts.ts';
import { LABEL_HEIGHT, LABEL_WIDTH, type LabelLayout, type LayoutItem } from '../templates/canvas.ts';

const black = rgb(0, 0, 0);
const white = rgb(1, 1, 1);

const drawItem = (doc: PDFDocument, page: PDFPage, fonts: LabelFonts, item: LayoutItem): void => {
  if (item.kind === 'text') {
    const font = item.isBold ? fonts.bold : fonts.regular;
    page.drawText(item.text, {
      x: item.x,
      y: item.y,
      size: item.size,
      font,
      color: item.isWhite ? white : black,
    });
  } else if (item.kind === 'box') {
    const { x, y, width, height } = item;
    if (item.isFilled) page.drawRectangle({ x, y, width, height, color: black });
    else
      page.drawRectangle({
        x,
        y,
        width,
        height,
        borderColor: black,
        borderWidth: item.thickness,
        ...(item.isDashed ? { borderDashArray: [3, 2] } : {}),
      });
  } else placeBarcode(doc, page, item.symbol, item.x, item.y);
};

/** The PDF backend: one 4x6 page, Helvetica (or embedded DejaVu) text, vector barcodes. */
export const drawLayoutAsPdf = async (layout: LabelLayout): Promise<Uint8Array> => {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(layout.title);
  doc.setProducer('label portal');
  const texts = layout.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []));
  const fonts = await embedLabelFonts(doc, layout.isEmbeddedFont ? [...texts, '\u0100'] : texts);
  const page = doc.addPage([LABEL_WIDTH, LABEL_HEIGHT]);
  for (const item of layout.items) drawItem(doc, page, fonts, item);
  return doc.save({ useObjectStreams: false });
};
