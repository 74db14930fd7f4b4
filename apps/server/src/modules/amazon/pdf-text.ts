import { Worker } from 'node:worker_threads';
import { AppError } from '../../errors.ts';
import { createSemaphore } from '../../lib/semaphore.ts';
import type { PdfReadResult } from './pdf-read-thread.ts';
import type { ShipToAddress, ShipToCaps } from './ship-to-parser.ts';

export type PdfTextLimits = {
  maxPages: number;
  timeoutMs: number;
  maxConcurrent: number;
  maxQueued: number;
  /** What all streams of one file may inflate to (a "compression bomb" is refused before parsing). */
  maxInflatedBytes: number;
} & ShipToCaps;

const WORKER_URL = new URL('./pdf-text-worker.mjs', import.meta.url);

export const PDF_MESSAGES = {
  notPdf: 'This file is not a PDF. Upload the packing slips PDF you printed from Amazon Seller Central.',
  password:
    'This PDF is password-protected. Print the packing slips again without a password and upload that PDF.',
  corrupt: 'This PDF is damaged or incomplete and cannot be read. Download it again and upload the new file.',
  timeout: 'Reading this PDF took too long. Upload a smaller PDF (fewer packing slips per file).',
  busy: 'The server is reading many PDFs right now. Please try again in a minute.',
  tooMuchData: (maxBytes: number) =>
    `This PDF unpacks to more than ${Math.round(maxBytes / 1024 / 1024)} MB, far more than packing slips need. Print the packing slips again, or split them into smaller files.`,
  tooManyPages: (pages: number, max: number) =>
    `This PDF has ${pages} pages; the limit is ${max}. Split the packing slips into smaller files.`,
} as const;

const semaphore = createSemaphore();

/** Few PDFs are parsed at once (each in its own worker); the rest wait, and past a queue limit get a 503. */
async function withSemaphore<T>(limits: PdfTextLimits, work: () => Promise<T>): Promise<T> {
  if (semaphore.running >= limits.maxConcurrent && semaphore.waiting >= limits.maxQueued)
    throw new AppError('UNAVAILABLE', PDF_MESSAGES.busy);
  return semaphore.run(limits.maxConcurrent, work);
}

function runWorker(data: Uint8Array, limits: PdfTextLimits): Promise<PdfReadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: {
        data,
        maxPages: limits.maxPages,
        maxInflatedBytes: limits.maxInflatedBytes,
        caps: { maxLines: limits.maxLines, maxLabels: limits.maxLabels },
      },
      resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
      stdout: true,
      stderr: true,
    });
    // pdfjs is told to stay quiet; anything it still prints is dropped rather than mixed into the server log.
    worker.stdout.resume();
    worker.stderr.resume();
    let finished = false;
    const finish = (fn: () => void) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      finish(() => reject(new AppError('UNPROCESSABLE', PDF_MESSAGES.timeout)));
      void worker.terminate();
    }, limits.timeoutMs);
    worker.once('message', (result: PdfReadResult) => {
      finish(() => resolve(result));
      void worker.terminate();
    });
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) =>
      finish(() => resolve({ ok: false, kind: 'unreadable', detail: `worker exited with ${code}` })),
    );
  });
}

/**
 * The recipients of a packing-slip PDF. All of the work (size budget, pdfjs, address matching) runs in a
 * worker thread that is killed at the time limit, so no file can hold the event loop.
 */
export async function readShipToAddresses(data: Uint8Array, limits: PdfTextLimits): Promise<ShipToAddress[]> {
  if (!isPdf(data)) throw new AppError('BAD_REQUEST', PDF_MESSAGES.notPdf);
  const result = await withSemaphore(limits, () => runWorker(data, limits));
  if (result.ok) return result.addresses;
  if (result.kind === 'too-large') {
    const message = result.detail.startsWith('This PDF')
      ? result.detail
      : PDF_MESSAGES.tooMuchData(limits.maxInflatedBytes);
    throw new AppError('UNPROCESSABLE', message);
  }
  if (result.kind === 'too-many-pages') {
    throw new AppError('UNPROCESSABLE', PDF_MESSAGES.tooManyPages(result.pages, limits.maxPages));
  }
  if (result.kind === 'password') throw new AppError('UNPROCESSABLE', PDF_MESSAGES.password);
  throw new AppError('UNPROCESSABLE', PDF_MESSAGES.corrupt);
}

/** PDF files start with "%PDF-" (readers accept it within the first 1024 bytes). */
export function isPdf(data: Uint8Array): boolean {
  const head = Buffer.from(data.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}
