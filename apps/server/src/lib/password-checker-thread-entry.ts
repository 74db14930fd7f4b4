// The password judge thread of the compiled server: scripts/build.ts bundles this to
// dist/password-checker-thread.mjs, the file password-checker.ts spawns from dist/main.js. From source,
// password-checker-thread.mjs loads the same main via tsx.
import { parentPort } from 'node:worker_threads';
import { serveCheckRequests } from './password-checker-thread-main.ts';

serveCheckRequests(parentPort!);
