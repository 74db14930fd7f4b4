import { CSV_MAX_BYTES, csvErrorResponse, validateCsvResponse } from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { readMultipartForm, type MultipartForm } from '../../lib/multipart-form.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { correctedCsvUpload, validateCsvUpload, type CsvUploadInput } from './validate-csv.service.ts';

const uploadOf = (request: FastifyRequest, form: MultipartForm): CsvUploadInput => ({
  userId: currentUser(request).user.id,
  csv: form.file?.data ?? null,
  labelTypeId: form.fields.labeltype ?? form.fields.labelType,
  design: form.fields.design,
});

/** POST /order/validatecsv (multipart: csv, labeltype, optional design): price a bulk CSV before paying. */
export const validateCsvRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/validatecsv',
      {
        config: { permission: 'orders.buy' },
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
        return validateCsvUpload(ctx, uploadOf(request, form));
      },
    );

    app.post(
      '/validatecsv/corrected',
      {
        config: { permission: 'orders.buy' },
        schema: { tags: ['bulk-orders'], consumes: ['multipart/form-data'] },
        preHandler: requireUser(ctx),
      },
      async (request, reply) => {
        const form = await readMultipartForm(request, {
          fileField: 'csv',
          maxFileBytes: CSV_MAX_BYTES,
          what: 'CSV file',
        });
        const name = (form.file?.filename || 'orders.csv').replace(/\.csv$/i, '');
        const text = await correctedCsvUpload(ctx, uploadOf(request, form));
        return sendAttachment(reply, {
          fileName: `${name}-corrected.csv`,
          contentType: 'text/csv; charset=utf-8',
          body: text,
        });
      },
    );
  };
