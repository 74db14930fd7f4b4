import crypto from 'node:crypto';
import {
  bulkOrderDetailResponse,
  bulkOrderListQuery,
  bulkOrderListResponse,
  bulkOrderRowsQuery,
  createBulkOrderResponse,
  CSV_FILE_ONLY,
  CSV_MAX_BYTES,
  csvErrorResponse,
  labelFileQuery,
  labelLayout,
  pickListQuery,
  pickListResponse,
  withSlipsQuery,
  uuidParams,
} from '@portal/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { readMultipartForm } from '../../lib/multipart-form.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import {
  downloadBulkCsv,
  downloadBulkPdf,
  downloadBulkZip,
  type BulkDownload,
} from './bulk-files.service.ts';
import { sendIdempotent } from '../idempotency/idempotency.service.ts';
import { createBulkOrderFromCsv } from './bulk-order-csv.service.ts';
import { readBulkOrder, readBulkOrders } from './bulk-orders-read.service.ts';
import { pickListCsv, readPickList } from './pick-list.service.ts';

const tags = ['bulk-orders'];
const bulkOrderParams = uuidParams({ id: 'Bulk order not found' });

/** `?format=pdf|letter|zpl|png&dpi=` (issue 37); the older `?layout=4x6|letter` still works. */
const layoutQuery = labelFileQuery.extend({ layout: labelLayout.optional() });

/** The rows file is CSV only: a label format asked of it is refused, not ignored. */
const csvFileQuery = z.object({
  format: z.literal('csv', { error: CSV_FILE_ONLY }).optional().describe('csv (the only format)'),
});

const sendFile = (reply: FastifyReply, file: BulkDownload) =>
  sendAttachment(reply, { fileName: file.fileName, contentType: file.contentType, body: file.stream });

/** Bulk (CSV) orders, spec section 7: pay, list, per-row results and the three files. */
export const bulkOrderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));

    app.post(
      '/createOrderFromCSV',
      {
        config: { permission: 'orders.buy' },
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
        const userId = currentUser(request).user.id;
        const input = {
          fields: form.fields,
          file: form.file && crypto.createHash('sha256').update(form.file.data).digest('hex'),
        };
        return sendIdempotent(ctx, request, reply, { userId, input, status: 201 }, (inTransaction) =>
          createBulkOrderFromCsv(ctx, { userId, form, inTransaction }),
        );
      },
    );

    app.get(
      '/read-bulk-orders',
      {
        config: { permission: 'orders.read' },
        schema: { tags, querystring: bulkOrderListQuery, response: { 200: bulkOrderListResponse } },
      },
      async (request) => readBulkOrders(ctx, { userId: currentUser(request).user.id, query: request.query }),
    );

    app.get(
      '/read-bulk-order/:id',
      {
        config: { permission: 'orders.read' },
        schema: {
          tags,
          params: bulkOrderParams,
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

    app.get(
      '/bulk-download/:id',
      {
        config: { permission: 'orders.read' },
        schema: { tags, params: bulkOrderParams, querystring: labelFileQuery },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await downloadBulkZip(ctx, {
            userId: currentUser(request).user.id,
            id: request.params.id,
            asked: request.query,
          }),
        ),
    );
    app.get(
      '/bulk-download-pdf/:id',
      {
        config: { permission: 'orders.read' },
        schema: { tags, params: bulkOrderParams, querystring: layoutQuery.extend(withSlipsQuery.shape) },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await downloadBulkPdf(ctx, {
            userId: currentUser(request).user.id,
            id: request.params.id,
            asked: {
              format:
                request.query.format ??
                (request.query.layout === 'letter' ? 'letter' : request.query.layout && 'pdf'),
              dpi: request.query.dpi,
            },
            withSlips: request.query.with === 'slips',
          }),
        ),
    );
    app.get(
      '/pick-list/:id',
      {
        config: { permission: 'orders.read' },
        schema: {
          tags,
          params: bulkOrderParams,
          querystring: pickListQuery,
          response: { 200: pickListResponse },
        },
      },
      async (request, reply) => {
        const pickList = await readPickList(ctx, {
          userId: currentUser(request).user.id,
          id: request.params.id,
        });
        if (request.query.format !== 'csv') return pickList;
        return sendAttachment(reply, {
          fileName: `pick-list-${pickList.bulkOrder}.csv`,
          contentType: 'text/csv; charset=utf-8',
          body: await pickListCsv(pickList),
        });
      },
    );
    app.get(
      '/bulk-download-csv/:id',
      {
        config: { permission: 'orders.read' },
        schema: { tags, params: bulkOrderParams, querystring: csvFileQuery },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await downloadBulkCsv(ctx, { userId: currentUser(request).user.id, id: request.params.id }),
        ),
    );
  };
