// The password judge thread of the compiled server: scripts/build.ts bundles this to
// dist/password-judge-thread.mjs, the file password-judge.ts spawns from dist/main.js. From source,
// password-judge-thread.mjs loads the same main via tsx.
import { parentPort } from 'node:worker_threads';
import { serveJudgeRequests } from './password-judge-thread-main.ts';

serveJudgeRequests(parentPort!);
