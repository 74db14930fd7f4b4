// Runs in a worker thread so a hostile PDF can be stopped (terminate) without touching the server.
// From source (`npm run dev`, tests): plain JavaScript, because a worker thread is loaded by Node itself;
// the reader is TypeScript loaded through tsx's scoped loader. The compiled server (`npm start`) spawns
// dist/pdf-text-worker.mjs instead, built from pdf-text-worker-entry.ts (docs/decisions/190).
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { readPackingSlips } = await tsImport('./pdf-read-thread.ts', import.meta.url);
parentPort.postMessage(await readPackingSlips(workerData));
