import { constants, createInflate } from 'node:zlib';

/**
 * Total bytes the streams of a PDF inflate to, counted before pdfjs reads it, stopping at `budget`.
 * pdfjs inflates into ArrayBuffers outside the worker's heap limit, so a small "compression bomb"
 * could take gigabytes; here each FlateDecode stream is inflated with a hard output cap instead.
 * Filters that expand without zlib (LZW, RunLength) count their data at the worst ratio they allow.
 * See docs/decisions/105-pdf-reading-budget.md.
 */
export async function inflatedSizeWithin(data: Uint8Array, budget: number): Promise<boolean> {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const text = buffer.toString('latin1');
  let total = 0;
  const streamStart = /stream\r?\n/g;
  for (let match = streamStart.exec(text); match; match = streamStart.exec(text)) {
    if (match.index > 0 && /[a-z]/i.test(text[match.index - 1]!)) continue; // "endstream"
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    const stop = end < 0 ? text.length : end;
    const dictStart = Math.max(text.lastIndexOf('obj', match.index), match.index - 4096, 0);
    const filter = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(text.slice(dictStart, match.index))?.[1] ?? '';
    const chunk = buffer.subarray(start, stop);
    const left = budget - total;
    if (left < 0) return false;
    if (/LZWDecode|RunLengthDecode|\/LZW\b|\/RL\b/.test(filter)) total += chunk.length * 128;
    else if (/FlateDecode|\/Fl\b/.test(filter)) total += await inflatedLength(chunk, left);
    else total += chunk.length;
    if (total > budget) return false;
    streamStart.lastIndex = stop;
  }
  return true;
}

/**
 * Inflated length of one stream, or `cap + 1` once it passes `cap`. The output is counted and dropped
 * as it comes, so memory stays at one zlib window whatever the stream claims; damaged data counts what
 * inflated, as pdfjs keeps what it can read.
 */
function inflatedLength(chunk: Buffer, cap: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
    let length = 0;
    inflate.on('data', (out: Buffer) => {
      length += out.length;
      if (length > cap) {
        inflate.destroy();
        resolve(cap + 1);
      }
    });
    inflate.on('end', () => resolve(length));
    // Not zlib data as written (another filter first): count the most deflate can expand, 1032 to 1.
    inflate.on('error', () => resolve(length > 0 ? length : chunk.length * 1032));
    inflate.end(chunk);
  });
}
