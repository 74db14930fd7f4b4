import {
  apiAddressCheckQuery,
  apiBulkDownloadQuery,
  apiBulkOrderParams,
  apiCreateBulkOrderBody,
  apiCreateBulkOrderResponse,
  apiErrorResponse,
  apiPurchaseHeaders,
  apiReadBulkOrderResponse,
  bulkOrderRowsQuery,
  withSlipsQuery,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { downloadBulkPdf, downloadBulkZip } from '../bulk-orders/bulk-files.service.ts';
import {
  apiErrors as errors,
  purchaseErrors,
  purchaseRoute,
  sendBodyPurchase,
  type PurchaseLimit,
} from './api-route-shapes.ts';
import { createApiBulkOrder, readApiBulkOrder } from './reseller-api.service.ts';

const tags = ['Bulk orders'];

/** Bulk orders of the reseller API: the app's bulk order services, with rows sent as JSON objects. */
export const resellerBulkOrderRoutes =
  (ctx: AppContext, purchaseLimit: PurchaseLimit): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/create-bulk-order',
      {
        ...purchaseRoute(purchaseLimit),
        schema: {
          operationId: 'createBulkOrder',
          tags,
          summary: 'Buy many labels of one label type in one charge',
          description:
            'Each object of `data` has the fields of a single order and is checked like a CSV row; ' +
            'if any row is bad, nothing is charged and `errors` lists every problem with its row (from 1). ' +
            'Address check `warnings` come beside the bulk order; `?address_check=strict` refuses them (422).',
          querystring: apiAddressCheckQuery,
          body: apiCreateBulkOrderBody,
          headers: apiPurchaseHeaders,
          response: { 201: apiCreateBulkOrderResponse, ...purchaseErrors },
        },
      },
      async (request, reply) => sendBodyPurchase(ctx, request, reply, createApiBulkOrder),
    );

    // The spec's heading names this route GET; answer that mistake clearly instead of with a 404.
    app.get(
      '/create-bulk-order',
      { config: { permission: 'orders.buy' }, schema: { hide: true } },
      async (_request, reply) => {
        void reply.header('allow', 'POST');
        throw new AppError('METHOD_NOT_ALLOWED', 'Use POST for /order/create-bulk-order');
      },
    );

    app.get(
      '/read-bulk-order/:bulkorder_id',
      {
        config: { permission: 'orders.read' },
        schema: {
          operationId: 'readBulkOrder',
          tags,
          summary: 'A bulk order: status, counts and each row’s order (status, tracking)',
          params: apiBulkOrderParams,
          querystring: bulkOrderRowsQuery,
          response: { 200: apiReadBulkOrderResponse, ...errors },
        },
      },
      async (request) =>
        readApiBulkOrder(ctx, {
          userId: currentUser(request).user.id,
          id: request.params.bulkorder_id,
          query: request.query,
        }),
    );

    app.get(
      '/download-bulk-order/:bulkorder_id',
      {
        config: { permission: 'orders.read' },
        schema: {
          operationId: 'downloadBulkOrder',
          tags,
          summary:
            'The labels of a bulk order: a zip of PDFs, or ?format=pdf|letter (merged PDF), zpl (one stream), png (zip); &dpi=203|300; &with=slips puts each packing slip after its label (one PDF or ZPL)',
          params: apiBulkOrderParams,
          querystring: apiBulkDownloadQuery.extend(withSlipsQuery.shape),
          produces: ['application/zip', 'application/pdf', 'application/zpl'],
          // 503 with Retry-After when too many label downloads are being prepared (decision 160).
          response: { 409: apiErrorResponse, 503: apiErrorResponse, ...errors },
        },
      },
      async (request, reply) => {
        const q = { userId: currentUser(request).user.id, id: request.params.bulkorder_id };
        const { format, dpi, with: extra } = request.query;
        const withSlips = extra === 'slips';
        // Slips follow their labels in one file: with them, the default zip is the merged PDF.
        const file =
          format === 'zip' && !withSlips
            ? await downloadBulkZip(ctx, q)
            : await downloadBulkPdf(ctx, {
                ...q,
                asked: { format: format === 'zip' ? 'pdf' : format, dpi },
                withSlips,
              });
        return sendAttachment(reply, {
          fileName: file.fileName,
          contentType: file.contentType,
          body: file.stream,
        });
      },
    );
  };
