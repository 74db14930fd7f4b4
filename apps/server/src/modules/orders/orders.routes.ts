import {
  createOrderBody,
  createOrderResponse,
  duplicateOrderBody,
  duplicateOrderResponse,
  labelFileQuery,
  withSlipsQuery,
  orderListQuery,
  orderListResponse,
  orderResponse,
  orderStatsResponse,
  priceBody,
  priceResponse,
  uuidParams,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { sendAttachment, sendDownload } from '../../lib/attachment.ts';
import { sendIdempotent } from '../idempotency/idempotency.service.ts';
import { quotePrice } from '../label-types/label-types.service.ts';
import { createOrders } from './create-orders.ts';
import { downloadLabel } from './download-label.ts';
import { duplicateOrder } from './duplicate-order.ts';
import { readOrder } from './read-order.ts';
import { readOrderStats } from './read-order-stats.ts';
import { readOrders } from './read-orders.ts';
import { downloadSelectedBody, downloadSelectedLabels } from './selected-labels.service.ts';

const tags = ['orders'];
const orderParams = uuidParams({ id: 'Order not found' });

/** Single orders (spec section 7, Orders): price, create, history, download, duplicate. */
export const orderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));

    app.post(
      '/price',
      {
        config: { permission: 'orders.read' },
        schema: { tags, body: priceBody, response: { 200: priceResponse } },
      },
      async (request) => quotePrice(ctx, currentUser(request).user.id, request.body),
    );

    app.post(
      '/create',
      {
        config: { permission: 'orders.buy' },
        schema: { tags, body: createOrderBody, response: { 201: createOrderResponse } },
      },
      async (request, reply) => {
        const userId = currentUser(request).user.id;
        return sendIdempotent(
          ctx,
          request,
          reply,
          { userId, input: request.body, status: 201 },
          (inTransaction) => createOrders(ctx, { userId, input: request.body, inTransaction }),
        );
      },
    );

    app.get(
      '/read',
      {
        config: { permission: 'orders.read' },
        schema: { tags, querystring: orderListQuery, response: { 200: orderListResponse } },
      },
      async (request) => readOrders(ctx, { userId: currentUser(request).user.id, query: request.query }),
    );

    app.get(
      '/read/:id',
      {
        config: { permission: 'orders.read' },
        schema: { tags, params: orderParams, response: { 200: orderResponse } },
      },
      async (request) => readOrder(ctx, { userId: currentUser(request).user.id, id: request.params.id }),
    );

    app.get(
      '/stats',
      { config: { permission: 'orders.read' }, schema: { tags, response: { 200: orderStatsResponse } } },
      async (request) => readOrderStats(ctx, { userId: currentUser(request).user.id }),
    );

    app.get(
      '/download/:id',
      {
        config: { permission: 'orders.read' },
        schema: { tags, params: orderParams, querystring: labelFileQuery.extend(withSlipsQuery.shape) },
      },
      async (request, reply) => {
        const { with: extra, ...asked } = request.query;
        const download = await downloadLabel(ctx, {
          userId: currentUser(request).user.id,
          id: request.params.id,
          asked,
          withSlip: extra === 'slips',
        });
        return sendDownload(reply, download);
      },
    );

    app.post(
      '/download-selected',
      {
        config: { permission: 'orders.read' },
        schema: {
          tags,
          body: downloadSelectedBody,
          querystring: labelFileQuery.extend(withSlipsQuery.shape),
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).user.id;
        const { with: extra, ...asked } = request.query;
        const { fileName, contentType, stream } = await downloadSelectedLabels(ctx, {
          userId,
          body: request.body,
          asked,
          withSlips: extra === 'slips',
        });
        return sendAttachment(reply, { fileName, contentType, body: stream });
      },
    );

    app.post(
      '/duplicate/:id',
      {
        config: { permission: 'orders.buy' },
        schema: {
          tags,
          params: orderParams,
          body: duplicateOrderBody,
          response: { 201: duplicateOrderResponse },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).user.id;
        const expectedPrice = request.body?.expectedPrice;
        const isAccepted = request.body?.acceptAddressWarnings === true;
        const input = {
          ...(expectedPrice === undefined ? {} : { expectedPrice }),
          ...(isAccepted ? { acceptAddressWarnings: true } : {}),
        };
        return sendIdempotent(
          ctx,
          request,
          reply,
          // An empty body hashes as before, so a key's retries without a body still match.
          { userId, input: Object.keys(input).length === 0 ? null : input, status: 201 },
          (inTransaction) =>
            duplicateOrder(ctx, {
              userId,
              id: request.params.id,
              expectedPrice,
              isAccepted,
              inTransaction,
            }),
        );
      },
    );
  };
