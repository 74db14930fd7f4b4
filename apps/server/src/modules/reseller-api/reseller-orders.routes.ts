import {
  apiAddressCheckQuery,
  apiCreateOrderBody,
  apiErrorResponse,
  apiPurchaseHeaders,
  apiOrderParams,
  apiQuoteResponse,
  apiReadOrderResponse,
  labelFileQuery,
  createOrderResponse,
  apiOrderListQuery,
  orderListResponse,
  apiRefundOrderResponse,
  refundRequestBody,
  packingSlipQuery,
  returnLabelResponse,
  withSlipsQuery,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import { sendDownload } from '../../lib/attachment.ts';
import {
  createReturnLabel,
  downloadLabel,
  downloadPackingSlip,
  readOrders,
} from '../orders/orders.service.ts';
import {
  apiErrors as errors,
  purchaseErrors,
  purchaseRoute,
  sendBodyPurchase,
  sendPurchase,
  type PurchaseLimit,
} from './api-route-shapes.ts';
import { toApiOrderView } from './api-views.ts';
import {
  createApiOrder,
  quoteApiOrder,
  readApiOrder,
  readApiOrdersByReference,
  refundApiOrder,
} from './reseller-api.service.ts';

const tags = ['Orders'];

/** Single orders of the reseller API: thin adapters over the app's order services. */
export const resellerOrderRoutes =
  (ctx: AppContext, purchaseLimit: PurchaseLimit): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/create-order',
      {
        ...purchaseRoute(purchaseLimit),
        schema: {
          operationId: 'createOrder',
          tags,
          summary: 'Buy one label (or `quantity` labels of one shipment)',
          description:
            'JSON or application/x-www-form-urlencoded. `labelType` is a label type `_id` or its `uid`. ' +
            "Send an `Idempotency-Key` header to retry safely. The answer lists the address check's " +
            '`warnings` beside the order; with `?address_check=strict` any warning refuses it (422, `errors`).',
          consumes: ['application/json', 'application/x-www-form-urlencoded'],
          querystring: apiAddressCheckQuery,
          body: apiCreateOrderBody,
          headers: apiPurchaseHeaders,
          response: { 201: createOrderResponse, ...purchaseErrors },
        },
      },
      async (request, reply) => sendBodyPurchase(ctx, request, reply, createApiOrder),
    );

    app.post(
      '/quote',
      {
        config: { permission: 'orders.read' },
        schema: {
          operationId: 'quoteOrder',
          tags,
          summary: 'The price of an order, without buying it',
          description:
            'The same fields as `create-order`; answers what it would charge (all its `quantity`, in ' +
            'dollars) and its label type. Nothing is bought or charged.',
          consumes: ['application/json', 'application/x-www-form-urlencoded'],
          body: apiCreateOrderBody,
          response: { 200: apiQuoteResponse, ...errors },
        },
      },
      async (request) => quoteApiOrder(ctx, { userId: currentUser(request).user.id, body: request.body }),
    );

    app.get(
      '/read-orders',
      {
        config: { permission: 'orders.read' },
        schema: {
          operationId: 'readOrders',
          tags,
          summary: 'One page of your orders, newest first; with `reference`, the orders created with it',
          querystring: apiOrderListQuery,
          response: { 200: orderListResponse, ...errors },
        },
      },
      async (request) => {
        const userId = currentUser(request).user.id;
        const { reference, ...query } = request.query;
        if (reference) return readApiOrdersByReference(ctx, { userId, reference });
        const page = await readOrders(ctx, { userId, query });
        return { ...page, orders: page.orders.map(toApiOrderView) };
      },
    );

    app.get(
      '/read-order/:order_id',
      {
        config: { permission: 'orders.read' },
        schema: {
          operationId: 'readOrder',
          tags,
          summary: 'One order: status, tracking, price and creation time',
          params: apiOrderParams,
          response: { 200: apiReadOrderResponse, ...errors },
        },
      },
      async (request) =>
        readApiOrder(ctx, { userId: currentUser(request).user.id, id: request.params.order_id }),
    );

    app.post(
      '/refund-order/:order_id',
      {
        config: { permission: 'orders.buy' },
        schema: {
          operationId: 'refundOrder',
          tags,
          summary:
            'Ask for the refund of a completed order (its label is voided first); the order’s refundStatus then says requested, submitted, refunded or rejected (with refundNote)',
          params: apiOrderParams,
          body: refundRequestBody,
          response: { 200: apiRefundOrderResponse, 409: apiErrorResponse, ...errors },
        },
      },
      async (request) =>
        refundApiOrder(ctx, {
          userId: currentUser(request).user.id,
          id: request.params.order_id,
          reason: request.body.reason,
        }),
    );

    app.get(
      '/download/:order_id',
      {
        config: { permission: 'orders.read' },
        schema: {
          operationId: 'downloadLabel',
          tags,
          summary:
            'The label of a completed order: ?format=pdf|letter|zpl|png (&dpi=203|300); by default the order’s label_format, else the account’s. 410 once the label file was removed after the portal’s retention period (the order stays); a PDF may answer 302 to a short-lived address of the file',
          params: apiOrderParams,
          querystring: labelFileQuery.extend(withSlipsQuery.shape),
          produces: ['application/pdf', 'application/zpl', 'image/png'],
          response: { 409: apiErrorResponse, 410: apiErrorResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { with: extra, ...asked } = request.query;
        const download = await downloadLabel(ctx, {
          userId: currentUser(request).user.id,
          id: request.params.order_id,
          asked,
          withSlip: extra === 'slips',
        });
        return sendDownload(reply, download);
      },
    );

    app.get(
      '/packing-slip/:order_id',
      {
        config: { permission: 'orders.read' },
        schema: {
          operationId: 'downloadPackingSlip',
          tags,
          summary:
            'The order’s packing slip (its items, who it ships to and from): ?format=pdf (4x6, default)|letter|zpl (&dpi=203|300)',
          params: apiOrderParams,
          querystring: packingSlipQuery,
          produces: ['application/pdf', 'application/zpl'],
          response: errors,
        },
      },
      async (request, reply) => {
        const file = await downloadPackingSlip(ctx, {
          userId: currentUser(request).user.id,
          id: request.params.order_id,
          format: request.query.format,
          dpi: request.query.dpi,
        });
        return sendDownload(reply, file);
      },
    );

    app.post(
      '/return/:order_id',
      {
        ...purchaseRoute(purchaseLimit),
        schema: {
          operationId: 'createReturnLabel',
          tags,
          summary:
            'Buy the return label of a completed order: a new order with the addresses swapped and `returnOf` set, priced and charged as any order',
          description:
            'The label type is the order’s, or the one staff chose for its returns. One return per order (409 after that). ' +
            'Send an `Idempotency-Key` header to retry safely.',
          params: apiOrderParams,
          headers: apiPurchaseHeaders,
          response: { 201: returnLabelResponse, ...purchaseErrors },
        },
      },
      async (request, reply) =>
        sendPurchase(
          ctx,
          request,
          reply,
          { returnOf: request.params.order_id },
          async (userId, inTransaction) => {
            const created = await createReturnLabel(ctx, {
              userId,
              id: request.params.order_id,
              source: 'api',
              inTransaction:
                inTransaction &&
                ((tx, result) => inTransaction(tx, { ...result, order: toApiOrderView(result.order) })),
            });
            return { ...created, order: toApiOrderView(created.order) };
          },
        ),
    );
  };
