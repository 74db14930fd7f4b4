import type { FastifyRequest } from 'fastify';
import { NUL_MESSAGE, nulCharacterPath } from '@portal/shared';
import type { z } from 'zod';
import { readCapped } from '../csv/parse-csv.ts';
import { AppError } from '../errors.ts';

export type UploadedFile = { filename: string; mimetype: string; data: Buffer };
export type MultipartForm = { fields: Record<string, string>; file: UploadedFile | null };

export const MULTIPART_CUT_SHORT = 'The upload ended before the form was complete. Please send it again.';

/**
 * Reads a multipart form with one file: text fields as strings, the file into memory with its own
 * cap (the upload stops as soon as it passes it). Files under other names are drained and ignored.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileField: string; maxFileBytes: number; what: string },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the form as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField || file) {
          part.file.resume();
          continue;
        }
        const data = await readCapped(part.file, options.maxFileBytes, options.what);
        file = { filename: part.filename, mimetype: part.mimetype, data };
      } else if (typeof part.value === 'string' || typeof part.value === 'number') {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    // Our own answers and the multipart limits (413) keep their status; a body cut short is the caller's.
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status !== undefined && status < 500)) throw error;
    throw new AppError('BAD_REQUEST', MULTIPART_CUT_SHORT);
  }
  return { fields, file };
}

/** Validates form fields with a shared zod schema: a 400 with every field's problem. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const nulField = nulCharacterPath(fields);
  if (nulField !== null) {
    throw AppError.fieldError(nulField, NUL_MESSAGE);
  }
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
  }));
  throw new AppError('BAD_REQUEST', errors[0]?.message ?? 'Invalid form', { errors });
}
