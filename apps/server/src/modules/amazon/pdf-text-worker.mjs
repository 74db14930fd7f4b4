// Runs in a worker thread so a hostile PDF can be stopped (terminate) without touching the server.
// Plain JavaScript: worker threads load files with Node itself, with no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** @param {{ data: Uint8Array, maxPages: number }} input */
async function extract({ data, maxPages }) {
  const task = getDocument({
    data,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
  });
  const doc = await task.promise;
  if (doc.numPages > maxPages) return { ok: false, kind: 'too-many-pages', pages: doc.numPages };
  const pages = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const items = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [a, b, , , x, y] = item.transform;
      items.push({ s: item.str, x, y, w: item.width, h: item.height || Math.hypot(a, b) });
    }
    pages.push({ items });
    page.cleanup();
  }
  await task.destroy();
  return { ok: true, pages };
}

const kindOf = (error) => {
  if (error?.name === 'PasswordException') return 'password';
  if (error?.name === 'InvalidPDFException' || error?.name === 'FormatError') return 'invalid';
  return 'unreadable';
};

try {
  parentPort.postMessage(await extract(workerData));
} catch (error) {
  parentPort.postMessage({ ok: false, kind: kindOf(error), detail: String(error?.message ?? error) });
}
