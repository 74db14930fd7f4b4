import { adminOrderResponse, adminOrdersQuery, adminOrdersResponse, uuidParams } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { getOrderForStaff, listOrdersForStaff } from './admin-orders.service.ts';

const tags = ['admin'];
const orderParams = uuidParams({ id: 'Order not found' });

/** `/api/v1/admin/orders`: every reseller's orders, and one order with its tracking. */
export const adminOrderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      { schema: { tags, querystring: adminOrdersQuery, response: { 200: adminOrdersResponse } } },
      async (request) => listOrdersForStaff(ctx, request.query),
    );
    app.get(
      '/:id',
      { schema: { tags, params: orderParams, response: { 200: adminOrderResponse } } },
      async (request) => ({ order: await getOrderForStaff(ctx, request.params.id) }),
    );
  };
