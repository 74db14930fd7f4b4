import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../../test/helper.ts';
import { keysIn, startS3, type TestS3 } from '../../test/s3-server.ts';
import {
  createFileStore,
  FileIntegrityError,
  objectKeyOf,
  ORPHAN_GRACE_MS,
  sha256Of,
  type FileStore,
  type NewFile,
} from './index.ts';

const file = (text: string): NewFile => ({
  userId: null,
  name: `${text}.pdf`,
  contentType: 'application/pdf',
  content: new TextEncoder().encode(`%PDF-1.7 ${text}`),
});
const later = (ms: number) => new Date(Date.now() + ms);
const rowOf = async (database: Database, id: string) =>
  (await database.db.select().from(files).where(eq(files.id, id)))[0];
const streamed = async (store: FileStore, id: string): Promise<string | null> => {
  const body = await store.stream((await store.head(id))!);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString();
};

/**
 * One suite, both stores (decision 335): the database store and the S3 store against a real
 * S3-compatible server. What differs is only where the bytes are, which each case checks through `at`.
 */
describe.each(['db', 's3'] as const)('the %s file store', (kind) => {
  let database: Database;
  let s3: TestS3 | null = null;
  let store: FileStore;
  /** Where the file's bytes are: in its row, as an object in the bucket, both, or nowhere. */
  const at = async (id: string): Promise<'row' | 'bucket' | 'both' | 'nowhere'> => {
    const row = await rowOf(database, id);
    const inRow = Boolean(row?.content);
    const inBucket = s3 ? (await keysIn(s3.bucket)).includes(objectKeyOf(id)) : false;
    return inRow && inBucket ? 'both' : inRow ? 'row' : inBucket ? 'bucket' : 'nowhere';
  };
  const home = kind === 'db' ? 'row' : 'bucket';

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await database.migrate();
    if (kind === 's3') s3 = await startS3('suite-files');
    store = createFileStore({ db: database.db, bucket: s3?.bucket ?? null, presignDownloads: true });
  });
  afterAll(async () => {
    await s3?.close();
    await database.close();
  });

  it('keeps a file and gives it back, with its size and sha-256 in the row', async () => {
    const id = await store.put(file('one'));
    const got = await store.get(id);
    expect(got?.content.toString()).toBe('%PDF-1.7 one');
    expect(got).toMatchObject({ id, name: 'one.pdf', contentType: 'application/pdf' });
    const row = await rowOf(database, id);
    expect(row).toMatchObject({ byteSize: 12, sha256: sha256Of(Buffer.from('%PDF-1.7 one')) });
    expect(row!.storageKey).toBe(kind === 's3' ? objectKeyOf(id) : null);
    expect(await at(id)).toBe(home);
    expect(await streamed(store, id)).toBe('%PDF-1.7 one');
  });

  it('reads several at once, leaving out ids it does not have', async () => {
    const ids = await store.putMany([file('a'), file('b')]);
    const missing = '00000000-0000-4000-8000-000000000000';
    const many = await store.getMany([...ids, missing]);
    expect([...many.keys()].sort()).toEqual([...ids].sort());
    expect(many.get(ids[1]!)?.content.toString()).toBe('%PDF-1.7 b');
    expect(await store.get(missing)).toBeNull();
    expect(await store.head(missing)).toBeNull();
  });

  it('writes the bytes before the row commits; a rolled-back row leaves an object only the sweep deletes, after its grace', async () => {
    const staged = await store.stage([file('rolled-back')]);
    const [id] = staged.ids as [string];
    await expect(
      database.db.transaction(async (tx) => {
        await store.record(staged, tx);
        throw new Error('the order changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await rowOf(database, id)).toBeUndefined();
    // On S3 the object was written before the transaction; the database store wrote nothing.
    expect(await at(id)).toBe(kind === 's3' ? 'bucket' : 'nowhere');
    expect(await store.sweep(later(ORPHAN_GRACE_MS / 2))).toBe(0);
    expect(await at(id)).toBe(kind === 's3' ? 'bucket' : 'nowhere');
    expect(await store.sweep(later(ORPHAN_GRACE_MS + 1000))).toBe(kind === 's3' ? 1 : 0);
    expect(await at(id)).toBe('nowhere');
  });

  it('keeps a committed file through the sweep', async () => {
    const staged = await store.stage([file('committed')]);
    await database.db.transaction((tx) => store.record(staged, tx));
    await store.sweep(later(ORPHAN_GRACE_MS + 1000));
    expect((await store.get(staged.ids[0]!))?.content.toString()).toBe('%PDF-1.7 committed');
  });

  it('removes a file with its row, and keeps it when that transaction rolls back', async () => {
    const [kept, removed] = await store.putMany([file('kept'), file('removed')]);
    await expect(
      database.db.transaction(async (tx) => {
        await store.remove(kept!, tx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await store.remove(removed!);
    await store.sweep();
    expect((await store.get(kept!))?.content.toString()).toBe('%PDF-1.7 kept');
    expect(await store.get(removed!)).toBeNull();
    expect(await at(removed!)).toBe('nowhere');
    expect(await at(kept!)).toBe(home);
  });

  it('expires a file: the row stays, marked removed, and its bytes are gone from the store', async () => {
    const id = await store.put(file('expired'));
    const when = new Date('2026-06-01T00:00:00Z');
    await database.db.transaction((tx) => store.expire([id], when, tx));
    await store.sweep(when);
    expect(await store.get(id)).toBeNull();
    expect(await store.head(id)).toMatchObject({ id, removedAt: when, storageKey: null });
    expect(await store.stream((await store.head(id))!)).toBeNull();
    expect(await at(id)).toBe('nowhere');
  });

  it('gives a short-lived address of the bytes only when they are in a bucket', async () => {
    const id = await store.put(file('linked'));
    const url = await store.downloadUrl((await store.head(id))!, {
      fileName: 'Z123.pdf',
      contentType: 'application/pdf',
    });
    if (kind === 'db') {
      expect(url).toBeNull();
      return;
    }
    expect(url).toMatch(/X-Amz-Expires=60/);
    const answer = await fetch(url!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Z123.pdf"');
    expect(await answer.text()).toBe('%PDF-1.7 linked');
  });

  it.runIf(kind === 's3')(
    'reads files still in the database beside those in the bucket, and refuses bytes that do not match their checksum',
    async () => {
      const inDb = await createFileStore({ db: database.db, bucket: null }).put(file('old'));
      expect((await store.get(inDb))?.content.toString()).toBe('%PDF-1.7 old');
      const id = await store.put(file('tampered'));
      await s3!.bucket.put(objectKeyOf(id), {
        body: Buffer.from('%PDF-1.7 swapped'),
        contentType: 'application/pdf',
        sha256: 'x',
      });
      await expect(store.get(id)).rejects.toThrow(FileIntegrityError);
    },
  );
});
