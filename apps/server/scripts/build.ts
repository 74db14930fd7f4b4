/**
 * Compiles the server for `npm start` (docs/decisions/190-compiled-server.md): dist/main.js and the three
 * worker-thread entries under the names the source spawns (`./render-thread.mjs`, `./pdf-text-worker.mjs`,
 * `./password-checker-thread.mjs`) next to main.js, plus the migrations that db/client.ts reads from beside
 * itself. Run: npm run build (into dist/; a folder given as the argument instead, for a test's own build).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { loadConfig } from '../src/config.ts';
import { createPgliteTemplate } from '../src/db/client.ts';
import { installJobQueues } from '../src/jobs/pg-boss-queue.ts';
import { queueDefinitions } from '../src/jobs/queues.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.resolve(process.argv[2] ?? path.join(SERVER_DIR, 'dist'));

/** npm packages stay in node_modules; our own workspace packages are TypeScript source, so they are bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') || path.isAbsolute(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Modules the source imports dynamically (PDF, font and password libraries) go to chunks of their own,
  // loaded on first use instead of at every start (decision 216).
  splitting: true,
  outdir: OUT_DIR,
  outbase: SERVER_DIR,
  plugins: [externalPackages],
  logLevel: 'warning',
};

fs.rmSync(OUT_DIR, { recursive: true, force: true });
await Promise.all([
  build({ ...common, entryPoints: [{ in: 'src/main.ts', out: 'main' }], absWorkingDir: SERVER_DIR }),
  build({
    ...common,
    absWorkingDir: SERVER_DIR,
    outExtension: { '.js': '.mjs' },
    entryPoints: [
      { in: 'src/labels/render-pool/render-thread-entry.ts', out: 'render-thread' },
      { in: 'src/modules/amazon/pdf-text-worker-entry.ts', out: 'pdf-text-worker' },
      { in: 'src/lib/password-checker-thread-entry.ts', out: 'password-checker-thread' },
    ],
  }),
]);
fs.cpSync(path.join(SERVER_DIR, 'src/db/migrations'), path.join(OUT_DIR, 'migrations'), { recursive: true });
// A migrated, empty embedded database beside main.js: a new data directory starts as a copy of it.
// pg-boss's tables and the queues are in it too; each start still gives the queues its configured rules.
await createPgliteTemplate(path.join(OUT_DIR, 'pglite-template'), (database) =>
  installJobQueues(database, queueDefinitions(loadConfig({}))),
);
