import type { FastifyError, FastifyInstance } from 'fastify';
import { UNKNOWN_ID } from '@portal/shared';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, type FieldError } from '../errors.ts';

/** The answer while the database cannot be reached: the request may be sent again in a moment. */
export const DATABASE_UNAVAILABLE = 'The service is briefly unavailable, please try again';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Request is not multipart',
  FST_REQ_FILE_TOO_LARGE: 'File is too large',
  FST_PARTS_LIMIT: 'Too many parts in the upload',
  FST_FILES_LIMIT: 'Too many files in the upload',
  FST_FIELDS_LIMIT: 'Too many fields in the upload',
};

/** A path id that is not a UUID names no row: the route's 404 text rides on the issue (decision 302). */
const isUnknownId = (params: Record<string, unknown> | undefined): boolean =>
  (params?.params as Record<string, unknown> | undefined)?.[UNKNOWN_ID] === true;

const fieldName = (path: string): string => path.replace(/^\//, '').replaceAll('/', '.') || 'body';

/** One error handler: `{ message }` (plus `errors` for field problems), fitting 4xx, no internals on 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const body: { message: string; errors?: FieldError[]; warnings?: FieldError[] } = {
        message: error.message,
        ...error.flags,
      };
      if (error.errors) body.errors = error.errors;
      if (error.warnings) body.warnings = error.warnings;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const unknownId = error.validation.find((v) => isUnknownId(v.params));
      if (unknownId) return reply.status(404).send({ message: unknownId.message });
      const errors = error.validation.map((v) => ({
        field: fieldName(v.instancePath ?? ''),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FASTIFY_MESSAGES[error.code]) ?? error.message;
      return reply.status(status).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '1').send({ message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side, please try again' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}
