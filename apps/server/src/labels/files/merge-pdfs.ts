import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  type PDFObject,
} from 'pdf-lib';
import { inSlices } from '../../lib/event-loop-slices.ts';

/**
 * Merges label PDFs into one PDF as a stream: each input is parsed, its objects are renumbered and
 * written out at once, then dropped. Only the byte offsets and page references are kept until the end
 * (page tree, cross-reference table), so memory stays flat however many labels a bulk order has.
 * Reading and parsing run in slices with turns of the event loop between them (decision 160).
 */
type Chunk = Uint8Array;

const latin1 = (s: string): Buffer => Buffer.from(s, 'latin1');
const TYPE = PDFName.of('Type');
const LENGTH = PDFName.of('Length');
const PARENT = PDFName.of('Parent');
const PAGES_REF_NUMBER = 2;

const serialize = (obj: PDFObject, renumber: (ref: PDFRef) => number): string => {
  if (obj instanceof PDFRef) return `${renumber(obj)} 0 R`;
  if (obj instanceof PDFArray)
    return `[${obj
      .asArray()
      .map((o) => serialize(o, renumber))
      .join(' ')}]`;
  if (obj instanceof PDFDict) {
    let out = '<<';
    for (const [key, value] of obj.entries()) out += `${key.toString()} ${serialize(value, renumber)}\n`;
    return `${out}>>`;
  }
  return obj.toString();
};

export type MergeResult = { pages: number; bytes: number };

/** Yields the merged PDF chunk by chunk; one chunk per input document plus header and trailer. */
export async function* mergePdfs(
  sources: AsyncIterable<Chunk> | Iterable<Chunk>,
  result?: MergeResult,
): AsyncGenerator<Chunk> {
  const offsets: number[] = [0, 0, 0]; // objects 1 (catalog) and 2 (page tree) are written last
  const kids: number[] = [];
  let position = 0;
  const emit = (parts: Buffer[]): Buffer => {
    const chunk = Buffer.concat(parts);
    position += chunk.length;
    return chunk;
  };
  yield emit([latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')]);

  for await (const bytes of inSlices(sources)) {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const { context } = doc;
    const skip = new Set<number>();
    if (context.trailerInfo.Root instanceof PDFRef) skip.add(context.trailerInfo.Root.objectNumber);
    if (context.trailerInfo.Info instanceof PDFRef) skip.add(context.trailerInfo.Info.objectNumber);
    const numbers = new Map<number, number>();
    const renumber = (ref: PDFRef): number => {
      let n = numbers.get(ref.objectNumber);
      if (n === undefined) {
        n = offsets.length + numbers.size;
        numbers.set(ref.objectNumber, n);
      }
      return n;
    };
    const pageNumbers = new Set<number>();
    for (const page of doc.getPages()) {
      pageNumbers.add(page.ref.objectNumber);
      // Attributes a page may inherit from the source page tree, which is not copied.
      const { width, height } = page.getMediaBox();
      page.node.set(PDFName.of('MediaBox'), context.obj([0, 0, width, height]));
    }
    const parts: Buffer[] = [];
    let offset = position;
    const objects = context.enumerateIndirectObjects().filter(([ref, obj]) => {
      if (skip.has(ref.objectNumber)) return false;
      const dict = obj instanceof PDFStream ? obj.dict : obj instanceof PDFDict ? obj : undefined;
      const type = dict?.get(TYPE);
      return !(type === PDFName.of('Pages') || type === PDFName.of('XRef') || type === PDFName.of('ObjStm'));
    });
    for (const [ref, obj] of objects) {
      const number = renumber(ref);
      let head: string;
      let body: Buffer | undefined;
      if (obj instanceof PDFStream) {
        const contents = obj.getContents();
        obj.dict.set(LENGTH, PDFNumber.of(contents.length));
        head = `${number} 0 obj\n${serialize(obj.dict, renumber)}\nstream\n`;
        body = Buffer.from(contents.buffer, contents.byteOffset, contents.length);
      } else if (pageNumbers.has(ref.objectNumber) && obj instanceof PDFDict) {
        // Pages hang off the merged page tree (object 2), not a renumbered copy of the source tree.
        obj.delete(PARENT);
        kids.push(number);
        head = `${number} 0 obj\n<</Parent ${PAGES_REF_NUMBER} 0 R\n${serialize(obj, renumber).slice(2)}\nendobj\n`;
      } else {
        head = `${number} 0 obj\n${serialize(obj, renumber)}\nendobj\n`;
      }
      offsets[number] = offset;
      const headBytes = latin1(head);
      parts.push(headBytes);
      offset += headBytes.length;
      if (body) {
        const tail = latin1('\nendstream\nendobj\n');
        parts.push(body, tail);
        offset += body.length + tail.length;
      }
    }
    yield emit(parts);
  }

  offsets[1] = position;
  const catalog = latin1(`1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n`);
  offsets[2] = position + catalog.length;
  const tree = latin1(
    `2 0 obj\n<< /Type /Pages /Count ${kids.length} /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] >>\nendobj\n`,
  );
  const xrefAt = position + catalog.length + tree.length;
  const rows = offsets.map((o, i) =>
    i === 0 ? '0000000000 65535 f \n' : `${String(o).padStart(10, '0')} 00000 n \n`,
  );
  const xref = latin1(
    `xref\n0 ${offsets.length}\n${rows.join('')}trailer\n<< /Size ${offsets.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
  );
  yield emit([catalog, tree, xref]);
  if (result) {
    result.pages = kids.length;
    result.bytes = position;
  }
}

/** Writes the merged PDF of `sources` to `output` with backpressure. */
export const writeMergedPdf = async (
  sources: AsyncIterable<Chunk> | Iterable<Chunk>,
  output: Writable,
): Promise<MergeResult> => {
  const result: MergeResult = { pages: 0, bytes: 0 };
  await pipeline(Readable.from(mergePdfs(sources, result)), output);
  return result;
};
