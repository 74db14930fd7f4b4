import {
  courierListQuery,
  courierListResponse,
  createCourierOrderBody,
  messageResponse,
  updateCourierStatusBody,
  uuidParams,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { sendFile } from '../../lib/attachment.ts';
import {
  answerCourierQuote,
  createCourierOrder,
  downloadCourierFile,
  readCourierOrders,
} from './courier.service.ts';

const tags = ['courier'];
const courierOrderParams = uuidParams({ id: 'Courier order not found' });

/** `/api/v1/fed`: the reseller's Overnight FedEx courier orders (spec section 7). */
export const courierRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireUser(ctx));

    app.post(
      '/create-order',
      {
        config: { permission: 'orders.buy' },
        schema: { tags, body: createCourierOrderBody, response: { 201: messageResponse } },
      },
      async (request, reply) => {
        await createCourierOrder(ctx, currentUser(request).user.id, request.body);
        return reply.status(201).send({ message: 'Courier order created successfully' });
      },
    );

    app.get(
      '/read',
      {
        config: { permission: 'orders.read' },
        schema: { tags, querystring: courierListQuery, response: { 200: courierListResponse } },
      },
      async (request) => readCourierOrders(ctx, currentUser(request).user.id, request.query),
    );

    app.patch(
      '/update/:id',
      {
        config: { permission: 'orders.buy' },
        schema: {
          tags,
          params: courierOrderParams,
          body: updateCourierStatusBody,
          response: { 200: messageResponse },
        },
      },
      async (request) => ({
        message: await answerCourierQuote(
          ctx,
          currentUser(request).user.id,
          request.params.id,
          request.body.status,
        ),
      }),
    );

    app.get(
      '/download/:id',
      { config: { permission: 'orders.read' }, schema: { tags, params: courierOrderParams } },
      async (request, reply) => {
        const file = await downloadCourierFile(ctx, currentUser(request).user.id, request.params.id);
        return sendFile(reply, file);
      },
    );
  };
