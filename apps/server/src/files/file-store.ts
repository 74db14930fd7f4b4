import type { Readable } from 'node:stream';
import type { DbOrTx } from '../db/client.ts';

export type StoredFile = { id: string; name: string; contentType: string; content: Buffer };
export type NewFile = { userId: string | null; name: string; contentType: string; content: Uint8Array };
/** A file's row without its bytes: where they are, and whether retention removed them. */
export type FileHead = {
  id: string;
  name: string;
  contentType: string;
  byteSize: number;
  sha256: string | null;
  storageKey: string | null;
  removedAt: Date | null;
  createdAt: Date;
};
/** Files whose bytes are written (to the bucket, on the S3 store) and whose rows are not yet. */
export type StagedFiles = { readonly ids: readonly string[]; readonly rows: readonly unknown[] };

/**
 * Where label PDFs and generated files live (DESIGN.md section 4, decision 335). The database store keeps
 * the bytes in the `files` row; the S3 store (FILE_STORE=s3) writes them to a bucket first, then the row
 * with key, size and sha-256. Either reads both kinds of rows, so files moved part way are all found.
 *
 * A file goes in in two steps so that its bytes are written before the row that points to it commits:
 * `stage` before the transaction (the upload), `record` inside it (the row). `put` does both for a file
 * that needs no transaction of its own.
 */
export interface FileStore {
  readonly kind: 'db' | 's3';
  /** Writes the bytes where this store keeps them; call it outside any transaction. */
  stage(files: readonly NewFile[]): Promise<StagedFiles>;
  /** The staged files' rows, in the caller's transaction; their ids in the order staged. */
  record(staged: StagedFiles, tx: DbOrTx): Promise<readonly string[]>;
  put(file: NewFile): Promise<string>;
  putMany(files: readonly NewFile[]): Promise<readonly string[]>;
  /** The file with its bytes; null when there is none or retention removed its bytes. */
  get(id: string): Promise<StoredFile | null>;
  /** Several files in one round trip, by id (ids not found or removed are missing from the map). */
  getMany(ids: readonly string[]): Promise<Map<string, StoredFile>>;
  head(id: string): Promise<FileHead | null>;
  /** Which of the files retention removed. */
  removedOf(ids: readonly string[]): Promise<Set<string>>;
  /** The bytes as a stream, read from wherever they are; null when they are gone. */
  stream(head: FileHead): Promise<Readable | null>;
  /** A short-lived address of the bytes (S3_PRESIGN_DOWNLOADS=1), or null when this server sends them. */
  downloadUrl(head: FileHead, as: { fileName: string; contentType: string }): Promise<string | null>;
  /** Deletes the rows (in `tx` when given); their objects go with the next sweep. */
  remove(id: string, tx?: DbOrTx): Promise<void>;
  removeMany(ids: readonly string[], tx?: DbOrTx): Promise<void>;
  /**
   * Retention: the files' bytes go (in `tx`), their rows stay with `removedAt`; objects go with the
   * next sweep. Files already removed are left as they are.
   */
  expire(ids: readonly string[], at: Date, tx: DbOrTx): Promise<void>;
  /** Deletes objects whose checks are due at `now` and that no row holds; how many were deleted. */
  sweep(now?: Date): Promise<number>;
  close(): Promise<void>;
}
