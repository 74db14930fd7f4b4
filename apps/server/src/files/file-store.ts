import type { DbOrTx } from '../db/client.ts';

export type StoredFile = { id: string; name: string; contentType: string; content: Buffer };
export type NewFile = { userId: string | null; name: string; contentType: string; content: Uint8Array };

/**
 * Where label PDFs and generated files live (DESIGN.md section 4). The default keeps them in the
 * database so every instance can serve them; an S3-compatible store can implement the same calls.
 * `tx` lets a caller store a file in the same transaction as the row that points to it.
 */
export interface FileStore {
  put(file: NewFile, tx?: DbOrTx): Promise<string>;
  /** Stores several files in one round trip; their ids in the same order. */
  putMany(files: readonly NewFile[], tx?: DbOrTx): Promise<string[]>;
  get(id: string): Promise<StoredFile | null>;
  /** Several files in one round trip, by id (ids not found are missing from the map). */
  getMany(ids: readonly string[]): Promise<Map<string, StoredFile>>;
  remove(id: string, tx?: DbOrTx): Promise<void>;
  removeMany(ids: readonly string[], tx?: DbOrTx): Promise<void>;
}
