/** A run of text on a PDF page, in PDF points (origin bottom-left). */
export type PdfTextItem = { s: string; x: number; y: number; w: number; h: number };
export type PdfPageText = { items: PdfTextItem[] };
