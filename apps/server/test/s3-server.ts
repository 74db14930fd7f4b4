import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { openS3Bucket, type S3Settings } from '../src/files/s3-bucket.ts';
import type { ObjectBucket } from '../src/files/index.ts';

/** s3rver's one account. */
const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type TestS3 = {
  settings: S3Settings;
  /** The FILE_STORE=s3 settings of this server, for a server process or `testConfig`. */
  env: Record<string, string>;
  /** A client of the bucket, to look at what the store left there. */
  bucket: ObjectBucket;
  close(): Promise<void>;
};

/**
 * A real S3-compatible server (s3rver) on a free loopback port, its objects in a temporary folder, with
 * one bucket: what the S3 file store is tested against instead of a mock of the client.
 */
export async function startS3(bucketName = 'labelport-files'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucketName }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: bucketName,
    region: 'us-east-1',
    credentials: S3RVER_KEYS,
    forcePathStyle: true,
  };
  const bucket = await openS3Bucket(settings);
  return {
    settings,
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: settings.endpoint!,
      S3_BUCKET: bucketName,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    bucket,
    async close() {
      bucket.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Every key in the test bucket. */
export async function keysIn(bucket: ObjectBucket): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of bucket.list('')) keys.push(...page);
  return keys.sort();
}
