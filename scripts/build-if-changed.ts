/**
 * `npm start`'s build step (decision 272): builds the web app and the server only when their sources
 * changed since the build in place, writes a build aside (`<app>/.builds/<hash>`) and swaps it in by
 * renaming a symbolic link over `<app>/dist`, so a server already running from this checkout never sees an
 * empty or half-written `dist`. It keeps the last few builds: a running server loads some of its code
 * lazily from the build it started with.
 *
 *   tsx scripts/build-if-changed.ts            (both apps)
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type BuildTarget = {
  name: string;
  /** The app's folder: its `dist` link and `.builds` live here. */
  appDir: string;
  /** Files and folders whose content decides the build (folders walked, dist/, .builds/, node_modules/ skipped). */
  sources: string[];
  /** Writes a complete build into `outDir` (absolute, not existing yet). */
  build: (outDir: string) => void;
};

const SKIPPED = new Set(['node_modules', 'dist', '.builds', 'test-results', 'playwright-report']);
/** Builds kept besides the current one. */
const KEEP_PREVIOUS = 2;
const MARKER = '.build-complete';

function listFiles(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return (
    fs
      .readdirSync(entry, { withFileTypes: true })
      // Tests do not change what is built.
      .filter((d) => !SKIPPED.has(d.name) && !/\.test\.tsx?$/.test(d.name))
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((d) => listFiles(path.join(entry, d.name)))
  );
}

/** A hash of the sources' paths and contents: the same sources give the same build folder. */
export function hashSources(sources: string[], base: string): string {
  const hash = crypto.createHash('sha256');
  for (const file of sources.flatMap(listFiles)) {
    hash.update(path.relative(base, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Replaces `link` with a symbolic link to `target` in one rename; a real folder there is moved aside first. */
function swapLink(link: string, target: string): void {
  const stat = fs.lstatSync(link, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) {
    // A checkout from before: its plain dist/ becomes one of the kept builds.
    fs.renameSync(link, path.join(path.dirname(link), '.builds', `before-${Date.now()}`));
  }
  const temporary = `${link}.tmp-${process.pid}`;
  fs.rmSync(temporary, { force: true });
  fs.symlinkSync(path.relative(path.dirname(link), target), temporary);
  fs.renameSync(temporary, link);
}

function pruneBuilds(buildsDir: string, current: string): void {
  const older = fs
    .readdirSync(buildsDir)
    .map((name) => path.join(buildsDir, name))
    .filter((dir) => dir !== current && !dir.includes('.tmp-'))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const dir of older.slice(KEEP_PREVIOUS)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Builds `target` unless its current build is of these sources; says which it did. */
export function buildIfChanged(target: BuildTarget, base: string): 'built' | 'unchanged' {
  const buildsDir = path.join(target.appDir, '.builds');
  const finished = path.join(buildsDir, hashSources(target.sources, base));
  const link = path.join(target.appDir, 'dist');
  const current = fs.existsSync(link) ? fs.realpathSync(link) : undefined;
  if (current === finished && fs.existsSync(path.join(finished, MARKER))) return 'unchanged';
  fs.mkdirSync(buildsDir, { recursive: true });
  if (!fs.existsSync(path.join(finished, MARKER))) {
    const work = `${finished}.tmp-${process.pid}`;
    fs.rmSync(work, { recursive: true, force: true });
    target.build(work);
    fs.writeFileSync(path.join(work, MARKER), new Date().toISOString());
    fs.rmSync(finished, { recursive: true, force: true });
    fs.renameSync(work, finished);
  }
  fs.utimesSync(finished, new Date(), new Date());
  swapLink(link, finished);
  pruneBuilds(buildsDir, finished);
  return 'built';
}

const ROOT = path.resolve(import.meta.dirname, '..');
const shared = [
  path.join(ROOT, 'packages/shared'),
  path.join(ROOT, 'package-lock.json'),
  path.join(ROOT, 'tsconfig.base.json'),
];
const run = (cwd: string, args: string[]) => execFileSync('npx', args, { cwd, stdio: 'inherit' });

export const TARGETS: BuildTarget[] = [
  {
    name: 'web',
    appDir: path.join(ROOT, 'apps/web'),
    sources: [path.join(ROOT, 'apps/web'), ...shared],
    build: (outDir) =>
      run(path.join(ROOT, 'apps/web'), ['vite', 'build', '--outDir', outDir, '--emptyOutDir']),
  },
  {
    name: 'server',
    appDir: path.join(ROOT, 'apps/server'),
    sources: [
      path.join(ROOT, 'apps/server/src'),
      path.join(ROOT, 'apps/server/scripts'),
      path.join(ROOT, 'apps/server/package.json'),
      ...shared,
    ],
    build: (outDir) => run(path.join(ROOT, 'apps/server'), ['tsx', 'scripts/build.ts', outDir]),
  },
];

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  for (const target of TARGETS) {
    const started = performance.now();
    const outcome = buildIfChanged(target, ROOT);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      outcome === 'built'
        ? `Built the ${target.name} (${seconds} s)\n`
        : `The ${target.name} build is up to date (${seconds} s)\n`,
    );
  }
}
