import type { Readable } from 'node:stream';
import { attachmentDisposition } from '../lib/attachment.ts';
import type { ObjectBucket } from './object-bucket.ts';

export type S3Settings = {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both or neither: neither leaves credentials to the SDK's usual chain (an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};

const isMissing = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * An S3-compatible bucket through the official client. The SDK is imported here, on first use, so a
 * server on the database store never loads it (memory at rest; decision 335).
 */
export async function openS3Bucket(settings: S3Settings): Promise<ObjectBucket> {
  const s3 = await import('@aws-sdk/client-s3');
  const client = new s3.S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // S3-compatible servers differ on the newer checksum headers; the store checks sha-256 itself.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const getObject = async (key: string) => {
    try {
      return await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    async put(key, { body, contentType, sha256 }) {
      await client.send(
        new s3.PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
          Metadata: { sha256 },
        }),
      );
    },
    async read(key) {
      const object = await getObject(key);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    },
    async stream(key) {
      const object = await getObject(key);
      return object?.Body ? (object.Body as Readable) : null;
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        if (batch.length === 0) continue;
        await client.send(
          new s3.DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
      }
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
        if (keys.length > 0) yield keys;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async presign(key, { fileName, contentType, seconds }) {
      const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
      const command = new s3.GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(fileName),
        ResponseContentType: contentType,
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(client, command, { expiresIn: seconds });
    },
    close() {
      client.destroy();
    },
  };
}
