import { CSV_MAX_BYTES, csvErrorResponse, validateCsvResponse } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { readMultipartForm } from '../../lib/multipart-form.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { validateCsvUpload } from './validate-csv.service.ts';

/** POST /order/validatecsv (multipart: csv, labeltype, optional design): price a bulk CSV before paying. */
export const validateCsvRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/validatecsv',
      {
        schema: {
          tags: ['bulk-orders'],
          consumes: ['multipart/form-data'],
          response: { 200: validateCsvResponse, 400: csvErrorResponse },
        },
        preHandler: requireUser(ctx),
      },
      async (request) => {
        const form = await readMultipartForm(request, {
          fileField: 'csv',
          maxFileBytes: CSV_MAX_BYTES,
          what: 'CSV file',
        });
        return validateCsvUpload(ctx, {
          userId: currentUser(request).user.id,
          csv: form.file?.data ?? null,
          labelTypeId: form.fields.labeltype ?? form.fields.labelType,
          design: form.fields.design,
        });
      },
    );
  };
