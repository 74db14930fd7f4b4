import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from './client.ts';

const sharedBuffers = async (database: Awaited<ReturnType<typeof createDatabase>>): Promise<unknown> =>
  (await database.executeSql("SELECT current_setting('shared_buffers') AS size")).rows[0]!.size;

/** Decision 216: the embedded database's page cache is small by default and set by PGLITE_SHARED_BUFFERS. */
describe('embedded database page cache', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is 16MB unless PGLITE_SHARED_BUFFERS says otherwise, and a bad size is refused by name', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('16MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    for (const bad of ['lots', '16', '0MB', '16 MB'])
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad }), bad).toThrowError(ConfigError);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrowError(/PGLITE_SHARED_BUFFERS/);
  });

  it('opens the embedded database with that page cache', async () => {
    const small = await createDatabase({ dataDir: path.join(root, 'a'), template: false });
    try {
      expect(await sharedBuffers(small)).toBe('16MB');
    } finally {
      await small.close();
    }
    const large = await createDatabase({ dataDir: path.join(root, 'a'), sharedBuffers: '64MB' });
    try {
      expect(await sharedBuffers(large)).toBe('64MB');
    } finally {
      await large.close();
    }
  });
});
