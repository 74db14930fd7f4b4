import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIfChanged, type BuildTarget } from '../../../scripts/build-if-changed.ts';

/** Decision 272: `npm start` builds only what changed, aside, and swaps it in with one rename. */
describe('npm start build step', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-if-changed-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const appDir = path.join(root, 'app');
  const source = path.join(appDir, 'src', 'main.ts');
  fs.mkdirSync(path.dirname(source), { recursive: true });
  const served = () => fs.readFileSync(path.join(appDir, 'dist', 'index.html'), 'utf8');

  let builds = 0;
  let seenDuringBuild: string | undefined;
  const target: BuildTarget = {
    name: 'app',
    appDir,
    sources: [path.join(appDir, 'src')],
    build: (outDir) => {
      builds += 1;
      // What a server running from this checkout serves while the build is written.
      seenDuringBuild = fs.existsSync(path.join(appDir, 'dist')) ? served() : undefined;
      fs.mkdirSync(outDir, { recursive: true });
      fs.writeFileSync(path.join(outDir, 'index.html'), fs.readFileSync(source, 'utf8'));
    },
  };

  it('builds once, then skips while the sources are unchanged', () => {
    fs.writeFileSync(source, 'version 1');
    expect(buildIfChanged(target, root)).toBe('built');
    expect(served()).toBe('version 1');
    expect(fs.lstatSync(path.join(appDir, 'dist')).isSymbolicLink()).toBe(true);
    expect(buildIfChanged(target, root)).toBe('unchanged');
    // A test file does not make a new build either.
    fs.writeFileSync(path.join(appDir, 'src', 'main.test.ts'), 'test');
    expect(buildIfChanged(target, root)).toBe('unchanged');
    expect(builds).toBe(1);
  });

  it('writes a new build aside: the old one is served, whole, until the new one is complete', () => {
    const before = fs.realpathSync(path.join(appDir, 'dist'));
    fs.writeFileSync(source, 'version 2');
    expect(buildIfChanged(target, root)).toBe('built');
    expect(seenDuringBuild).toBe('version 1');
    expect(served()).toBe('version 2');
    // A server started from the old build still finds its files.
    expect(fs.readFileSync(path.join(before, 'index.html'), 'utf8')).toBe('version 1');
    // Going back to sources built before reuses that build.
    fs.writeFileSync(source, 'version 1');
    expect(buildIfChanged(target, root)).toBe('built');
    expect(served()).toBe('version 1');
    expect(builds).toBe(2);
  });

  it('takes over a plain dist folder from an older checkout, and keeps only the last few builds', () => {
    const other = path.join(root, 'other');
    fs.mkdirSync(path.join(other, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(other, 'dist', 'index.html'), 'old layout');
    const otherTarget = { ...target, appDir: other, sources: [path.join(other, 'src')] };
    fs.mkdirSync(path.join(other, 'src'));
    for (let v = 1; v <= 5; v += 1) {
      fs.writeFileSync(path.join(other, 'src', 'main.ts'), `v${v}`);
      fs.writeFileSync(source, `v${v}`);
      expect(buildIfChanged(otherTarget, root)).toBe('built');
    }
    expect(fs.readFileSync(path.join(other, 'dist', 'index.html'), 'utf8')).toBe('v5');
    expect(fs.readdirSync(path.join(other, '.builds'))).toHaveLength(3);
  });

  it('is what npm start runs before starting the server', () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
    );
    expect(manifest.scripts.start).toBe('tsx scripts/build-if-changed.ts && npm run start -w @portal/server');
  });
});
