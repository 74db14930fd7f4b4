import type { Readable } from 'node:stream';
import type { S3Settings } from './s3-bucket.ts';

/** What the S3 store needs of a bucket: the calls of any S3-compatible server (decision 335). */
export interface ObjectBucket {
  put(key: string, object: { body: Uint8Array; contentType: string; sha256: string }): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  read(key: string): Promise<Buffer | null>;
  stream(key: string): Promise<Readable | null>;
  /** Deletes the objects (a missing one is no error). */
  remove(keys: readonly string[]): Promise<void>;
  /** Every key under `prefix`, a page at a time. */
  list(prefix: string): AsyncIterable<string[]>;
  /** A GET address valid for `seconds`, answered as a download named `fileName`. */
  presign(key: string, as: { fileName: string; contentType: string; seconds: number }): Promise<string>;
  close(): void;
}

/** Every object the store writes lives under this prefix, named by its file's id. */
export const KEY_PREFIX = 'files/';
export const objectKeyOf = (fileId: string): string => `${KEY_PREFIX}${fileId}`;

/**
 * The origin presigned addresses point at: the endpoint's, else AWS S3's for the bucket (the web app's
 * downloads follow the redirect there, so its content security policy lets them connect).
 */
export function bucketOrigin(settings: S3Settings): string {
  if (settings.endpoint) return new URL(settings.endpoint).origin;
  return settings.forcePathStyle
    ? `https://s3.${settings.region}.amazonaws.com`
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
}
