import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import type { Archiver, ArchiverOptions } from 'archiver';
import { inSlices } from '../../lib/event-loop-slices.ts';

// archiver 7 exports a factory function; the installed @types/archiver (v8) describes classes only.
type ArchiverFactory = (format: 'zip', options: ArchiverOptions) => Archiver;
// Loaded with the first zip, not at start: it and its streams cost a start about 50 ms.
let archiver: ArchiverFactory | undefined;
const loadArchiver = (): ArchiverFactory =>
  (archiver ??= createRequire(import.meta.url)('archiver') as ArchiverFactory);

/**
 * Zips label PDFs as a stream: one entry is appended only after the previous one has been written,
 * so a 10,000-label order never queues all its PDFs in memory. PDFs are already compressed: stored.
 * Reading runs in slices with turns of the event loop between them (decision 160).
 */
export type NamedPdf = { name: string; bytes: Uint8Array };

export const writePdfZip = async (
  files: AsyncIterable<NamedPdf> | Iterable<NamedPdf>,
  output: Writable,
): Promise<{ entries: number; bytes: number }> => {
  const archive = loadArchiver()('zip', { store: true });
  const finished = once(output, 'close').catch(() => undefined);
  const failed = new Promise<never>((_, reject) => archive.on('error', reject));
  archive.pipe(output);
  let entries = 0;
  for await (const file of inSlices(files)) {
    const written = once(archive, 'entry');
    archive.append(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length), {
      name: file.name,
    });
    await Promise.race([written, failed]);
    entries++;
  }
  await Promise.race([archive.finalize(), failed]);
  await Promise.race([output.writableFinished ? Promise.resolve() : once(output, 'finish'), finished]);
  return { entries, bytes: archive.pointer() };
};
