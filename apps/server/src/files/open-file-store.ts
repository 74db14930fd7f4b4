import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { FileStore } from './file-store.ts';
import type { ObjectBucket } from './object-bucket.ts';
import { createFileStore } from './stored-files.ts';

/**
 * The bucket of the S3_ settings; the S3 client is loaded here, only when a bucket is configured
 * (decision 335), so a server on the database store never holds it in memory.
 */
export async function openConfiguredBucket(config: Config): Promise<ObjectBucket> {
  if (!config.files.s3)
    throw new Error('No bucket is configured: set S3_BUCKET and the other S3_ settings (see README)');
  const { openS3Bucket } = await import('./s3-bucket.ts');
  return openS3Bucket(config.files.s3);
}

/** The store FILE_STORE names: the database (default) or S3-compatible object storage. */
export async function openFileStore(config: Config, db: Db): Promise<FileStore> {
  if (config.files.store !== 's3') return createFileStore({ db, bucket: null });
  return createFileStore({
    db,
    bucket: await openConfiguredBucket(config),
    presignDownloads: config.files.presignDownloads,
  });
}
