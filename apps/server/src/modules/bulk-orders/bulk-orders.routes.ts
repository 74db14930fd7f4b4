import { z } from 'zod';
import {
  bulkOrderDetailResponse,
  bulkOrderListQuery,
  bulkOrderListResponse,
  bulkOrderRowsQuery,
  createBulkOrderResponse,
  csvErrorResponse,
  CSV_MAX_BYTES,
  idParams,
} from '@portal/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { readMultipartForm } from '../../lib/multipart-form.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import {
  downloadBulkCsv,
  downloadBulkPdf,
  downloadBulkZip,
  type BulkDownload,
} from './bulk-files.service.ts';
import { createBulkOrderFromCsv } from './bulk-order-csv.service.ts';
import { readBulkOrder, readBulkOrders } from './bulk-orders-read.service.ts';

const tags = ['bulk-orders'];

/** `?layout=letter` puts two labels on each Letter page; 4x6 (one a page) is the default. */
const layoutQuery = z.object({ layout: z.enum(['4x6', 'letter']).default('4x6') });

const sendFile = (reply: FastifyReply, file: BulkDownload) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.stream);

/** An optional Idempotency-Key header: a client's own guard against sending the same purchase twice. */
function idempotencyKeyOf(value: string | string[] | undefined): string | null {
  const key = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!key) return null;
  if (key.length > 200) throw new AppError('BAD_REQUEST', 'Idempotency-Key must be at most 200 characters');
  return key;
}

/** Bulk (CSV) orders, spec section 7: pay, list, per-row results and the three files. */
export const bulkOrderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));

    app.post(
      '/createOrderFromCSV',
      {
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 201: createBulkOrderResponse, 400: csvErrorResponse },
        },
      },
      async (request, reply) => {
        const form = await readMultipartForm(request, {
          fileField: 'csv',
          maxFileBytes: CSV_MAX_BYTES,
          what: 'CSV file',
        });
        const result = await createBulkOrderFromCsv(ctx, {
          userId: currentUser(request).user.id,
          form,
          idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key']),
        });
        return reply.status(201).send(result);
      },
    );

    app.get(
      '/read-bulk-orders',
      { schema: { tags, querystring: bulkOrderListQuery, response: { 200: bulkOrderListResponse } } },
      async (request) => readBulkOrders(ctx, { userId: currentUser(request).user.id, query: request.query }),
    );

    app.get(
      '/read-bulk-order/:id',
      {
        schema: {
          tags,
          params: idParams,
          querystring: bulkOrderRowsQuery,
          response: { 200: bulkOrderDetailResponse },
        },
      },
      async (request) =>
        readBulkOrder(ctx, {
          userId: currentUser(request).user.id,
          id: request.params.id,
          query: request.query,
        }),
    );

    app.get('/bulk-download/:id', { schema: { tags, params: idParams } }, async (request, reply) =>
      sendFile(
        reply,
        await downloadBulkZip(ctx, { userId: currentUser(request).user.id, id: request.params.id }),
      ),
    );
    app.get(
      '/bulk-download-pdf/:id',
      { schema: { tags, params: idParams, querystring: layoutQuery } },
      async (request, reply) =>
        sendFile(
          reply,
          await downloadBulkPdf(ctx, {
            userId: currentUser(request).user.id,
            id: request.params.id,
            layout: request.query.layout,
          }),
        ),
    );
    app.get('/bulk-download-csv/:id', { schema: { tags, params: idParams } }, async (request, reply) =>
      sendFile(
        reply,
        await downloadBulkCsv(ctx, { userId: currentUser(request).user.id, id: request.params.id }),
      ),
    );
  };
