// The password judge thread (password-checker.ts) when the server runs from source (`npm run dev`, tests).
// Plain JavaScript, because a worker thread is loaded by Node itself; the rule is TypeScript loaded
// through tsx's scoped loader. The compiled server (`npm start`) spawns dist/password-checker-thread.mjs
// instead, built from password-checker-thread-entry.ts (docs/decisions/190-compiled-server.md).
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { serveCheckRequests } = await tsImport('./password-checker-thread-main.ts', import.meta.url);
serveCheckRequests(parentPort);
