import { AMAZON_CSV_FILENAME, AMAZON_PDF_MAX_BYTES, amazonCsvForm } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { parseFields, readMultipartForm } from '../../lib/multipart-form.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { readAddressCheckMode } from '../address-check/address-check.service.ts';
import { usZipDirectory } from '../../lib/zip-table.ts';
import { generateAmazonCsv } from './amazon.service.ts';

/** Amazon CSV generator (spec: /amazon-csv): packing-slip PDF in, bulk CSV (amazon.csv) out. */
export const amazonRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/generate-csv',
      {
        config: { permission: 'orders.buy' },
        schema: { tags: ['amazon'], consumes: ['multipart/form-data'] },
        preHandler: requireUser(ctx),
      },
      async (request, reply) => {
        const form = await readMultipartForm(request, {
          fileField: 'pdf',
          maxFileBytes: AMAZON_PDF_MAX_BYTES,
          what: 'PDF',
        });
        const from = parseFields(amazonCsvForm, form.fields);
        if (!form.file) {
          throw AppError.fieldError('pdf', 'Please select a PDF file');
        }
        const mode = await readAddressCheckMode(ctx, currentUser(request).user.id);
        const result = await generateAmazonCsv({
          pdf: form.file.data,
          from,
          addressCheck: { directory: usZipDirectory(), mode },
        });
        void reply
          .header('x-orders-count', String(result.orders))
          .header('x-incomplete-orders', String(result.incomplete))
          .header('x-address-warnings', String(result.warningRows));
        return sendAttachment(reply, {
          fileName: AMAZON_CSV_FILENAME,
          contentType: 'text/csv; charset=utf-8',
          body: result.csv,
        });
      },
    );
  };
