// Runs in a worker thread so a hostile PDF can be stopped (terminate) without touching the server.
// Plain JavaScript, because a worker thread is loaded by Node itself; the reader is TypeScript loaded
// through tsx's scoped loader, under `npm start` and in tests alike.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { readPackingSlips } = await tsImport('./pdf-read-thread.ts', import.meta.url);
parentPort.postMessage(await readPackingSlips(workerData));
