/**
 * `npm test` after `npm run check` (decision 307): the unit tests, with the web app and the server built for
 * the browser suite beside them, then the browser suite. The builds (`build-if-changed.ts`, the same builds
 * `npm start` makes) take about a minute of a 2-core machine that the unit run, which spends much of its time
 * waiting on its databases and servers, leaves partly idle; their output is held back and printed after the
 * unit run's, so each stays readable. The browser suite then finds both builds up to date.
 *
 *   tsx scripts/run-tests.ts
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Runs `npx <args>` in the root; its exit code, and its output when `held` (else it goes straight out). */
function npx(args: string[], held = false): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { cwd: ROOT, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const buildStarted = performance.now();
const builds = npx(['tsx', 'scripts/build-if-changed.ts'], true).then((result) => ({
  ...result,
  seconds: (performance.now() - buildStarted) / 1000,
}));
const unit = await npx(['vitest', 'run']);
const built = await builds;
process.stdout.write(
  `\nThe builds for the browser suite, made beside the unit tests (${built.seconds.toFixed(1)} s):\n${built.output}`,
);
if (built.code !== 0) process.stdout.write(`The builds failed (exit code ${built.code}).\n`);
if (unit.code !== 0 || built.code !== 0) process.exit(1);

const e2e = await npx(['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
process.exit(e2e.code);
