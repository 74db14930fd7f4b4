// The password judge thread (password-judge.ts) when the server runs from source (`npm run dev`, tests).
// Plain JavaScript, because a worker thread is loaded by Node itself; the rule is TypeScript loaded
// through tsx's scoped loader. The compiled server (`npm start`) spawns dist/password-judge-thread.mjs
// instead, built from password-judge-thread-entry.ts (docs/decisions/190-compiled-server.md).
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { serveJudgeRequests } = await tsImport('./password-judge-thread-main.ts', import.meta.url);
serveJudgeRequests(parentPort);
