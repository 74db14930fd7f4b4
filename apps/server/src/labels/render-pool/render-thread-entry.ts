// The render thread of the compiled server: scripts/build.ts bundles this to dist/render-thread.mjs, the
// file render-pool.ts spawns from dist/main.js. From source, render-thread.mjs loads the same main via tsx.
import { parentPort } from 'node:worker_threads';
import { serveRenderRequests } from './render-thread-main.ts';

serveRenderRequests(parentPort!);
