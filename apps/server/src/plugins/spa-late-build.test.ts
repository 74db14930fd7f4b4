import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper.ts';

/** A web build written as `npm start` writes it (decision 272): a folder, linked in place as `dist`. */
const writeBuild = (root: string, name: string, title: string) => {
  const dir = path.join(root, '.builds', name);
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${title}</title>`);
  fs.writeFileSync(path.join(dir, 'assets', `${name}.js`), `console.log(${JSON.stringify(name)})`);
  const link = path.join(root, `dist.tmp-${name}`);
  fs.symlinkSync(path.join('.builds', name), link);
  fs.renameSync(link, path.join(root, 'dist'));
};

describe('a web build that appears after the server started', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'late-web-build-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is served without a restart, and so is the next one swapped in', async () => {
    const app = await createTestApp({ env: { WEB_DIST_DIR: path.join(root, 'dist') } });
    try {
      const before = await app.inject('/orders');
      expect(before.statusCode).toBe(503);
      expect(before.body).toContain('The web app is not built yet');
      expect((await app.inject('/api/v1/nothing-here')).statusCode).toBe(404);

      writeBuild(root, 'first', 'First build');
      const page = await app.inject('/orders');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('First build');
      expect((await app.inject('/assets/first.js')).statusCode).toBe(200);

      writeBuild(root, 'second', 'Second build');
      expect((await app.inject('/')).body).toContain('Second build');
      const asset = await app.inject('/assets/second.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await app.close();
    }
  }, 60_000);
});
