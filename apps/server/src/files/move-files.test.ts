import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';
import { files } from '../db/schema.ts';
import { createTestDatabase } from '../../test/helper.ts';
import { runCli } from '../../test/run-cli.ts';
import { keysIn, startS3, type TestS3 } from '../../test/s3-server.ts';
import { createFileStore, ORPHAN_GRACE_MS, type ObjectBucket } from './index.ts';
import { moveFiles } from './move-files.ts';

const pdf = (i: number) => ({
  userId: null,
  name: `${i}.pdf`,
  contentType: 'application/pdf',
  content: Buffer.from(`%PDF-1.7 label ${i}`),
});

/** The bucket, but the process "dies" (throws) at its `n`th upload or read. */
function dyingAt(bucket: ObjectBucket, n: number): ObjectBucket {
  let calls = 0;
  const die = () => {
    if (++calls >= n) throw new Error('killed');
  };
  return {
    ...bucket,
    put: async (key, object) => (die(), bucket.put(key, object)),
    read: async (key) => (die(), bucket.read(key)),
  };
}

describe('admin move-files (decision 335)', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3('move-files');
  });
  afterAll(() => s3.close());

  it('moves every file to the bucket and back in batches; a run killed halfway and run again finishes, nothing lost', async () => {
    const database: Database = await createTestDatabase('pglite');
    await database.migrate();
    const ids = await createFileStore({ db: database.db, bucket: null }).putMany(
      Array.from({ length: 25 }, (_, i) => pdf(i)),
    );
    const readAll = async () => {
      const got = await createFileStore({ db: database.db, bucket: s3.bucket }).getMany(ids);
      return ids.map((id) => got.get(id)?.content.toString());
    };
    const expected = ids.map((_, i) => `%PDF-1.7 label ${i}`);
    const inRows = async () =>
      (await database.db.select({ id: files.id }).from(files).where(isNotNull(files.content))).length;

    const progress: number[] = [];
    await expect(
      moveFiles({ db: database.db, bucket: dyingAt(s3.bucket, 13), to: 's3', batchSize: 10 }),
    ).rejects.toThrow('killed');
    // Killed in its second batch: every file is still readable, wherever it is now.
    expect(await readAll()).toEqual(expected);
    expect(await inRows()).toBeGreaterThan(0);
    expect(await inRows()).toBeLessThan(25);

    const done = await moveFiles({
      db: database.db,
      bucket: s3.bucket,
      to: 's3',
      batchSize: 10,
      onProgress: (p) => progress.push(p.moved),
    });
    expect(done.moved).toBe(done.total);
    expect(progress.at(-1)).toBe(done.total);
    expect(await inRows()).toBe(0);
    expect(await keysIn(s3.bucket)).toHaveLength(25);
    expect(await readAll()).toEqual(expected);
    // Objects uploaded by the killed run belong to rows now: the sweep keeps them all.
    const store = createFileStore({ db: database.db, bucket: s3.bucket });
    expect(await store.sweep(new Date(Date.now() + ORPHAN_GRACE_MS + 1000))).toBe(0);

    await expect(
      moveFiles({ db: database.db, bucket: dyingAt(s3.bucket, 15), to: 'db', batchSize: 10 }),
    ).rejects.toThrow('killed');
    expect(await readAll()).toEqual(expected);
    await moveFiles({ db: database.db, bucket: s3.bucket, to: 'db', batchSize: 10 });
    expect(await inRows()).toBe(25);
    expect(await keysIn(s3.bucket)).toEqual([]);
    expect(await readAll()).toEqual(expected);
    await database.close();
  });

  // Two processes each open the embedded database and migrate it, as the admin command-line tests do.
  it(
    'runs from the command line on a stopped embedded database, printing its progress',
    { timeout: 120_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-move-'));
      try {
        const database = await createDatabase({ dataDir });
        await database.migrate();
        await createFileStore({ db: database.db, bucket: null }).putMany([pdf(1), pdf(2), pdf(3)]);
        await database.close();
        const { FILE_STORE: _store, ...s3Settings } = s3.env;
        const refused = await runCli('admin.ts', ['move-files', '--to', 'nowhere'], { DATA_DIR: dataDir });
        expect(refused).toMatchObject({ code: 2, out: expect.stringContaining('--to s3 or --to db') });
        const moved = await runCli('admin.ts', ['move-files', '--to', 's3', '--batch', '2'], {
          DATA_DIR: dataDir,
          ...s3Settings,
        });
        expect(moved.out).toContain('moved 2 of 3 files (66%)');
        expect(moved.out).toContain('moved 3 of 3 files (100%)');
        expect(moved.out).toContain('Done: 3 files moved to the bucket move-files.');
        expect(moved.code).toBe(0);
        expect(await keysIn(s3.bucket)).toHaveLength(3);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
