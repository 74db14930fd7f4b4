import { NUL_MESSAGE, nulCharacterPath } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** Any string with U+0000 in a JSON body, query or path is a 400, before a route's schema or the database sees it. */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nulCharacterPath(part);
      if (field !== null) {
        throw AppError.fieldError(field || 'body', NUL_MESSAGE);
      }
    }
  });
}
