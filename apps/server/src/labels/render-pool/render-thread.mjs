// A label render thread (render-pool.ts) when the server runs from source (`npm run dev`, tests). Plain
// JavaScript, because a worker thread is loaded by Node itself; the TypeScript engine is loaded through
// tsx's scoped loader. The compiled server (`npm start`) spawns dist/render-thread.mjs instead, built
// from render-thread-entry.ts (docs/decisions/190-compiled-server.md).
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { serveRenderRequests } = await tsImport('./render-thread-main.ts', import.meta.url);
serveRenderRequests(parentPort);
