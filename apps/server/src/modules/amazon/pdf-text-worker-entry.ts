// The PDF reader thread of the compiled server: scripts/build.ts bundles this to dist/pdf-text-worker.mjs,
// the file pdf-text.ts spawns from dist/main.js. From source, pdf-text-worker.mjs loads the reader via tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { readPackingSlips, type PdfReadInput } from './pdf-read-thread.ts';

parentPort!.postMessage(await readPackingSlips(workerData as PdfReadInput));
