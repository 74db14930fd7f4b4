// A label render thread (render-pool.ts). Plain JavaScript, because a worker thread is loaded by
// Node itself; the TypeScript engine is loaded through tsx's scoped loader, under `npm start` and in
// tests alike.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { serveRenderRequests } = await tsImport('./render-thread-main.ts', import.meta.url);
serveRenderRequests(parentPort);
